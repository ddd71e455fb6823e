import './messages.ts';

export { fulfilmentModule } from './module.ts';
export { fulfilmentRoutes } from './fulfilment.routes.ts';
