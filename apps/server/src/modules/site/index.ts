import './messages.ts';

export { siteRoutes } from './site.routes.ts';
export { siteInfoForHost, type SiteDefaults } from './site.service.ts';
export { configRoutes } from './config.routes.ts';
export { effectiveConfig } from './config.service.ts';
export { siteModule } from './module.ts';
