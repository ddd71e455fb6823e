import './messages.ts';

export { createFactory } from './factory.service.ts';
export { logisticsRoutes } from './logistics.routes.ts';
export { chinaAreaOptions, countryOptions } from './area.service.ts';
