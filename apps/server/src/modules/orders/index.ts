import './messages.ts';

export { orderRoutes } from './orders.routes.ts';
export {
  findOrder,
  insertOrders,
  newOrderNo,
  orderScope,
  toOrder,
  actorOf,
  profitRate,
  expireOverdueOrders,
  findPayableOrders,
  PAID_STATUSES,
  payableOrders,
  totalsByCurrency,
  unpayable,
} from './order.service.ts';
export {
  confirmOrderShipping,
  optionsIn,
  orderParcel,
  toStoredShipping,
  type PricedShipping,
} from './shipping.ts';
export {
  findByIds as findOrdersByIds,
  listPageSql as orderListSql,
  payableOrder,
  linesOf as orderLinesOf,
  setReviewLines,
} from './order.repo.ts';
export type { NewAnyOrderLine, NewOrder, NewOrderLine, OrderRow } from './order.repo.ts';
/** The order timeline: other modules write their entries in their own transaction. */
export { recordOrderEvent, type OrderEventActor } from './order-events.ts';
/** The one order state machine (decision 0039): fulfilment and after-sales move orders through it. */
export {
  actionsIn,
  assertAction,
  ORDER_TRANSITIONS,
  transitionAllowed,
  transitionOrder,
  type OrderTransition,
} from './order-actions.ts';
/** SKU mapping for order intake (issue 20). */
export { linkLinesByMapping } from './centre.service.ts';
/** Published SKUs become the shop's SKU mappings (issue 23, decision 0067). */
export { rememberPublishedSkus, type PublishedSku } from './published-skus.ts';
/** Fulfilment (issue 21): the factories' queue and the production transitions. */
export {
  assignTracking,
  LABELLABLE_STATUSES,
  merchantOrdersByIds,
  merchantOrdersByNos,
  productionLines,
  productionOrders,
  productionQueue,
  shipOrder,
  startProduction,
  type ProductionFilter,
} from './production.ts';
/** Unpaid orders with customised lines, for the personalisation sweep (issue 20). */
export { customisedOrdersPending, type CustomisedOrder } from './customised.ts';
/** Shipped marketplace orders for the tracking pushes (issue 21). */
export { SHIPPED_STATUSES, shippedCarrier, shippedOrdersForPush, type ShippedOrder } from './shipped.ts';
/** Order intake (issue 20, decision 0051): the one idempotent upsert of import and sync. */
export {
  INTAKE_ORDER_CURRENCY,
  storedAddress,
  upsertMarketplaceOrder,
  upsertMarketplaceOrders,
  type IntakeChannel,
  type MarketplaceOrderInput,
  type MarketplaceOrderLineInput,
  type UpsertOutcome,
  type UpsertResult,
} from './marketplace-upsert.ts';
/** Sync health's count of orders merged from import and sync (issue 20). */
export { mergedOrderCounts } from './intake-stats.ts';
export { ordersModule } from './module.ts';
export * as orderRefunds from './refund.ts';
