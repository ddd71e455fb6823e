import './messages.ts';

export { materialRoutes } from './material.routes.ts';
export { storeMaterial, type MaterialFiling } from './material-store.ts';
export { usableMaterials, visibleTo, type Viewer } from './material.service.ts';
export { materialsModule } from './module.ts';
