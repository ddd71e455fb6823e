import './messages.ts';

export { createFactory, factoriesByIds } from './factory.service.ts';
export { logisticsRoutes } from './logistics.routes.ts';
export { chinaAreaOptions, countryOptions, isCountryCode } from './area.service.ts';
export {
  chosenShippingGuard,
  confirmShippingOption,
  createShippingMethod,
  createShippingRate,
  logisticsError,
  shipFromFactory,
  shipFromFactoryNamed,
  shippingOptions,
  shippingQuote,
  type ShippingQuery,
} from './shipping.service.ts';
export {
  enabledMethods as enabledShippingMethods,
  methodsByIds as shippingMethodsByIds,
  type ChosenParcelSql,
} from './shipping.repo.ts';
export { carriersOf } from './carriers.ts';
export { logisticsModule } from './module.ts';
