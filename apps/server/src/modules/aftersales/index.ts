import './messages.ts';

export { aftersalesModule } from './module.ts';
export { aftersalesRoutes } from './aftersales.routes.ts';
export { boundsOf, applicationAmount, kindFor, type AlipayRefunds } from './aftersales.service.ts';
export { onMarketplaceEvent, eventKind } from './marketplace-events.ts';
