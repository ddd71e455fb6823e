import { sql } from 'drizzle-orm';
import {
  aftersalesFiltersSchema,
  aftersalesReviewFiltersSchema,
  PERMISSIONS,
  type AftersalesStatus,
  type RefundType,
} from '@pod/shared';
import type { ServiceContext } from '../../platform/context.ts';
import { keysetBatches } from '../../platform/crud/keyset.ts';
import type { z } from 'zod';
import { exportSource, type Bilingual, type ExportColumn } from '../exports/index.ts';
import { listConditions, LIST_KEYS, type RequestOwner, type RequestRow } from './aftersales.repo.ts';
import { toListFilter } from './aftersales.routes.ts';
import { merchantScope, reviewerTenant } from './aftersales.service.ts';
import { aftersalesRequests } from './schema.ts';

const STATUS: Record<AftersalesStatus, Bilingual> = {
  pending_review: { 'zh-cn': '待审核', en: 'Pending review' },
  approved: { 'zh-cn': '已通过', en: 'Approved' },
  rejected: { 'zh-cn': '已驳回', en: 'Rejected' },
  closed: { 'zh-cn': '已关闭', en: 'Closed' },
};
const REFUND_TYPE: Record<RefundType, Bilingual> = {
  full: { 'zh-cn': '全额退款', en: 'Full refund' },
  goods: { 'zh-cn': '仅退货款', en: 'Goods only' },
  freight: { 'zh-cn': '仅退运费', en: 'Freight only' },
  partial: { 'zh-cn': '部分退款', en: 'Partial' },
  none: { 'zh-cn': '不退款', en: 'None' },
};
const KIND: Record<RequestRow['kind'], Bilingual> = {
  cancel: { 'zh-cn': '取消申请', en: 'Cancellation' },
  aftersales: { 'zh-cn': '售后申请', en: 'After-sales' },
};

const SOURCE: Record<RequestRow['source'], Bilingual> = {
  merchant: { 'zh-cn': '商户', en: 'Merchant' },
  tiktok: { 'zh-cn': 'TikTok', en: 'TikTok' },
  temu: { 'zh-cn': 'Temu', en: 'Temu' },
};

const COLUMNS: readonly ExportColumn<RequestRow>[] = [
  { header: { 'zh-cn': '申请单号', en: 'Request number' }, width: 24, value: (r) => r.requestNo },
  { header: { 'zh-cn': '订单号', en: 'Order number' }, width: 28, value: (r) => r.orderNo },
  { header: { 'zh-cn': '类型', en: 'Type' }, value: (r, f) => f.text(KIND[r.kind]) },
  { header: { 'zh-cn': '来源', en: 'Source' }, width: 10, value: (r, f) => f.text(SOURCE[r.source]) },
  { header: { 'zh-cn': '原因', en: 'Reason' }, width: 30, value: (r) => r.reason },
  { header: { 'zh-cn': '退款原因', en: 'Refund reason' }, width: 30, value: (r) => r.refundReason },
  { header: { 'zh-cn': '退款类型', en: 'Refund type' }, value: (r, f) => f.text(REFUND_TYPE[r.refundType]) },
  { header: { 'zh-cn': '币种', en: 'Currency' }, width: 10, value: (r) => r.currency },
  {
    header: { 'zh-cn': '申请金额', en: 'Application amount' },
    value: (r, f) => f.money(r.applicationAmount),
  },
  {
    header: { 'zh-cn': '实际退款', en: 'Actual refund' },
    value: (r, f) => (r.refundAmount === null ? null : f.money(r.refundAmount)),
  },
  { header: { 'zh-cn': '状态', en: 'Status' }, value: (r, f) => f.text(STATUS[r.status]) },
  { header: { 'zh-cn': '审核备注', en: 'Audit note' }, width: 30, value: (r) => r.auditNote },
  { header: { 'zh-cn': '申请时间', en: 'Requested at' }, width: 20, value: (r, f) => f.date(r.createdAt) },
];

/** The list's filters, exactly as the list takes them (its contract), without paging. */
const merchantFilters = aftersalesFiltersSchema;
const reviewFilters = aftersalesReviewFiltersSchema;

function exportOf<
  F extends Parameters<typeof toListFilter>[0] & { from?: string | undefined; to?: string | undefined },
>(
  page: string,
  title: Bilingual,
  permission: string,
  filters: z.ZodType<F>,
  owner: (ctx: ServiceContext) => RequestOwner,
) {
  const where = (ctx: ServiceContext, f: F) => listConditions(owner(ctx), toListFilter(f));
  return exportSource<F, RequestRow>({
    page,
    title,
    permission,
    filters,
    dateRange: (f) => ({ from: f.from, to: f.to }),
    columns: COLUMNS,
    async count(ctx, f) {
      const [row] = await ctx.tx
        .select({ n: sql<number>`count(*)::int` })
        .from(aftersalesRequests)
        .where(where(ctx, f));
      return row?.n ?? 0;
    },
    batches: (ctx, f, size) => keysetBatches(ctx.tx, aftersalesRequests, where(ctx, f), LIST_KEYS, size),
  });
}

/** Issue 24: the merchant's after-sales list, with the list's filters and its scoped query. */
export const AFTERSALES_EXPORT = exportOf(
  'order/afterSales',
  { 'zh-cn': '售后申请', en: 'After-sales requests' },
  PERMISSIONS.afterSales.list,
  merchantFilters,
  (ctx) => merchantScope(ctx),
);

/** The supplier's review queue, exported the same way (its tenant's requests). */
export const AFTERSALES_REVIEW_EXPORT = exportOf(
  'finance/afterSalesReview',
  { 'zh-cn': '售后审核', en: 'After-sales review' },
  PERMISSIONS.afterSalesReview.list,
  reviewFilters,
  (ctx) => ({ tenantId: reviewerTenant(ctx), merchantId: null }),
);
