import './messages.ts';

export { checkoutRoutes } from './checkout.routes.ts';
