export * from './schemas.ts';
export * from './fee.ts';
