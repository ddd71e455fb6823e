import { z } from 'zod';
import { crudOperations, defineOperation } from '../contract.ts';
import { idParamsSchema, listReplySchema } from '../crud-schemas.ts';
import { PERMISSIONS } from '../permissions.ts';
import {
  addressCreateSchema,
  addressListQuerySchema,
  addressSchema,
  addressUpdateSchema,
} from './address.ts';
import {
  cartAddSchema,
  cartDeleteQuerySchema,
  cartLineSchema,
  cartListReplySchema,
  cartUpdateSchema,
} from './cart.ts';
import {
  settlementPreviewReplySchema,
  settlementPreviewSchema,
  settlementSubmitReplySchema,
  settlementSubmitSchema,
} from './checkout.ts';
import {
  orderListQuerySchema,
  orderNoParamsSchema,
  orderPayReplySchema,
  orderPaySchema,
  orderPayStatusQuerySchema,
  orderPayStatusSchema,
  orderSchema,
} from './order.ts';
import {
  orderAddressChangeSchema,
  orderCentreDetailSchema,
  orderLineParamsSchema,
  orderLinkSchema,
  orderLogisticsSchema,
  orderRemarkSchema,
  orderRestoreReplySchema,
  orderRestoreSchema,
  orderShippingOptionsSchema,
  orderSplitReplySchema,
  orderSplitSchema,
  orderStatusCountsSchema,
  skuMappingCreateSchema,
  skuMappingSchema,
  skuMappingUpdateSchema,
} from './centre.ts';
import { orderFilterSchema } from './order.ts';

const CART = { audience: 'admin', tag: 'cart' } as const;
const CHECKOUT = { audience: 'admin', tag: 'checkout' } as const;
const ORDERS = { audience: 'admin', tag: 'orders' } as const;
const CART_PATH = '/api/v1/admin/cart';
const ADDRESS_PATH = '/api/v1/admin/address';
const ORDER_PATH = '/api/v1/admin/order';

/** The cart (spec §2 /admin/publish/shopCart): list, add up to 50 at once, edit, delete selected. */
export const cartOperations = {
  cartList: defineOperation({
    ...CART,
    id: 'cartList',
    method: 'GET',
    path: CART_PATH,
    permission: PERMISSIONS.cart.list,
    summary: 'The merchant’s cart with the price when added and today’s price of each line',
    response: cartListReplySchema,
  }),
  cartAdd: defineOperation({
    ...CART,
    id: 'cartAdd',
    method: 'POST',
    path: CART_PATH,
    permission: PERMISSIONS.cart.add,
    summary: 'Adds finished products (colour and size of an in-stock SKU; at most 50 at once)',
    body: cartAddSchema,
    response: z.object({ list: z.array(cartLineSchema) }),
  }),
  cartUpdate: defineOperation({
    ...CART,
    id: 'cartUpdate',
    method: 'PATCH',
    path: `${CART_PATH}/:id`,
    permission: PERMISSIONS.cart.edit,
    summary: 'Changes a line’s quantity, colour or size (priced again)',
    params: idParamsSchema,
    body: cartUpdateSchema,
    response: cartLineSchema,
  }),
  cartDelete: defineOperation({
    ...CART,
    id: 'cartDelete',
    method: 'DELETE',
    path: CART_PATH,
    permission: PERMISSIONS.cart.del,
    summary: 'Deletes the selected lines (?ids=a,b)',
    query: cartDeleteQuerySchema,
    response: z.object({ count: z.number().int() }),
  }),
} as const;

/** Consignee addresses and settlement (spec §2 /admin/settlement, §3 Address, Cart and settlement line). */
export const checkoutOperations = {
  addressList: defineOperation({
    ...CHECKOUT,
    id: 'addressList',
    method: 'GET',
    path: ADDRESS_PATH,
    permission: PERMISSIONS.address.list,
    summary: 'The merchant’s consignee addresses, the default first',
    query: addressListQuerySchema,
    response: listReplySchema(addressSchema),
  }),
  addressCreate: defineOperation({
    ...CHECKOUT,
    id: 'addressCreate',
    method: 'POST',
    path: ADDRESS_PATH,
    permission: PERMISSIONS.address.add,
    summary: 'Adds a consignee address (checked as a real address of its country)',
    body: addressCreateSchema,
    response: addressSchema,
  }),
  addressUpdate: defineOperation({
    ...CHECKOUT,
    id: 'addressUpdate',
    method: 'PATCH',
    path: `${ADDRESS_PATH}/:id`,
    permission: PERMISSIONS.address.edit,
    summary: 'Changes a consignee address (or makes it the default)',
    params: idParamsSchema,
    body: addressUpdateSchema,
    response: addressSchema,
  }),
  addressDelete: defineOperation({
    ...CHECKOUT,
    id: 'addressDelete',
    method: 'DELETE',
    path: `${ADDRESS_PATH}/:id`,
    permission: PERMISSIONS.address.del,
    summary: 'Deletes a consignee address (orders keep their own copy)',
    params: idParamsSchema,
    response: z.null(),
  }),
  settlementPreview: defineOperation({
    ...CHECKOUT,
    id: 'settlementPreview',
    method: 'POST',
    path: '/api/v1/admin/settlement/preview',
    permission: PERMISSIONS.cart.settle,
    summary: 'Prices the selected cart lines now and lists logistics per consignee address',
    body: settlementPreviewSchema,
    response: settlementPreviewReplySchema,
  }),
  settlementSubmit: defineOperation({
    ...CHECKOUT,
    id: 'settlementSubmit',
    method: 'POST',
    path: '/api/v1/admin/settlement/submit',
    permission: PERMISSIONS.cart.settle,
    summary:
      'Creates one order per consignee address from the selected lines (prices and logistics re-checked), then pays from the balance when asked',
    body: settlementSubmitSchema,
    response: settlementSubmitReplySchema,
  }),
} as const;

/** Orders as checkout creates them (spec §2 /admin/order/list, /admin/order/detail): read, pay, cancel. */
export const orderOperations = {
  orderList: defineOperation({
    ...ORDERS,
    id: 'orderList',
    method: 'GET',
    path: ORDER_PATH,
    permission: PERMISSIONS.order.list,
    summary: 'The merchant’s orders, newest first, with status, number, country and date filters',
    query: orderListQuerySchema,
    response: listReplySchema(orderSchema),
  }),
  orderPayStatus: defineOperation({
    ...ORDERS,
    id: 'orderPayStatus',
    method: 'GET',
    path: `${ORDER_PATH}/payStatus`,
    permission: PERMISSIONS.order.list,
    summary: 'Whether orders are paid, with their amounts and the balances (payment result pages)',
    query: orderPayStatusQuerySchema,
    response: orderPayStatusSchema,
  }),
  orderDetail: defineOperation({
    ...ORDERS,
    id: 'orderDetail',
    method: 'GET',
    path: `${ORDER_PATH}/:order_no`,
    permission: PERMISSIONS.order.list,
    summary:
      'One order with its lines, address, customs, logistics, ledger entries, timeline and allowed actions',
    params: orderNoParamsSchema,
    response: orderCentreDetailSchema,
  }),
  orderPay: defineOperation({
    ...ORDERS,
    id: 'orderPay',
    method: 'POST',
    path: `${ORDER_PATH}/pay`,
    permission: PERMISSIONS.order.pay,
    summary:
      'Pays unpaid orders from the balance (charged once per order, whatever the retries), or starts an Alipay payment',
    body: orderPaySchema,
    response: orderPayReplySchema,
  }),
  orderCancel: defineOperation({
    ...ORDERS,
    id: 'orderCancel',
    method: 'POST',
    path: `${ORDER_PATH}/:order_no/cancel`,
    permission: PERMISSIONS.order.cancel,
    summary: 'Cancels an unpaid order',
    params: orderNoParamsSchema,
    body: z.object({}).strict().optional(),
    response: orderSchema,
  }),
  orderStatusCounts: defineOperation({
    ...ORDERS,
    id: 'orderStatusCounts',
    method: 'GET',
    path: `${ORDER_PATH}/statusCounts`,
    permission: PERMISSIONS.order.list,
    summary: 'How many orders of each status match the list’s filters (the status tabs)',
    query: orderFilterSchema,
    response: orderStatusCountsSchema,
  }),
  orderRestore: defineOperation({
    ...ORDERS,
    id: 'orderRestore',
    method: 'POST',
    path: `${ORDER_PATH}/restore`,
    permission: PERMISSIONS.order.edit,
    summary: 'Restores cancelled or timed-out orders to unpaid, with prices and logistics re-checked',
    body: orderRestoreSchema,
    response: orderRestoreReplySchema,
  }),
  orderCopy: defineOperation({
    ...ORDERS,
    id: 'orderCopy',
    method: 'POST',
    path: `${ORDER_PATH}/:order_no/copy`,
    permission: PERMISSIONS.order.add,
    summary: 'A new unpaid order with the lines, address and logistics of this one (prices re-checked)',
    params: orderNoParamsSchema,
    body: z.object({}).strict().optional(),
    response: orderSchema,
  }),
  orderSplit: defineOperation({
    ...ORDERS,
    id: 'orderSplit',
    method: 'POST',
    path: `${ORDER_PATH}/:order_no/split`,
    permission: PERMISSIONS.order.edit,
    summary: 'Moves lines (or part of their quantity) to a new unpaid order; both are re-quoted',
    params: orderNoParamsSchema,
    body: orderSplitSchema,
    response: orderSplitReplySchema,
  }),
  orderShippingOptions: defineOperation({
    ...ORDERS,
    id: 'orderShippingOptions',
    method: 'GET',
    path: `${ORDER_PATH}/:order_no/shippingOptions`,
    permission: PERMISSIONS.order.list,
    summary: 'The logistics methods that serve the order’s parcel now, priced in its currency',
    params: orderNoParamsSchema,
    response: orderShippingOptionsSchema,
  }),
  orderModifyLogistics: defineOperation({
    ...ORDERS,
    id: 'orderModifyLogistics',
    method: 'POST',
    path: `${ORDER_PATH}/:order_no/logistics`,
    permission: PERMISSIONS.order.edit,
    summary: 'Changes the logistics method; a paid order is charged or refunded the difference once',
    params: orderNoParamsSchema,
    body: orderLogisticsSchema,
    response: orderSchema,
  }),
  orderModifyAddress: defineOperation({
    ...ORDERS,
    id: 'orderModifyAddress',
    method: 'POST',
    path: `${ORDER_PATH}/:order_no/address`,
    permission: PERMISSIONS.order.edit,
    summary: 'Changes the consignee address (address rules and logistics checked for the new country)',
    params: orderNoParamsSchema,
    body: orderAddressChangeSchema,
    response: orderSchema,
  }),
  orderRemark: defineOperation({
    ...ORDERS,
    id: 'orderRemark',
    method: 'POST',
    path: `${ORDER_PATH}/:order_no/remark`,
    permission: PERMISSIONS.order.edit,
    summary: 'Sets the order’s remark',
    params: orderNoParamsSchema,
    body: orderRemarkSchema,
    response: orderSchema,
  }),
  orderLinkLine: defineOperation({
    ...ORDERS,
    id: 'orderLinkLine',
    method: 'POST',
    path: `${ORDER_PATH}/:order_no/lines/:line_id/link`,
    permission: PERMISSIONS.order.edit,
    summary: 'Links a marketplace line to a finished product in a colour and size (remembered per shop SKU)',
    params: orderLineParamsSchema,
    body: orderLinkSchema,
    response: orderSchema,
  }),
} as const;

/** SKU mappings: a shop's external SKU → finished product, colour, size (decision 0040). */
export const skuMappingOperations = {
  skuMapping: crudOperations({
    resource: 'skuMapping',
    prefix: '/api/v1/admin/skuMapping',
    tag: 'orders',
    item: skuMappingSchema,
    create: skuMappingCreateSchema,
    update: skuMappingUpdateSchema,
    filters: { shop_id: z.uuid() },
  }),
} as const;
