import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { ORDER_IMPORT_LIMITS, type Language } from '@pod/shared';
import { t } from '../../platform/i18n/i18n.ts';
import { writeXlsx, type XlsxRowSink } from '../../platform/xlsx/xlsx-writer.ts';
import type { AppServices } from '../../services.ts';
import { upsertMarketplaceOrders, type MarketplaceOrderInput } from '../orders/index.ts';
import { IMPORT_JOB, type ImportRow } from './import.service.ts';
import { parseRow, cellText, cellsOf, marketStateOf, type ParsedRow, type RowReason } from './rows.ts';
import { orderImportRecords } from './schema.ts';
import { detached, UnreadableWorkbook } from './sheet-reader.ts';
import { sheetRowsOnThread } from './sheet-thread.ts';
import { detectTemplate, type TemplateMatch } from './templates.ts';

export interface ImportJobData {
  record_id: string;
}

/** A failure of the whole import: an i18n key (stored on the record, shown in the reader's language). */
class ImportFailed extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

interface OrderGroup {
  orderNo: string;
  rows: ParsedRow[];
}

/** The rows of one order as the upsert's input (the first row carries the order's fields). */
function toInput(group: OrderGroup, record: ImportRow): MarketplaceOrderInput {
  const first = group.rows[0]!;
  const subtotals = group.rows.map((r) => r.lineSubtotal);
  const salesAmount = subtotals.every((s) => s !== null)
    ? subtotals.reduce<number>((a, b) => a + (b ?? 0), 0)
    : null;
  const shipping = group.rows.find((r) => r.shippingFee !== null)?.shippingFee ?? null;
  const total =
    group.rows.find((r) => r.orderAmount !== null)?.orderAmount ??
    (salesAmount !== null ? salesAmount + (shipping ?? 0) : null);
  return {
    shopId: record.shopId,
    platform: record.platform,
    shopName: record.shopName,
    thirdPartyOrderNo: group.orderNo,
    channel: 'import',
    vendorStatus: first.vendorStatus,
    marketState: marketStateOf(first.vendorStatus),
    vendorUpdatedAt: null,
    createdAt: first.createdAt,
    paidAt: first.paidAt,
    shipBy: first.shipBy,
    buyerMessage: first.buyerMessage || null,
    salesCurrency: first.currency,
    salesAmount,
    salesShippingAmount: shipping,
    salesTotalAmount: total,
    address: first.address,
    lines: group.rows.map((r) => r.line),
    createdBy: record.createdBy ? { id: record.createdBy, name: record.createdByName } : null,
  };
}

/** The import's counts as it goes. */
interface Tally {
  rows: number;
  orders: number;
  created: number;
  skipped: number;
  failedOrders: number;
  failedRows: number;
}

const reasonText = (lang: Language, reasons: RowReason[]) =>
  reasons.map((r) => t(lang, r.key, r.params ?? {})).join('; ');

/**
 * Runs one import (issue 20, decision 0051): streams the first sheet, recognises the template from
 * its header row, reads each row into an order line, groups rows into orders by the third-party
 * number (an order's rows must be next to each other, as every export writes them), and upserts
 * each batch of orders in one transaction through the orders module's idempotent upsert. A row
 * that fails validation fails its whole order: all its rows go to the failed-rows file with the
 * reason (in the importer's language), the good orders are imported. Orders already present
 * (from an earlier import or the marketplace sync) are counted as skipped, never duplicated.
 */
export async function runImport(services: AppServices, data: ImportJobData): Promise<unknown> {
  const db = services.database.db;
  const [record] = await db
    .select()
    .from(orderImportRecords)
    .where(eq(orderImportRecords.id, data.record_id))
    .limit(1);
  if (!record || record.status === 'completed' || record.status === 'failed')
    return { record_id: data.record_id, skipped: true };
  await db
    .update(orderImportRecords)
    .set({ status: 'running', startedAt: new Date(), progress: 0 })
    .where(eq(orderImportRecords.id, record.id));
  const lang = record.lang;
  const tally: Tally = { rows: 0, orders: 0, created: 0, skipped: 0, failedOrders: 0, failedRows: 0 };
  const estimated = Math.max(record.rowCount, 1);
  let failedKey: string | null = null;
  // The reader needs the file's central directory first (sheet-reader.ts): a local copy of the
  // stored file (storage may be remote), removed when the import ends.
  const localCopy = join(services.config.dataDir, '.imports', `${randomUUID()}.xlsx`);
  try {
    const stream = await services.storage.get(record.fileKey);
    if (!stream) throw new ImportFailed('intake.fileGone');
    await mkdir(join(services.config.dataDir, '.imports'), { recursive: true });
    await pipeline(stream, createWriteStream(localCopy, { flags: 'wx' }));
    const rows = sheetRowsOnThread(localCopy);
    const head = await rows.next();
    if (head.done) throw new ImportFailed('intake.empty');
    const headers = head.value.values.map((v) => cellText(v).trim());
    const match = detectTemplate(headers);
    if (!match) throw new ImportFailed('intake.unknownTemplate');
    if (match.template !== 'platform' && match.template !== record.platform)
      throw new ImportFailed('intake.templatePlatform');
    const width = headers.length;
    await db
      .update(orderImportRecords)
      .set({ template: match.template })
      .where(eq(orderImportRecords.id, record.id));

    const failedFile = await writeXlsx(
      services.storage,
      {
        name: lang === 'en' ? 'Failed rows' : '失败行',
        columns: [
          { header: lang === 'en' ? 'Row' : '行号', width: 8 },
          { header: lang === 'en' ? 'Reason' : '失败原因', width: 40 },
          ...headers.map((h) => ({ header: h })),
        ],
      },
      (sink) => importRows(services, record, match, rows, width, sink, tally, estimated),
    );
    if (tally.failedRows) failedKey = failedFile.key;
    else await services.storage.delete(failedFile.key);

    const result =
      tally.failedOrders === 0 ? 'success' : tally.created + tally.skipped > 0 ? 'partial' : 'failed';
    await db
      .update(orderImportRecords)
      .set({
        status: 'completed',
        result,
        progress: 100,
        rowCount: tally.rows,
        orderCount: tally.orders,
        createdCount: tally.created,
        skippedCount: tally.skipped,
        failedOrderCount: tally.failedOrders,
        failedRowCount: tally.failedRows,
        failedFileKey: failedKey,
        finishedAt: new Date(),
      })
      .where(eq(orderImportRecords.id, record.id));
    return { record_id: record.id, ...tally };
  } catch (error) {
    const key =
      error instanceof ImportFailed
        ? error.key
        : error instanceof UnreadableWorkbook
          ? 'intake.notSpreadsheet'
          : 'intake.failed';
    await db
      .update(orderImportRecords)
      .set({
        status: 'failed',
        result: tally.created + tally.skipped > 0 ? 'partial' : 'failed',
        error: key,
        rowCount: tally.rows || record.rowCount,
        orderCount: tally.orders,
        createdCount: tally.created,
        skippedCount: tally.skipped,
        failedOrderCount: tally.failedOrders,
        failedRowCount: tally.failedRows,
        finishedAt: new Date(),
      })
      .where(eq(orderImportRecords.id, record.id));
    if (error instanceof ImportFailed || error instanceof UnreadableWorkbook)
      return { record_id: record.id, error: key };
    throw error;
  } finally {
    await rm(localCopy, { force: true });
  }
}

async function importRows(
  services: AppServices,
  record: ImportRow,
  match: TemplateMatch,
  rows: AsyncGenerator<{ rowNo: number; values: unknown[] }>,
  width: number,
  sink: XlsxRowSink,
  tally: Tally,
  estimated: number,
): Promise<void> {
  const db = services.database.db;
  const lang = record.lang;
  const owner = { tenantId: record.tenantId, merchantId: record.merchantId };
  const done = new Set<string>();
  /** Good orders waiting for their batch, already in the upsert's terms (no cells kept). */
  let pending: MarketplaceOrderInput[] = [];
  let open: OrderGroup | null = null;
  const failRows = (group: OrderGroup) => {
    tally.failedOrders++;
    for (const row of group.rows) {
      tally.failedRows++;
      const reasons = row.reasons.length ? row.reasons : [{ key: 'intake.reason.otherRow' }];
      sink.addRow([row.rowNo, reasonText(lang, reasons), ...cellsOf(row.values, width)]);
    }
  };
  /** An order whose rows are all read: a failed one goes to the file now, a good one to the batch. */
  const close = (group: OrderGroup) => {
    if (group.rows.every((r) => !r.reasons.length)) pending.push(toInput(group, record));
    else failRows(group);
  };
  let reported: Promise<void> = Promise.resolve();
  const write = async (batch: MarketplaceOrderInput[]) => {
    if (batch.length) {
      const results = await db.transaction((tx) => upsertMarketplaceOrders(tx, owner, batch));
      for (const r of results) {
        if (r.outcome === 'created') tally.created++;
        else tally.skipped++;
      }
    }
    // The progress bar's figure is written beside the next batch, not before it: the updates run
    // one after another on their own chain, which the import waits for before it finishes.
    const progress = Math.min(99, Math.floor((tally.rows / estimated) * 100));
    const rowCount = Math.max(estimated, tally.rows);
    reported = reported.then(() =>
      db
        .update(orderImportRecords)
        .set({ progress, rowCount })
        .where(eq(orderImportRecords.id, record.id))
        .then(
          () => undefined,
          () => undefined,
        ),
    );
  };
  // One batch is written while the next is read (the database works while the sheet is parsed);
  // never two at once, so batches commit in the file's order.
  let writing: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | null = null;
  const flush = async () => {
    await writing;
    if (failure) throw failure.error;
    const batch = pending;
    pending = [];
    writing = write(batch).catch((error: unknown) => {
      failure = { error };
    });
  };

  try {
    let first = true;
    for await (const { rowNo, values } of rows) {
      if (first && match.skipsDescriptionRow) {
        first = false;
        continue;
      }
      first = false;
      if (values.every((v) => cellText(v).trim() === '')) continue;
      tally.rows++;
      if (tally.rows > ORDER_IMPORT_LIMITS.maxRows) throw new ImportFailed('intake.tooManyRows');
      const row = parseRow(match, rowNo, values);
      if (open && open.orderNo === row.orderNo && row.orderNo) {
        open.rows.push(row);
        continue;
      }
      if (row.orderNo && done.has(row.orderNo)) {
        // This order's rows were not together: the order was already taken without this row.
        row.reasons.push({ key: 'intake.reason.rowsApart' });
        tally.orders++;
        failRows({ orderNo: row.orderNo, rows: [row] });
        continue;
      }
      if (open) close(open);
      open = { orderNo: row.orderNo, rows: [row] };
      if (row.orderNo) done.add(detached(row.orderNo));
      tally.orders++;
      if (pending.length >= ORDER_IMPORT_LIMITS.batchOrders) await flush();
    }
    if (open) close(open);
    await flush();
  } finally {
    // Whatever stopped the reading, the batch being written finishes before the record is.
    await writing;
    await reported;
  }
  if (failure) throw (failure as { error: unknown }).error;
}

/** Declares the import job (never retried on its own: importing the file again is idempotent). */
export function registerImportJobs(services: AppServices): void {
  services.jobs.define<ImportJobData>({
    name: IMPORT_JOB,
    retryLimit: 0,
    expireInSeconds: 60 * 60,
    handler: (run) => runImport(services, run.data),
  });
}
