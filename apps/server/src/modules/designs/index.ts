import './messages.ts';

export { designRoutes, merchantOf } from './designs.routes.ts';
export { renderFinished, type RenderJobData } from './design.jobs.ts';
export { renderMockup, renderPrintFile, surfaceSvg, type AssetMap } from './render.ts';
