import './messages.ts';

export { publishingModule } from './module.ts';
