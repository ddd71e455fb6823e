/**
 * Every table, gathered from the modules (and the platform mechanisms) that own them: for
 * drizzle-kit (drizzle.config.ts), the database client's typing and the migrations, and for test
 * code, benches and the seed. Production code in modules/ and platform/ imports its own
 * `schema.ts` and reaches another module's rows through that module's index.ts
 * (.dependency-cruiser.cjs).
 */
export * from '../../modules/tenancy/schema.ts';
export * from '../../modules/logistics/schema.ts';
export * from '../../modules/access/schema.ts';
export * from '../../modules/member/schema.ts';
export * from '../../platform/jobs/schema.ts';
export * from '../../platform/auth/schema.ts';
export * from '../../modules/admin/schema.ts';
export * from '../../modules/site/schema.ts';
export * from '../../modules/wallet/schema.ts';
export * from '../../modules/materials/schema.ts';
export * from '../../modules/catalog/schema.ts';
export * from '../../modules/designs/schema.ts';
export * from '../../modules/cart/schema.ts';
export * from '../../modules/checkout/schema.ts';
export * from '../../modules/orders/schema.ts';
export * from '../../modules/exports/schema.ts';
export * from '../../modules/shops/schema.ts';
export * from '../../modules/publishing/schema.ts';
export * from '../../modules/aftersales/schema.ts';
export * from '../../modules/fulfilment/schema.ts';
export * from '../../modules/tracking/schema.ts';
export * from '../../modules/intake/schema.ts';
export * from '../../modules/sync/schema.ts';
export * from '../../modules/personalisation/schema.ts';
