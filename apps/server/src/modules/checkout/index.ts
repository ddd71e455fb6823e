import './messages.ts';

export { checkoutRoutes } from './checkout.routes.ts';
export { checkoutModule } from './module.ts';
