export * from './schemas.ts';
export * from './operations.ts';
