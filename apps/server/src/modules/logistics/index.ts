import './messages.ts';

export { createFactory, factoriesByIds } from './factory.service.ts';
export { logisticsRoutes } from './logistics.routes.ts';
export { chinaAreaOptions, countryOptions } from './area.service.ts';
