import { randomInt } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { excelJs } from '../../platform/xlsx/exceljs.ts';
import {
  PERMISSIONS,
  ORDER_IMPORT_LIMITS,
  type Language,
  type OrderImportRecord,
  type orderImportCreateQuerySchema,
  type orderImportFiltersSchema,
  type orderImportListQuerySchema,
} from '@pod/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { AppError } from '../../platform/http/errors.ts';
import { t } from '../../platform/i18n/i18n.ts';
import { jobOwner } from '../../platform/jobs/job-queue.ts';
import { ownedBy, type Ownership } from '../../platform/ownership.ts';
import { merchantScopeOf } from '../../platform/tenant-scope.ts';
import type { UploadPolicy, UploadRejected } from '../../platform/uploads/inspect.ts';
import { receiveUpload } from '../../platform/uploads/receive.ts';
import { safeCell } from '../../platform/xlsx/cells.ts';
import type { AppServices } from '../../services.ts';
import { findAdminUserById } from '../access/index.ts';
import { findShop } from '../shops/index.ts';
import { orderImportRecords } from './schema.ts';
import { warmSheetThread } from './sheet-thread.ts';
import { PLATFORM_COLUMNS } from './templates.ts';
import { inspectWorkbook } from './zip-guard.ts';

export type ImportRow = typeof orderImportRecords.$inferSelect;

/** The job that reads an import's file and upserts its orders. */
export const IMPORT_JOB = 'intake.import';

/** Import records are the merchant's (its supplier supervises them); another's answer 404. */
export const IMPORT_OWNER: Ownership = {
  level: 'merchant',
  tenant: orderImportRecords.tenantId,
  merchant: orderImportRecords.merchantId,
};

const XLSX_POLICY: UploadPolicy = {
  suffixes: ['xlsx'],
  mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  maxBytes: ORDER_IMPORT_LIMITS.maxFileBytes,
  maxPixels: 0,
};

/** IM + date and time + 4 random digits. */
function newCode(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `IM${stamp}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** Why an uploaded file is refused before parsing, as an AppError (status and i18n key). */
function refusal(error: UploadRejected, suffix: string): AppError {
  if (error.reason === 'size')
    return new AppError(413, 'intake.fileTooLarge', {
      max: `${ORDER_IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB`,
    });
  if (error.reason === 'type') {
    if (suffix === 'xls') return new AppError(415, 'intake.xlsNotSupported');
    if (suffix === 'xlsm' || suffix === 'xltm') return new AppError(415, 'intake.macros');
  }
  return new AppError(415, 'intake.notSpreadsheet');
}

const suffixOf = (name: string) =>
  name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';

/**
 * Receives the uploaded workbook and refuses, before any of it is parsed: another suffix (.xls
 * gets its own message asking for .xlsx), content that is not an xlsx, macros, a zip bomb and
 * more rows than ORDER_IMPORT_LIMITS.maxRows. Then stores it, records the import (queued) and
 * returns the record; the route queues the job. No transaction is open while the file arrives (a
 * slow upload holds no connection): the record is one INSERT, written once the file is stored.
 */
export async function createImport(
  ctx: ServiceContext,
  services: AppServices,
  request: FastifyRequest,
  query: z.infer<typeof orderImportCreateQuerySchema>,
): Promise<ImportRow> {
  const scope = merchantScopeOf(ctx, 'intake.merchantOnly');
  const shop = await findShop(ctx, query.shop_id);
  if (shop.platform !== query.platform) throw AppError.field('shop_id', 'intake.shopPlatform');
  // The sheet will be read on the reader thread (decision 0093): it starts while the file arrives.
  warmSheetThread();
  const received = await receiveUpload(request, () => XLSX_POLICY, {
    tmpRoot: services.config.dataDir,
    maxFiles: 1,
  });
  try {
    const file = received.files[0];
    if (!file || received.isOverBatch) throw AppError.badRequest('intake.oneFile');
    if (!file.ok) throw refusal(file.error, suffixOf(file.name));
    // The zip's own structure decides (decision 0092): no content sniffing beside the guard.
    const verdict = await inspectWorkbook(file.path);
    if (!verdict.ok) {
      const status = verdict.reason === 'tooManyRows' ? 413 : 415;
      throw new AppError(status, `intake.${verdict.reason}`, verdict.params ?? {});
    }
    const stored = await services.storage.put(createReadStream(file.path), { extension: 'xlsx' });
    const user = await findAdminUserById(ctx.tx, ctx.actor.id);
    const [row] = await ctx.tx
      .insert(orderImportRecords)
      .values({
        tenantId: scope.tenantId,
        merchantId: scope.merchantId,
        code: newCode(),
        platform: query.platform,
        shopId: shop.id,
        shopName: shop.name,
        fileName: file.name,
        fileKey: stored.key,
        // The sheet's stated size (header and description row included) estimates the progress.
        rowCount: verdict.rows ? Math.max(verdict.rows - 1, 0) : 0,
        lang: ctx.lang,
        createdBy: ctx.actor.id,
        createdByName: user?.username ?? '',
      })
      .returning();
    return row!;
  } finally {
    await received.cleanup();
  }
}

/** Queues the import's job (after the record is committed); a record that cannot be queued fails. */
export async function queueImport(
  services: AppServices,
  ctx: ServiceContext,
  row: ImportRow,
): Promise<ImportRow> {
  const db = services.database.db;
  try {
    await services.jobs.enqueue(
      IMPORT_JOB,
      { record_id: row.id },
      jobOwner(ctx, PERMISSIONS.orderImport.add),
    );
    return row;
  } catch {
    const [failed] = await db
      .update(orderImportRecords)
      .set({ status: 'failed', result: 'failed', error: 'intake.notQueued', finishedAt: new Date() })
      .where(eq(orderImportRecords.id, row.id))
      .returning();
    return failed ?? row;
  }
}

/** The import records the caller may see under the list's filters (the list's and its export's). */
export function importConditions(
  ctx: ServiceContext,
  q: z.infer<typeof orderImportFiltersSchema>,
): SQL | undefined {
  const where: SQL[] = ownedBy(IMPORT_OWNER, ctx.scope);
  if (q.status) where.push(eq(orderImportRecords.status, q.status));
  if (q.platform) where.push(eq(orderImportRecords.platform, q.platform));
  if (q.shop_id) where.push(eq(orderImportRecords.shopId, q.shop_id));
  return and(...where);
}

export async function listImports(
  ctx: ServiceContext,
  q: z.infer<typeof orderImportListQuerySchema>,
): Promise<{ rows: ImportRow[]; total: number }> {
  return pagedRows(
    ctx.tx,
    orderImportRecords,
    importConditions(ctx, q),
    [desc(orderImportRecords.createdAt), desc(orderImportRecords.id)],
    q.page,
    q.limit,
  );
}

export async function findImport(ctx: ServiceContext, id: string): Promise<ImportRow> {
  const [row] = await ctx.tx
    .select()
    .from(orderImportRecords)
    .where(and(eq(orderImportRecords.id, id), ...ownedBy(IMPORT_OWNER, ctx.scope)))
    .limit(1);
  if (!row) throw AppError.notFound('intake.notFound');
  return row;
}

export function toImportRecord(row: ImportRow, lang: Language): OrderImportRecord {
  return {
    id: row.id,
    code: row.code,
    platform: row.platform,
    shop_id: row.shopId,
    shop_name: row.shopName,
    file_name: row.fileName,
    template: row.template,
    status: row.status,
    result: row.result,
    progress: row.progress,
    row_count: row.rowCount,
    order_count: row.orderCount,
    created_count: row.createdCount,
    skipped_count: row.skippedCount,
    failed_order_count: row.failedOrderCount,
    failed_row_count: row.failedRowCount,
    has_failed_rows: Boolean(row.failedFileKey),
    error: row.error ? t(lang, row.error, errorParams(row)) : null,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const errorParams = (row: ImportRow) => ({ max: ORDER_IMPORT_LIMITS.maxRows, count: row.rowCount });

/** The platform's own template: one header row in the reader's language and one example row. */
export async function templateWorkbook(lang: Language): Promise<Buffer> {
  const workbook = new (excelJs().Workbook)();
  const sheet = workbook.addWorksheet(lang === 'en' ? 'Orders' : '订单');
  sheet.columns = PLATFORM_COLUMNS.map((c, i) => ({ key: String(i), width: c.width }));
  const header = sheet.addRow(PLATFORM_COLUMNS.map((c) => safeCell(c[lang])));
  header.font = { bold: true };
  const example: Record<string, string | number> = {
    orderNo: '576461234567890001',
    skuId: '1729384756',
    sellerSku: 'TEE-BLK-M',
    productName: lang === 'en' ? 'Custom T-shirt' : '定制T恤',
    skuName: lang === 'en' ? 'Black, M' : '黑色, M',
    quantity: 1,
    currency: 'USD',
    unitPrice: 19.99,
    shippingFee: 4.99,
    orderAmount: 24.98,
    recipient: 'Jane Doe',
    phone: '(415) 555-0132',
    country: 'US',
    province: 'CA',
    city: 'San Francisco',
    address1: '1 Market St',
    postcode: '94105',
  };
  sheet.addRow(PLATFORM_COLUMNS.map((c) => safeCell(example[c.field] ?? '')));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
