import { sql } from 'drizzle-orm';
import {
  orderImportFiltersSchema,
  PERMISSIONS,
  type OrderImportResult,
  type OrderImportStatus,
} from '@pod/shared';
import { keysetBatches, type KeyColumn } from '../../platform/crud/keyset.ts';
import { exportSource, type Bilingual, type ExportColumn } from '../exports/index.ts';
import { importConditions, type ImportRow } from './import.service.ts';
import { orderImportRecords } from './schema.ts';

const STATUS: Record<OrderImportStatus, Bilingual> = {
  queued: { 'zh-cn': '排队中', en: 'Queued' },
  running: { 'zh-cn': '导入中', en: 'Importing' },
  completed: { 'zh-cn': '已完成', en: 'Completed' },
  failed: { 'zh-cn': '失败', en: 'Failed' },
};
const PLATFORM: Record<ImportRow['platform'], Bilingual> = {
  tiktok: { 'zh-cn': 'TikTok', en: 'TikTok' },
  temu: { 'zh-cn': 'Temu', en: 'Temu' },
  other: { 'zh-cn': '其他', en: 'Other' },
};
const RESULT: Record<OrderImportResult, Bilingual> = {
  success: { 'zh-cn': '成功', en: 'Succeeded' },
  partial: { 'zh-cn': '部分成功', en: 'Partly succeeded' },
  failed: { 'zh-cn': '失败', en: 'Failed' },
};

const COLUMNS: readonly ExportColumn<ImportRow>[] = [
  { header: { 'zh-cn': '导入编号', en: 'Import code' }, width: 24, value: (r) => r.code },
  { header: { 'zh-cn': '平台', en: 'Platform' }, width: 10, value: (r, f) => f.text(PLATFORM[r.platform]) },
  { header: { 'zh-cn': '店铺', en: 'Shop' }, width: 24, value: (r) => r.shopName },
  { header: { 'zh-cn': '文件', en: 'File' }, width: 30, value: (r) => r.fileName },
  { header: { 'zh-cn': '订单数', en: 'Orders' }, width: 10, value: (r) => r.orderCount },
  { header: { 'zh-cn': '新增', en: 'Created' }, width: 10, value: (r) => r.createdCount },
  { header: { 'zh-cn': '已存在跳过', en: 'Skipped as present' }, width: 12, value: (r) => r.skippedCount },
  { header: { 'zh-cn': '失败订单', en: 'Failed orders' }, width: 12, value: (r) => r.failedOrderCount },
  {
    header: { 'zh-cn': '导入结果', en: 'Result' },
    value: (r, f) => (r.result ? f.text(RESULT[r.result]) : null),
  },
  { header: { 'zh-cn': '状态', en: 'Status' }, value: (r, f) => f.text(STATUS[r.status]) },
  { header: { 'zh-cn': '导入时间', en: 'Imported at' }, width: 20, value: (r, f) => f.date(r.createdAt) },
];

/** The list's order: newest first. */
const KEYS: readonly KeyColumn[] = [
  { column: orderImportRecords.createdAt, dir: 'desc', cast: 'timestamptz' },
  { column: orderImportRecords.id, dir: 'desc', cast: 'uuid' },
];

/** Issue 24: the import records (spec §3 Order import record), as the list shows them. */
export const IMPORT_EXPORT = exportSource({
  page: 'order/import',
  title: { 'zh-cn': '订单导入记录', en: 'Order import records' },
  permission: PERMISSIONS.orderImport.list,
  filters: orderImportFiltersSchema,
  columns: COLUMNS,
  async count(ctx, f) {
    const [row] = await ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orderImportRecords)
      .where(importConditions(ctx, f));
    return row?.n ?? 0;
  },
  batches: (ctx, f, size) => keysetBatches(ctx.tx, orderImportRecords, importConditions(ctx, f), KEYS, size),
});
