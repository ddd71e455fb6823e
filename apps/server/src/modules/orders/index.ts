import './messages.ts';

export { orderRoutes } from './orders.routes.ts';
export {
  insertOrders,
  newOrderNo,
  orderScope,
  toOrder,
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
export { findByIds as findOrdersByIds, payableOrder } from './order.repo.ts';
export type { NewOrder, NewOrderLine, OrderRow } from './order.repo.ts';
export { ordersModule } from './module.ts';
export * as orderRefunds from './refund.ts';
