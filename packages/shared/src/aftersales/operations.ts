import { defineOperation } from '../contract.ts';
import { orderNoParamsSchema } from '../orders/order.ts';
import { idParamsSchema } from '../crud-schemas.ts';
import { PERMISSIONS } from '../permissions.ts';
import {
  aftersalesApproveSchema,
  aftersalesCloseSchema,
  aftersalesCreateSchema,
  aftersalesDetailSchema,
  aftersalesListQuerySchema,
  aftersalesListReply,
  aftersalesRejectSchema,
  aftersalesReviewQuerySchema,
  refundableSchema,
} from './schemas.ts';

const AFTERSALES = { audience: 'admin', tag: 'aftersales' } as const;

/**
 * After-sales and cancel requests: the merchant's side (list, progress, create, close) and the
 * supplier's review (list, approve with the actual refund, reject, close). Decision 0042.
 */
export const aftersalesOperations = {
  aftersalesList: defineOperation({
    ...AFTERSALES,
    id: 'aftersalesList',
    method: 'GET',
    path: '/api/v1/admin/afterSales',
    permission: PERMISSIONS.afterSales.list,
    summary: "The merchant's after-sales and cancel requests",
    query: aftersalesListQuerySchema,
    response: aftersalesListReply,
  }),
  aftersalesGet: defineOperation({
    ...AFTERSALES,
    id: 'aftersalesGet',
    method: 'GET',
    path: '/api/v1/admin/afterSales/:id',
    permission: PERMISSIONS.afterSales.list,
    summary: 'One request with its lines, evidence and progress',
    params: idParamsSchema,
    response: aftersalesDetailSchema,
  }),
  aftersalesRefundable: defineOperation({
    ...AFTERSALES,
    id: 'aftersalesRefundable',
    method: 'GET',
    path: '/api/v1/admin/afterSales/refundable/:order_no',
    permission: PERMISSIONS.afterSales.add,
    summary: 'What a request for this order may ask for: its kind and each refund type’s bound',
    params: orderNoParamsSchema,
    response: refundableSchema,
  }),
  aftersalesCreate: defineOperation({
    ...AFTERSALES,
    id: 'aftersalesCreate',
    method: 'POST',
    path: '/api/v1/admin/afterSales',
    permission: PERMISSIONS.afterSales.add,
    summary: 'Open a cancel or after-sales request',
    body: aftersalesCreateSchema,
    response: aftersalesDetailSchema,
  }),
  aftersalesClose: defineOperation({
    ...AFTERSALES,
    id: 'aftersalesClose',
    method: 'POST',
    path: '/api/v1/admin/afterSales/:id/close',
    permission: PERMISSIONS.afterSales.close,
    summary: 'Withdraw (close) a request; needs confirmation',
    params: idParamsSchema,
    body: aftersalesCloseSchema,
    response: aftersalesDetailSchema,
  }),
  aftersalesReviewList: defineOperation({
    ...AFTERSALES,
    id: 'aftersalesReviewList',
    method: 'GET',
    path: '/api/v1/admin/afterSalesReview',
    permission: PERMISSIONS.afterSalesReview.list,
    summary: "The tenant's requests (the review queue: status=pending_review)",
    query: aftersalesReviewQuerySchema,
    response: aftersalesListReply,
  }),
  aftersalesReviewGet: defineOperation({
    ...AFTERSALES,
    id: 'aftersalesReviewGet',
    method: 'GET',
    path: '/api/v1/admin/afterSalesReview/:id',
    permission: PERMISSIONS.afterSalesReview.list,
    params: idParamsSchema,
    response: aftersalesDetailSchema,
  }),
  aftersalesApprove: defineOperation({
    ...AFTERSALES,
    id: 'aftersalesApprove',
    method: 'POST',
    path: '/api/v1/admin/afterSalesReview/:id/approve',
    permission: PERMISSIONS.afterSalesReview.approve,
    summary: 'Approve with the actual refund: credits the balance (or refunds Alipay) once',
    params: idParamsSchema,
    body: aftersalesApproveSchema,
    response: aftersalesDetailSchema,
  }),
  aftersalesReject: defineOperation({
    ...AFTERSALES,
    id: 'aftersalesReject',
    method: 'POST',
    path: '/api/v1/admin/afterSalesReview/:id/reject',
    permission: PERMISSIONS.afterSalesReview.reject,
    params: idParamsSchema,
    body: aftersalesRejectSchema,
    response: aftersalesDetailSchema,
  }),
  aftersalesReviewClose: defineOperation({
    ...AFTERSALES,
    id: 'aftersalesReviewClose',
    method: 'POST',
    path: '/api/v1/admin/afterSalesReview/:id/close',
    permission: PERMISSIONS.afterSalesReview.close,
    summary: 'Close a request; needs confirmation',
    params: idParamsSchema,
    body: aftersalesCloseSchema,
    response: aftersalesDetailSchema,
  }),
} as const;
