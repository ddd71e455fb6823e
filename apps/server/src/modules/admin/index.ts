import './messages.ts';

export { installAdminLog, summarise } from './admin-log.ts';
export { adminToolRoutes } from './admin-tools.routes.ts';
export { dashboardRoutes } from './dashboard.routes.ts';
