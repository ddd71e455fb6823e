import './messages.ts';

export { shopsModule } from './module.ts';
export { shopsRoutes } from './shops.routes.ts';
export { SHOP_EVENTS, type ShopEvent, type ShopEventHandler } from './events.ts';
export { gatewayOf, vendorError, type MarketplaceGateway } from './marketplace-gateway.ts';
export { findShop, SHOP_OWNER, shopCounts, toShopItem } from './shop.resource.ts';
export { riskWordsOf } from './risk-word.resource.ts';
export { queueDueRefreshes, refreshShopToken, REFRESH_JOB } from './token-refresh.service.ts';
export { processWebhookEvent, WEBHOOK_JOB } from './webhook.service.ts';
export { AuthStateSigner, completeAuthorisation, startAuthorisation } from './shop-auth.service.ts';
/** What order sync reads of shops (issue 20). */
export {
  claimedVendorShop,
  shopById,
  shopsOf,
  syncableShops,
  webhookActivity,
  type ShopRow,
  type WebhookActivity,
} from './sync-support.ts';
