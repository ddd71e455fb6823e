import './messages.ts';

export { designRoutes, merchantOf } from './designs.routes.ts';
export { loadAssets, renderDocuments, renderFinished, type RenderJobData } from './design.jobs.ts';
export {
  finishedForPersonalisation,
  isPersonalisable,
  slotCandidates,
  validateSlots,
  type FinishedForPersonalisation,
} from './finished-slots.ts';
export { checkDesign, parseDocuments, specsOf } from './design-check.ts';
export { saveFinishedProduct, type FinishedSave } from './finished-save.service.ts';
export { configureRenderer, renderMockup, renderPrintFile, surfaceSvg, type AssetMap } from './render.ts';
export {
  countFinishedOrders,
  finishedForOrder,
  rendersForPrint,
  type FinishedForOrder,
  type PrintRender,
} from './finished-lookup.ts';
export { designsModule } from './module.ts';
export {
  finishedForPublishing,
  printPreflight,
  readMockup,
  recordPublication,
  type FinishedForPublishing,
  type PrintFinding,
} from './finished-publishing.ts';
