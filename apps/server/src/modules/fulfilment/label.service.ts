import { PassThrough, Readable } from 'node:stream';
import type archiver from 'archiver';
import {
  FULFILMENT_LIMITS,
  TRACKING_NO_PATTERN,
  type Label,
  type LabelSplit,
  type labelImportReplySchema,
  type labelImportSchema,
  type waybillUploadReplySchema,
} from '@pod/shared';
import type * as PdfLib from 'pdf-lib';
import type { PDFDocument } from 'pdf-lib';
import { onFirstUse } from '../../platform/first-use.ts';
import type { z } from 'zod';
import type { AnyContext, ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { merchantScopeOf, type MerchantScope } from '../../platform/tenant-scope.ts';
import { enabledShippingMethods, shippingMethodsByIds } from '../logistics/index.ts';
import {
  actorOf,
  assignTracking,
  LABELLABLE_STATUSES,
  merchantOrdersByIds,
  merchantOrdersByNos,
  type OrderRow,
} from '../orders/index.ts';
import { findShop } from '../shops/index.ts';
import { openLabelPdf, type LabelPdf } from './label-pdf.ts';
import * as repo from './label.repo.ts';
import type { StoredSplitPage } from './schema.ts';

/** Loaded on first use (decision 0087). */
const zipLib = onFirstUse<typeof archiver>('archiver');
const pdfLib = onFirstUse<typeof PdfLib>('pdf-lib');

/*
 * Label import, waybill import and the split of a multi-page label PDF (spec §5, issue 21,
 * decision 0054). A merchant's own: the supplier may read the records.
 */

const ORDER_NO = /^[A-Z0-9]{6,32}$/;
/** A page thumbnail is a few tens of KB; anything far larger is not stored. */
const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

const merchantOf = (ctx: AnyContext) => merchantScopeOf(ctx, 'fulfilment.merchantOnly');

export function toLabel(row: repo.LabelRow): Label {
  return {
    id: row.id,
    order_id: row.orderId,
    order_no: row.orderNo,
    tracking_no: row.trackingNo,
    method_name: row.methodName,
    label_status: row.status,
    file_name: row.fileName,
    source: row.source,
    updated_at: row.updatedAt.toISOString(),
  };
}

type ImportResult = z.infer<typeof labelImportReplySchema>['results'][number];

/** Whether an order is of the chosen platform and shop ("other": manual orders too). */
function inShop(order: OrderRow, platform: string, shopId: string | null | undefined): boolean {
  const samePlatform =
    platform === 'other'
      ? order.platform === 'other' || order.platform === null
      : order.platform === platform;
  return samePlatform && (!shopId || order.shopId === shopId);
}

/**
 * spec §5 logistics import: each line `order number,logistics number`; a result per line. Lines
 * that pass are saved (the order's tracking number and its label record, awaiting the waybill);
 * the others say why. The method recorded is the order's own when chosen, else the first chosen.
 */
export async function importLabels(
  ctx: ServiceContext,
  input: z.output<typeof labelImportSchema>,
): Promise<z.infer<typeof labelImportReplySchema>> {
  const m = merchantOf(ctx);
  if (input.shop_id) {
    const shop = await findShop(ctx, input.shop_id);
    if (input.platform !== 'other' && shop.platform !== input.platform)
      throw AppError.field('shop_id', 'fulfilment.shopPlatform');
  }
  const methods = await shippingMethodsByIds(ctx.tx, m.tenantId, [...new Set(input.method_ids)]);
  if (methods.length !== new Set(input.method_ids).size) throw AppError.notFound('fulfilment.methodUnknown');

  const parsed = input.lines
    .split(/\r?\n/)
    .map((text, i) => ({ text: text.trim(), line: i + 1 }))
    .filter((l) => l.text)
    .map((l) => {
      const parts = l.text.split(/[,，\t]/).map((p) => p.trim());
      const orderNo = (parts[0] ?? '').toUpperCase();
      const trackingNo = parts[1] ?? '';
      const ok = parts.length === 2 && ORDER_NO.test(orderNo) && TRACKING_NO_PATTERN.test(trackingNo);
      return { ...l, orderNo, trackingNo, ok };
    });
  const orders = new Map(
    (
      await merchantOrdersByNos(
        ctx.tx,
        m,
        parsed.filter((p) => p.ok).map((p) => p.orderNo),
      )
    ).map((o) => [o.orderNo, o]),
  );
  const taken = new Map(
    (
      await repo.labelsByTracking(
        ctx.tx,
        m.tenantId,
        parsed.filter((p) => p.ok).map((p) => p.trackingNo),
      )
    ).map((l) => [l.trackingNo, l]),
  );
  const actor = await actorOf(ctx);
  const seenOrders = new Set<string>();
  const seenTracking = new Set<string>();
  const results: ImportResult[] = [];
  const fail = (p: (typeof parsed)[number], reason: NonNullable<ImportResult['reason']>): ImportResult => ({
    line: p.line,
    text: p.text.slice(0, 200),
    order_no: p.orderNo.slice(0, 40),
    tracking_no: p.trackingNo.slice(0, 40),
    ok: false,
    reason,
    message: t(ctx.lang, `fulfilment.line.${reason}`, { order_no: p.orderNo, tracking_no: p.trackingNo }),
  });
  for (const p of parsed) {
    if (!p.ok) {
      results.push(fail(p, 'format'));
      continue;
    }
    if (seenOrders.has(p.orderNo) || seenTracking.has(p.trackingNo)) {
      results.push(fail(p, 'duplicate'));
      continue;
    }
    seenOrders.add(p.orderNo);
    seenTracking.add(p.trackingNo);
    const order = orders.get(p.orderNo);
    if (!order) {
      results.push(fail(p, 'order_not_found'));
      continue;
    }
    if (!inShop(order, input.platform, input.shop_id)) {
      results.push(fail(p, 'not_in_shop'));
      continue;
    }
    if (!LABELLABLE_STATUSES.has(order.status)) {
      results.push(fail(p, 'status'));
      continue;
    }
    const holder = taken.get(p.trackingNo);
    if (holder && holder.orderId !== order.id) {
      results.push(fail(p, 'tracking_taken'));
      continue;
    }
    const method = methods.find((x) => x.id === order.shipping.method_id) ?? methods[0]!;
    const saved = await ctx.tx.transaction(async (sp) => {
      await repo.upsertLabel(sp, {
        tenantId: m.tenantId,
        merchantId: m.merchantId,
        orderId: order.id,
        orderNo: order.orderNo,
        trackingNo: p.trackingNo,
        methodId: method.id,
        methodName: `${method.carrier} ${method.name}`.trim(),
        source: 'import',
        createdBy: ctx.actor.id,
      });
      return assignTracking(sp, order, p.trackingNo, actor, { method: method.code });
    });
    if (!saved) {
      results.push(fail(p, 'status'));
      continue;
    }
    results.push({
      line: p.line,
      text: p.text.slice(0, 200),
      order_no: p.orderNo,
      tracking_no: p.trackingNo,
      ok: true,
      reason: null,
      message: null,
    });
  }
  const success = results.filter((r) => r.ok).length;
  return { success, failure: results.length - success, results };
}

export async function listLabels(ctx: AnyContext, q: repo.LabelFilter) {
  const { rows, total } = await repo.listLabels(ctx.tx, ctx.scope, q);
  return { list: rows.map(toLabel), total, page: q.page, limit: q.limit };
}

/** Up to 20 labels' waybill PDFs as one zip (`<tracking>.pdf`); 404 when none is the caller's. */
export async function labelsZip(ctx: AnyContext, ids: string[], storage: FileStorage): Promise<Readable> {
  const rows = await repo.labelsByIds(ctx.tx, ctx.scope, ids);
  if (!rows.length) throw AppError.notFound('fulfilment.labelNotFound');
  const withFile = rows.filter((r) => r.fileKey);
  if (!withFile.length) throw AppError.conflict('fulfilment.noWaybill');
  const zip = zipLib()('zip', { zlib: { level: 1 } });
  const out = new PassThrough();
  zip.on('error', (error) => out.destroy(error));
  zip.pipe(out);
  void (async () => {
    try {
      for (const r of withFile) {
        const stream = await storage.get(r.fileKey!);
        if (stream) zip.append(stream, { name: `${r.trackingNo}.pdf` });
      }
      const missing = rows.filter((r) => !r.fileKey).map((r) => `${r.orderNo},${r.trackingNo}`);
      if (missing.length) zip.append(`${missing.join('\n')}\n`, { name: 'MISSING.txt' });
      await zip.finalize();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/** A PDF's bytes, loaded to prove it is one; null when it is not. */
async function loadPdf(bytes: Buffer): Promise<PDFDocument | null> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return null;
  try {
    return await pdfLib().PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    return null;
  }
}

type WaybillResult = z.infer<typeof waybillUploadReplySchema>['results'][number];
export type WaybillFile =
  { name: string; ok: true; bytes: Buffer } | { name: string; ok: false; reason: 'type' | 'size' };

/**
 * Waybill import: each PDF named `<tracking>.pdf` is stored as the label of the merchant's order
 * with that logistics number. Files that fail say why; the others are saved.
 */
export async function importWaybills(
  ctx: ServiceContext,
  files: WaybillFile[],
  storage: FileStorage,
): Promise<z.infer<typeof waybillUploadReplySchema>> {
  const m = merchantOf(ctx);
  const trackingOf = (name: string) => {
    const base = name.replace(/\.pdf$/i, '').trim();
    return TRACKING_NO_PATTERN.test(base) ? base : null;
  };
  const labels = new Map(
    (
      await repo.labelsByTracking(
        ctx.tx,
        m.tenantId,
        files.map((f) => trackingOf(f.name)).filter((x): x is string => !!x),
      )
    )
      .filter((l) => l.merchantId === m.merchantId)
      .map((l) => [l.trackingNo, l]),
  );
  const seen = new Set<string>();
  const results: WaybillResult[] = [];
  for (const f of files) {
    const tracking = trackingOf(f.name) ?? '';
    const fail = (reason: NonNullable<WaybillResult['reason']>): WaybillResult => ({
      file_name: f.name,
      tracking_no: tracking,
      order_no: labels.get(tracking)?.orderNo ?? '',
      ok: false,
      reason,
      message: t(ctx.lang, `fulfilment.waybill.${reason}`, { tracking_no: tracking }),
    });
    if (!f.ok) {
      results.push(fail(f.reason));
      continue;
    }
    if (!tracking) {
      results.push(fail('name'));
      continue;
    }
    if (seen.has(tracking)) {
      results.push(fail('duplicate'));
      continue;
    }
    seen.add(tracking);
    const label = labels.get(tracking);
    if (!label) {
      results.push(fail('no_label'));
      continue;
    }
    if (!(await loadPdf(f.bytes))) {
      results.push(fail('not_pdf'));
      continue;
    }
    const stored = await storage.put(Readable.from(f.bytes), {
      extension: 'pdf',
      maxBytes: FULFILMENT_LIMITS.waybillBytes,
    });
    await repo.attachFile(ctx.tx, m, label.id, {
      key: stored.key,
      name: `${tracking}.pdf`,
      source: 'waybill',
    });
    results.push({
      file_name: f.name,
      tracking_no: tracking,
      order_no: label.orderNo,
      ok: true,
      reason: null,
      message: null,
    });
  }
  const success = results.filter((r) => r.ok).length;
  return { success, failure: results.length - success, results };
}

/** Candidate tracking numbers in a page's text: runs of letters and digits with a digit in them. */
export function trackingCandidates(text: string): string[] {
  const out: string[] = [];
  for (const token of text.split(/[^A-Za-z0-9-]+/)) {
    const clean = token.replace(/^-+|-+$/g, '');
    if (TRACKING_NO_PATTERN.test(clean) && /\d/.test(clean) && clean.length >= 8 && !out.includes(clean))
      out.push(clean);
  }
  // A number split by spaces (e.g. "1Z 999 AA1 01") is tried joined too.
  const joined = text.replace(/\s+/g, '');
  for (const m of joined.matchAll(/[A-Z0-9]{10,40}/g))
    if (!out.includes(m[0]) && /\d/.test(m[0])) out.push(m[0]);
  return out;
}

export function toSplit(row: repo.SplitRow, files: FileUrls): LabelSplit {
  return {
    id: row.id,
    file_name: row.fileName,
    page_count: row.pageCount,
    matched: row.pages.filter((p) => p.order_id).length,
    status: row.status,
    pages: row.pages.map(({ thumb_key, read_from, ...p }) => ({
      ...p,
      matched: !!p.order_id,
      read_from: read_from ?? null,
      thumbnail_url: thumb_key ? files.url(thumb_key) : null,
    })),
    created_at: row.createdAt.toISOString(),
  };
}

/** What was read from one page of an uploaded label PDF, before any matching is saved. */
export interface ReadPage {
  page: number;
  hasText: boolean;
  /** Candidate numbers read from the text layer. */
  fromText: string[];
  /** Candidate numbers read from the page's Code 128 barcodes (null: not tried, the text matched). */
  fromBarcode: string[] | null;
  /** The stored PNG thumbnail of the page (null when the page could not be drawn). */
  thumbKey: string | null;
}

export interface ReadSplit {
  name: string;
  bytes: Buffer;
  pageCount: number;
  pages: ReadPage[];
}

const unique = (values: string[]) => [...new Set(values)];

/**
 * Reads an uploaded label PDF, outside any transaction (rasterising takes a while): each page's
 * text layer, and for pages whose text names none of the merchant's imported numbers (no text, a
 * scanned label, or only other numbers such as a phone) the Code 128 barcodes drawn on it; each
 * page's thumbnail is stored. Nothing is matched or saved here (createSplit does, in one write).
 */
export async function readSplitPdf(
  ctx: AnyContext,
  file: { name: string; bytes: Buffer },
  storage: FileStorage,
): Promise<ReadSplit> {
  const m = merchantOf(ctx);
  const doc = await loadPdf(file.bytes);
  if (!doc) throw AppError.badRequest('fulfilment.waybill.not_pdf', { tracking_no: file.name });
  const count = doc.getPageCount();
  if (count > FULFILMENT_LIMITS.labelPdfPages)
    throw AppError.badRequest('fulfilment.tooManyPages', { max: FULFILMENT_LIMITS.labelPdfPages });
  let pdf: LabelPdf;
  try {
    pdf = await openLabelPdf(file.bytes);
  } catch {
    throw AppError.badRequest('fulfilment.waybill.not_pdf', { tracking_no: file.name });
  }
  try {
    const fromText = Array.from({ length: count }, (_, i) => trackingCandidates(pdf.texts[i] ?? ''));
    const known = new Set(
      (await repo.labelsByTracking(ctx.tx, m.tenantId, unique(fromText.flat())))
        .filter((l) => l.merchantId === m.merchantId)
        .map((l) => l.trackingNo),
    );
    const pages: ReadPage[] = [];
    for (let i = 0; i < count; i++) {
      const page = i + 1;
      const fromBarcode = fromText[i]!.some((c) => known.has(c))
        ? null
        : unique((await pdf.barcodes(page).catch(() => [] as string[])).flatMap(trackingCandidates));
      const png = await pdf.thumbnail(page).catch(() => null);
      const thumbKey = png
        ? (await storage.put(Readable.from(png), { extension: 'png', maxBytes: THUMBNAIL_MAX_BYTES })).key
        : null;
      pages.push({ page, hasText: !!pdf.texts[i]?.trim(), fromText: fromText[i]!, fromBarcode, thumbKey });
    }
    return { name: file.name, bytes: file.bytes, pageCount: count, pages };
  } finally {
    await pdf.close();
  }
}

/**
 * One multi-page PDF of labels, as read by readSplitPdf: the first number of a page (its text
 * first, then its barcodes) that is one of the merchant's imported logistics numbers matches the
 * page to that order. Pages with neither text nor a readable barcode are listed unmatched
 * (decision 0054). Stored for review, nothing saved.
 */
export async function createSplit(
  ctx: ServiceContext,
  read: ReadSplit,
  storage: FileStorage,
): Promise<repo.SplitRow> {
  const m = merchantOf(ctx);
  const all = unique(read.pages.flatMap((p) => [...p.fromText, ...(p.fromBarcode ?? [])]));
  const known = await repo.labelsByTracking(ctx.tx, m.tenantId, all);
  const mine = new Map(known.filter((l) => l.merchantId === m.merchantId).map((l) => [l.trackingNo, l]));
  const orders = new Map(
    (
      await merchantOrdersByIds(
        ctx.tx,
        m,
        [...mine.values()].map((l) => l.orderId),
      )
    ).map((o) => [o.id, o]),
  );
  const used = new Set<string>();
  const pages: StoredSplitPage[] = read.pages.map((p) => {
    const base = { page: p.page, thumb_key: p.thumbKey };
    const barcodes = p.fromBarcode ?? [];
    const textHit = p.fromText.find((c) => mine.has(c));
    const hit = textHit ?? barcodes.find((c) => mine.has(c));
    if (!hit) {
      const shown = barcodes[0] ?? p.fromText[0] ?? null;
      const reason = shown ? 'no_label' : !p.hasText && !barcodes.length ? 'no_text' : 'no_tracking';
      return {
        ...base,
        tracking_no: shown,
        order_id: null,
        order_no: null,
        reason,
        read_from: shown ? (barcodes.length ? 'barcode' : 'text') : null,
      };
    }
    const label = mine.get(hit)!;
    const order = orders.get(label.orderId);
    const found = {
      ...base,
      tracking_no: hit,
      read_from: textHit ? ('text' as const) : ('barcode' as const),
    };
    if (used.has(hit)) return { ...found, order_id: null, order_no: label.orderNo, reason: 'duplicate' };
    if (!order || order.status === 'cancelled' || order.status === 'timed_out' || order.status === 'unpaid')
      return { ...found, order_id: null, order_no: label.orderNo, reason: 'order_status' };
    used.add(hit);
    return { ...found, order_id: order.id, order_no: order.orderNo, reason: null };
  });
  const stored = await storage.put(Readable.from(read.bytes), {
    extension: 'pdf',
    maxBytes: FULFILMENT_LIMITS.labelPdfBytes,
  });
  return repo.insertSplit(ctx.tx, {
    tenantId: m.tenantId,
    merchantId: m.merchantId,
    fileName: read.name,
    fileKey: stored.key,
    pageCount: read.pageCount,
    pages,
    createdBy: ctx.actor.id,
  });
}

export async function getSplit(ctx: AnyContext, id: string, lock = false): Promise<repo.SplitRow> {
  const row = await repo.findSplit(ctx.tx, ctx.scope, id, lock);
  if (!row) throw AppError.notFound('fulfilment.splitNotFound');
  return row;
}

async function readStored(storage: FileStorage, key: string): Promise<Buffer> {
  const stream = await storage.get(key);
  if (!stream) throw AppError.notFound('fulfilment.splitNotFound');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One page of a PDF as a PDF of its own. */
async function pageAlone(source: PDFDocument, index: number): Promise<Buffer> {
  const out = await pdfLib().PDFDocument.create();
  const [copied] = await out.copyPages(source, [index]);
  out.addPage(copied);
  return Buffer.from(await out.save());
}

export async function splitPage(
  ctx: AnyContext,
  id: string,
  page: number,
  storage: FileStorage,
): Promise<Buffer> {
  const row = await getSplit(ctx, id);
  if (page > row.pageCount) throw AppError.notFound('fulfilment.splitNotFound');
  const source = await pdfLib().PDFDocument.load(await readStored(storage, row.fileKey));
  return pageAlone(source, page - 1);
}

/**
 * Saves a reviewed split: each matched page becomes its order's label file (a one-page PDF).
 * Confirming twice saves nothing more (409 the second time).
 */
export async function confirmSplit(ctx: ServiceContext, id: string, storage: FileStorage, files: FileUrls) {
  const m: MerchantScope = merchantOf(ctx);
  const row = await getSplit(ctx, id, true);
  if (row.status !== 'pending') throw AppError.conflict('fulfilment.splitConfirmed');
  const source = await pdfLib().PDFDocument.load(await readStored(storage, row.fileKey));
  const matched = row.pages.filter((p) => p.order_id && p.tracking_no);
  const labels = new Map(
    (
      await repo.labelsByTracking(
        ctx.tx,
        m.tenantId,
        matched.map((p) => p.tracking_no!),
      )
    )
      .filter((l) => l.merchantId === m.merchantId)
      .map((l) => [l.trackingNo, l]),
  );
  let saved = 0;
  for (const p of matched) {
    const label = labels.get(p.tracking_no!);
    if (!label || label.orderId !== p.order_id) continue;
    const bytes = await pageAlone(source, p.page - 1);
    const stored = await storage.put(Readable.from(bytes), { extension: 'pdf' });
    if (
      await repo.attachFile(ctx.tx, m, label.id, {
        key: stored.key,
        name: `${label.trackingNo}.pdf`,
        source: 'split',
      })
    )
      saved++;
  }
  const confirmed = await repo.confirmSplit(ctx.tx, row.id);
  if (!confirmed) throw AppError.conflict('fulfilment.splitConfirmed');
  return { saved, skipped: row.pageCount - saved, split: toSplit(confirmed, files) };
}

/** Refuses a caller that is not a merchant account (403) before an upload is read. */
export function assertMerchant(ctx: AnyContext): Promise<void> {
  merchantOf(ctx);
  return Promise.resolve();
}

/** The methods a label import may name: the supplier's enabled ones. */
export async function methodOptions(ctx: AnyContext) {
  const m = merchantOf(ctx);
  const rows = await enabledShippingMethods(ctx.tx, m.tenantId);
  return { options: rows.map((r) => ({ value: r.id, label: `${r.carrier} ${r.name} (${r.code})` })) };
}
