import './messages.ts';

export { trackingModule } from './module.ts';
export { trackingRoutes } from './tracking.routes.ts';
export { pushOne, sweep, pushKeyOf, MAX_PUSH_ATTEMPTS, type PushJobData } from './push.service.ts';
export { providerFor } from './settings.service.ts';
