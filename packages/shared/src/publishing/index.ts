export * from './status.ts';
export * from './rules.ts';
export * from './listing.ts';
export * from './messages.ts';
export * from './schemas.ts';
