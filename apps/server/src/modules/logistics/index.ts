export { createFactory } from './factory.service.ts';
