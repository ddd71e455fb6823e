export * from './common.ts';
export * from './reference.ts';
export * from './spu.ts';
export * from './surface.ts';
export * from './product.ts';
