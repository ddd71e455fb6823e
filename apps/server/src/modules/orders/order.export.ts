import { sql } from 'drizzle-orm';
import { orderFilterSchema, PERMISSIONS, type OrderStatus } from '@pod/shared';
import { keysetBatches } from '../../platform/crud/keyset.ts';
import { exportSource, type Bilingual } from '../exports/index.ts';
import { listConditions, LIST_KEYS, type OrderRow } from './order.repo.ts';
import { orderScope } from './order.service.ts';
import { orders } from './schema.ts';

const STATUS: Record<OrderStatus, Bilingual> = {
  unpaid: { 'zh-cn': '待支付', en: 'Unpaid' },
  paid: { 'zh-cn': '已支付', en: 'Paid' },
  in_production: { 'zh-cn': '生产中', en: 'In production' },
  shipped: { 'zh-cn': '已发货', en: 'Shipped' },
  completed: { 'zh-cn': '已完成', en: 'Completed' },
  cancelled: { 'zh-cn': '已取消', en: 'Cancelled' },
  timed_out: { 'zh-cn': '已超时', en: 'Timed out' },
};

const PAY_METHOD: Record<string, Bilingual> = {
  balance: { 'zh-cn': '账户余额', en: 'Account balance' },
  alipay: { 'zh-cn': '支付宝', en: 'Alipay' },
};

/** The order list's filters, exactly as the list takes them (its contract), without paging. */
const filters = orderFilterSchema;
/** spec §2 order list: Export (issue 24), with the list's filters and the list's scoped query. */
export const ORDER_EXPORT = exportSource<ReturnType<typeof filters.parse>, OrderRow>({
  page: 'order/list',
  title: { 'zh-cn': '订单列表', en: 'Orders' },
  permission: PERMISSIONS.order.list,
  filters,
  dateRange: (f) => ({ from: f.from, to: f.to }),
  columns: [
    { header: { 'zh-cn': '订单号', en: 'Order number' }, width: 28, value: (r) => r.orderNo },
    {
      header: { 'zh-cn': '第三方单号', en: 'Third-party number' },
      width: 24,
      value: (r) => r.thirdPartyOrderNo,
    },
    { header: { 'zh-cn': '状态', en: 'Status' }, value: (r, f) => f.text(STATUS[r.status]) },
    { header: { 'zh-cn': '店铺', en: 'Shop' }, value: (r) => r.shopName },
    { header: { 'zh-cn': '国家', en: 'Country' }, width: 10, value: (r) => r.countryCode },
    {
      header: { 'zh-cn': '收件人', en: 'Consignee' },
      value: (r) => [r.address.first_name, r.address.last_name].filter(Boolean).join(' '),
    },
    { header: { 'zh-cn': '物流方式', en: 'Shipping method' }, value: (r) => r.shipping.name },
    { header: { 'zh-cn': '件数', en: 'Quantity' }, width: 10, value: (r) => r.totalQuantity },
    { header: { 'zh-cn': '币种', en: 'Currency' }, width: 10, value: (r) => r.currency },
    { header: { 'zh-cn': '商品金额', en: 'Products amount' }, value: (r, f) => f.money(r.productAmount) },
    { header: { 'zh-cn': '运费', en: 'Shipping' }, value: (r, f) => f.money(r.shippingAmount) },
    { header: { 'zh-cn': '订单总额', en: 'Total' }, value: (r, f) => f.money(r.totalAmount) },
    {
      header: { 'zh-cn': '支付方式', en: 'Payment method' },
      value: (r, f) =>
        r.payMethod ? f.text(PAY_METHOD[r.payMethod] ?? { 'zh-cn': r.payMethod, en: r.payMethod }) : null,
    },
    { header: { 'zh-cn': '备注', en: 'Remark' }, width: 30, value: (r) => r.remark },
    { header: { 'zh-cn': '下单时间', en: 'Ordered at' }, width: 20, value: (r, f) => f.date(r.createdAt) },
    { header: { 'zh-cn': '支付时间', en: 'Paid at' }, width: 20, value: (r, f) => f.date(r.paidAt) },
  ],
  async count(ctx, f) {
    const [row] = await ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(listConditions(orderScope(ctx), f, ctx.dataScope));
    return row?.n ?? 0;
  },
  batches: (ctx, f, size) =>
    keysetBatches(ctx.tx, orders, listConditions(orderScope(ctx), f, ctx.dataScope), LIST_KEYS, size),
});
