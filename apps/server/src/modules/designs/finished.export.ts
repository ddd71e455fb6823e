import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { finishedProductFilterSchema, PERMISSIONS, type FinishedProduct } from '@pod/shared';
import { keysetBatches, type KeyColumn } from '../../platform/crud/keyset.ts';
import { merchantScopeOf } from '../../platform/tenant-scope.ts';
import { exportSource, type Bilingual } from '../exports/index.ts';
import { faceNamesOf, filterConditions, toFinished, viewContext } from './finished.service.ts';
import { finishedProducts } from './schema.ts';

type Filters = z.output<typeof finishedProductFilterSchema>;
/** A finished product as the list shows it, with its faces named in the export's language. */
type ExportRow = FinishedProduct & { face_names: string[] };

/** The list's order (LIST_ORDER) as keyset columns. */
const KEYS: readonly KeyColumn[] = [
  { column: finishedProducts.createdAt, dir: 'desc', cast: 'timestamptz' },
  { column: finishedProducts.id, dir: 'asc', cast: 'uuid' },
];

const RENDER: Record<FinishedProduct['render_status'], Bilingual> = {
  pending: { 'zh-cn': '待渲染', en: 'Pending' },
  rendering: { 'zh-cn': '渲染中', en: 'Rendering' },
  done: { 'zh-cn': '已完成', en: 'Done' },
  failed: { 'zh-cn': '失败', en: 'Failed' },
};
const EXPORTED: Record<FinishedProduct['export_status'], Bilingual> = {
  not_exported: { 'zh-cn': '未导出', en: 'Not exported' },
  exported: { 'zh-cn': '已导出', en: 'Exported' },
};

const merchantOf = (ctx: Parameters<typeof merchantScopeOf>[0]) =>
  merchantScopeOf(ctx, 'design.merchantsOnly');

/**
 * spec §2 finished products: export (issue 24 moved it onto the exports module). The list's
 * filters and its own scoped query (`filterConditions`), each batch shaped by the list's `toFinished`.
 */
export const FINISHED_EXPORT = exportSource<Filters, ExportRow>({
  page: 'publish/finished/my',
  title: { 'zh-cn': '我的成品', en: 'Finished products' },
  permission: PERMISSIONS.finished.export,
  filters: finishedProductFilterSchema,
  dateRange: (f) => ({ from: f.date_from, to: f.date_to }),
  columns: [
    { header: { 'zh-cn': '成品编码', en: 'Code' }, value: (f) => f.code },
    { header: { 'zh-cn': '名称', en: 'Name' }, width: 24, value: (f) => f.name },
    { header: { 'zh-cn': '产品', en: 'Product' }, width: 24, value: (f) => f.product_name },
    { header: { 'zh-cn': '款号', en: 'Style code' }, value: (f) => f.style_code },
    { header: { 'zh-cn': '分类', en: 'Category' }, value: (f) => f.category_name },
    { header: { 'zh-cn': '分组', en: 'Group' }, value: (f) => f.group_name },
    { header: { 'zh-cn': '颜色', en: 'Colours' }, value: (f) => f.colors.map((c) => c.name).join(', ') },
    {
      header: { 'zh-cn': '尺码', en: 'Sizes' },
      value: (f) =>
        (f.size_mode === 'custom' ? f.custom_sizes.map((s) => s.name) : f.sizes.map((s) => s.name)).join(
          ', ',
        ),
    },
    { header: { 'zh-cn': '设计面', en: 'Faces' }, value: (f) => f.face_names.join(', ') },
    { header: { 'zh-cn': '币种', en: 'Currency' }, width: 10, value: (f) => f.currency },
    { header: { 'zh-cn': '单价', en: 'Unit price' }, value: (f, format) => format.money(f.unit_price) },
    {
      header: { 'zh-cn': '渲染状态', en: 'Render status' },
      value: (f, format) => format.text(RENDER[f.render_status]),
    },
    { header: { 'zh-cn': '渲染次数', en: 'Renders' }, width: 10, value: (f) => f.render_count },
    {
      header: { 'zh-cn': '导出状态', en: 'Export status' },
      value: (f, format) => format.text(EXPORTED[f.export_status]),
    },
    { header: { 'zh-cn': '外部SPU', en: 'External SPU' }, value: (f) => f.external_spu },
    { header: { 'zh-cn': '订单数', en: 'Orders' }, width: 10, value: (f) => f.order_count },
    { header: { 'zh-cn': '设计账号', en: 'Designer' }, value: (f) => f.designer },
    {
      header: { 'zh-cn': '创建时间', en: 'Created' },
      width: 20,
      value: (f, format) => format.date(f.created_at),
    },
  ],
  async count(ctx, f) {
    const where = await filterConditions(ctx.tx, merchantOf(ctx), f);
    const [row] = await ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(finishedProducts)
      .where(where);
    return row?.n ?? 0;
  },
  async *batches(ctx, f, size, services) {
    const m = merchantOf(ctx);
    const where = await filterConditions(ctx.tx, m, f);
    for await (const rows of keysetBatches(ctx.tx, finishedProducts, where, KEYS, size)) {
      const view = await viewContext(ctx.tx, m, rows, services.files, ctx.lang);
      yield rows.map((r) => ({ ...toFinished(r, view), face_names: faceNamesOf(r, view) }));
    }
  },
});
