/**
 * The design document model and its renderer, shared by the web editor and the server
 * (ARCHITECTURE "packages/design", issue 8). Pure TypeScript: no DOM, no Node APIs.
 */
export * from './limits.ts';
export * from './schema.ts';
export * from './migrations.ts';
export * from './geometry.ts';
export * from './layers.ts';
export * from './surface-spec.ts';
export * from './dpi.ts';
export * from './crop.ts';
export * from './validate.ts';
export * from './batch.ts';
export * from './text-layout.ts';
export * from './render-svg.ts';
export { escapeXml } from './xml.ts';
