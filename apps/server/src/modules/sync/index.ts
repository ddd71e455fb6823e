import './messages.ts';

export { syncModule } from './module.ts';
export { syncRoutes } from './sync.routes.ts';
export {
  applyOrders,
  fetchAnnounced,
  FETCH_JOB,
  onShopEvent,
  pollShop,
  POLL_JOB,
  queueAnnouncedFetches,
  queueDuePolls,
} from './sync.service.ts';
export { judge } from './health.service.ts';
