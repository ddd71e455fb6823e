export * from './envelope.ts';
export * from './i18n.ts';
export * from './limits.ts';
export * from './platform/health.ts';
export * from './site/schemas.ts';
export * from './jobs/schemas.ts';
export * from './auth/fields.ts';
export * from './auth/schemas.ts';
