export { siteRoutes } from './site.routes.ts';
export { siteInfoForHost } from './site.service.ts';
