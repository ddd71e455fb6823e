import './messages.ts';

export { orderRoutes } from './orders.routes.ts';
export {
  insertOrders,
  newOrderNo,
  orderScope,
  payFromBalance,
  toOrder,
  expireOverdueOrders,
} from './order.service.ts';
export { optionsIn, toStoredShipping, type PricedShipping } from './shipping.ts';
export { findByIds as findOrdersByIds } from './order.repo.ts';
export type { NewOrder, NewOrderLine, OrderRow } from './order.repo.ts';
