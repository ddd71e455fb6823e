export * from './tenancy.ts';
export * from './logistics.ts';
export * from './access.ts';
export * from './member.ts';
export * from './platform.ts';
export * from './auth.ts';
export * from './admin.ts';
export * from './site.ts';
