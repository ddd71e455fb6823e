import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  PERSONALISATION_JOBS,
  type LinePersonalisation,
  type Language,
  type PersonalisationReason,
} from '@pod/shared';
import type { DesignDocument } from '@pod/design';
import type { Executor } from '../../db/client.ts';
import type { Customisation } from '../../integrations/marketplace/index.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import type { AppServices } from '../../services.ts';
import { attachmentsLinkedTo } from '../admin/index.ts';
import { finishedForPersonalisation, isPersonalisable, renderDocuments } from '../designs/index.ts';
import { customisedOrdersPending, findOrdersByIds, orderLinesOf, setReviewLines } from '../orders/index.ts';
import { VendorFileError } from '../../integrations/marketplace/index.ts';
import { storeBuyerImage } from './buyer-image.ts';
import { fillDocument, mapCustomisation, type Problem, type StoredImage } from './fill.ts';
import { orderLinePersonalisations as olp } from './schema.ts';

export type PersonalisationRow = typeof olp.$inferSelect;

/** Statuses that keep the order from being paid (and so from production). */
export const BLOCKING = ['pending', 'rendering', 'review'] as const;

/** Counts the order's blocking lines onto `orders.review_lines` (the payment gate). */
export async function recount(tx: Executor, m: MerchantScope, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(olp)
    .where(
      and(
        eq(olp.tenantId, m.tenantId),
        eq(olp.merchantId, m.merchantId),
        eq(olp.orderId, orderId),
        inArray(olp.status, [...BLOCKING]),
      ),
    );
  const n = row?.n ?? 0;
  await setReviewLines(tx, { tenantId: m.tenantId, orderId }, n);
  return n;
}

export function rowsOf(tx: Executor, m: MerchantScope, orderId: string): Promise<PersonalisationRow[]> {
  return tx
    .select()
    .from(olp)
    .where(and(eq(olp.tenantId, m.tenantId), eq(olp.merchantId, m.merchantId), eq(olp.orderId, orderId)));
}

/** The buyer customisation order intake stored on a line (the `customisation` jsonb column). */
const customisationOf = (line: object): Customisation[] => {
  const value = (line as { customisation?: unknown }).customisation;
  return Array.isArray(value) ? (value as Customisation[]) : [];
};

/**
 * Marks the order's customised lines of personalisable finished products `pending` (a line saved
 * by hand in the editor stays as it is, unless `lineIds` names it) and counts them onto the order,
 * in the caller's transaction. Returns the lines to fill.
 */
export async function markPending(
  tx: Executor,
  m: MerchantScope,
  orderId: string,
  lineIds?: readonly string[],
): Promise<string[]> {
  const [order] = await findOrdersByIds(tx, m, [orderId]);
  if (!order) return [];
  const lines = (await orderLinesOf(tx, [orderId])).filter(
    (l) => l.finishedProductId && customisationOf(l).length > 0 && (!lineIds || lineIds.includes(l.id)),
  );
  const existing = new Map((await rowsOf(tx, m, orderId)).map((r) => [r.lineId, r]));
  const marked: string[] = [];
  for (const line of lines) {
    const finished = await finishedForPersonalisation(tx, m, line.finishedProductId!);
    if (!finished?.slots.length) continue;
    const row = existing.get(line.id);
    if (row?.edited && !lineIds) continue;
    if (row)
      await tx
        .update(olp)
        .set({ status: 'pending', finishedProductId: finished.id, updatedAt: new Date() })
        .where(eq(olp.id, row.id));
    else
      await tx.insert(olp).values({
        tenantId: m.tenantId,
        merchantId: m.merchantId,
        orderId,
        lineId: line.id,
        finishedProductId: finished.id,
      });
    marked.push(line.id);
  }
  await recount(tx, m, orderId);
  return marked;
}

export interface FillJobData {
  tenant_id: string;
  merchant_id: string;
  order_id: string;
  /** Only these lines; every pending line of the order when absent. */
  line_ids?: string[];
  /** Render the stored document as it is (saved by hand) instead of filling it again. */
  render_only?: boolean;
}

/**
 * The sweep that starts personalisation by itself (issue 20): unpaid orders whose linked lines carry
 * buyer customisation of a personalisable finished product and have no personalisation yet —
 * whichever way the order arrived (sync, spreadsheet import) and however the line was linked (SKU
 * mapping, by hand). Returns how many orders it queued.
 */
export async function queueNewPersonalisations(services: AppServices, limit = 50): Promise<number> {
  const due = await customisedOrdersPending(
    services.database.db,
    (line) =>
      sql`${isPersonalisable(line.finishedProductId)} AND NOT EXISTS (SELECT 1 FROM ${olp} WHERE ${olp.lineId} = ${line.id})`,
    limit,
  );
  let queued = 0;
  for (const o of due) {
    const m = { tenantId: o.tenantId, merchantId: o.merchantId };
    if (await queuePersonalisation(services, m, o.orderId)) queued += 1;
  }
  return queued;
}

/**
 * Queues the fill of an order's customised lines (marking them pending first, so the order is not
 * payable meanwhile). Null when nothing is to be filled, or this process runs no queue.
 */
export async function queuePersonalisation(
  services: AppServices,
  m: MerchantScope,
  orderId: string,
  options: { createdBy?: string | null; lineIds?: string[]; renderOnly?: boolean } = {},
): Promise<string | null> {
  const db = services.database.db;
  const lines = options.renderOnly
    ? (options.lineIds ?? [])
    : await db.transaction((tx) => markPending(tx, m, orderId, options.lineIds));
  if (!lines.length || !services.jobs.isStarted) return null;
  const jobId = await services.jobs.enqueue<FillJobData>(
    PERSONALISATION_JOBS.fill,
    {
      tenant_id: m.tenantId,
      merchant_id: m.merchantId,
      order_id: orderId,
      line_ids: lines,
      ...(options.renderOnly ? { render_only: true } : {}),
    },
    { tenantId: m.tenantId, merchantId: m.merchantId, createdBy: options.createdBy ?? null },
  );
  await db
    .update(olp)
    .set({ jobId })
    .where(and(eq(olp.orderId, orderId), inArray(olp.lineId, lines)));
  return jobId;
}

async function finish(
  services: AppServices,
  m: MerchantScope,
  row: PersonalisationRow,
  set: Partial<typeof olp.$inferInsert>,
): Promise<void> {
  await services.database.db.transaction(async (tx) => {
    // A hand edit saved meanwhile wins over an automatic fill.
    const [current] = await tx.select().from(olp).where(eq(olp.id, row.id)).for('update');
    if (!current || (current.edited && !row.edited)) return;
    await tx
      .update(olp)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(olp.id, row.id));
    await recount(tx, m, row.orderId);
  });
}

const problemSet = (problems: Problem[]) =>
  problems.length
    ? { status: 'review' as const, reasonCode: problems[0]!.code, reasonParams: problems[0]!.params }
    : { status: 'done' as const, reasonCode: null, reasonParams: {} };

/**
 * Fills one line: maps its customisation onto the slots, fetches and stores the buyer's images,
 * fills the colour's document, renders the print files and mockups. Whatever cannot be applied
 * flags the line `review` with the first reason; the rest is still applied and rendered, so the
 * merchant sees the mockup and finishes it in the editor.
 */
export async function fillLine(
  services: AppServices,
  m: MerchantScope,
  row: PersonalisationRow,
  line: { id: string; colorId: string | null; customisation?: unknown },
): Promise<void> {
  const db = services.database.db;
  await db.update(olp).set({ status: 'rendering' }).where(eq(olp.id, row.id));
  const finished = row.finishedProductId
    ? await finishedForPersonalisation(db, m, row.finishedProductId)
    : null;
  if (!finished?.slots.length) {
    await finish(services, m, row, {
      status: 'review',
      reasonCode: 'missing_slot',
      reasonParams: { slot: '-' },
    });
    return;
  }
  const problems: Problem[] = [];
  const entries = customisationOf(line).map((c) => ({ kind: c.kind, value: c.value, label: c.label }));
  const { pairs, unmatched } = mapCustomisation(finished.slots, entries);
  for (const entry of unmatched)
    problems.push({ code: 'missing_slot', params: { slot: entry.label ?? entry.kind } });
  const filled: Array<{
    slot: (typeof pairs)[number]['slot'];
    entry: (typeof pairs)[number]['entry'];
    image?: StoredImage | null;
  }> = [];
  const attachmentIds: string[] = [];
  for (const pair of pairs) {
    if (pair.entry.kind !== 'image') {
      filled.push(pair);
      continue;
    }
    try {
      const image = await storeBuyerImage(services, m, pair.entry.value, `buyer-${pair.slot.name}`);
      attachmentIds.push(image.id);
      filled.push({ ...pair, image });
    } catch (error) {
      problems.push(
        error instanceof VendorFileError && error.refused
          ? // Not fetched at all: the URL points into a private network (decision 0064).
            {
              code: 'image_address_refused',
              params: { slot: pair.slot.name, host: error.refused.host.slice(0, 200) },
            }
          : {
              code: 'image_unusable',
              params: {
                slot: pair.slot.name,
                detail: (error instanceof Error ? error.message : String(error)).slice(0, 200),
              },
            },
      );
    }
  }
  const base = finished.documents.find((d) => d.color_id === line.colorId) ?? finished.documents[0];
  if (!base) {
    await finish(services, m, row, {
      status: 'review',
      reasonCode: 'missing_slot',
      reasonParams: { slot: '-' },
    });
    return;
  }
  const result = fillDocument(base, finished.specs, filled);
  problems.push(...result.problems);
  let renders: PersonalisationRow['renders'] = [];
  try {
    renders = await renderDocuments(services, m, finished.productId, [result.doc]);
  } catch (error) {
    problems.push({
      code: 'render_failed',
      params: { detail: (error instanceof Error ? error.message : String(error)).slice(0, 200) },
    });
  }
  await finish(services, m, row, {
    ...problemSet(problems),
    applied: result.applied,
    document: result.doc,
    renders,
    attachmentIds,
  });
}

/** Renders a line's stored document (saved by hand) again. */
export async function renderLine(services: AppServices, m: MerchantScope, row: PersonalisationRow) {
  const db = services.database.db;
  const finished = row.finishedProductId
    ? await finishedForPersonalisation(db, m, row.finishedProductId)
    : null;
  if (!row.document || !finished) return;
  try {
    const renders = await renderDocuments(services, m, finished.productId, [
      row.document as unknown as DesignDocument,
    ]);
    await finish(services, m, row, { status: 'done', reasonCode: null, reasonParams: {}, renders });
  } catch (error) {
    await finish(services, m, row, {
      status: 'review',
      reasonCode: 'render_failed',
      reasonParams: { detail: (error instanceof Error ? error.message : String(error)).slice(0, 200) },
    });
  }
}

/** The fill job: each named line of the order, progress over the lines. */
export async function runFill(
  services: AppServices,
  data: FillJobData,
  progress: (percent: number) => Promise<void>,
): Promise<{ order_id: string; done: number; review: number }> {
  const db = services.database.db;
  const m = { tenantId: data.tenant_id, merchantId: data.merchant_id };
  const rows = (await rowsOf(db, m, data.order_id)).filter(
    (r) => !data.line_ids || data.line_ids.includes(r.lineId),
  );
  const lines = new Map((await orderLinesOf(db, [data.order_id])).map((l) => [l.id, l]));
  for (const [i, row] of rows.entries()) {
    const line = lines.get(row.lineId);
    if (line) {
      if (data.render_only) await renderLine(services, m, row);
      else await fillLine(services, m, row, line);
    }
    await progress(((i + 1) / rows.length) * 100);
  }
  const after = (await rowsOf(db, m, data.order_id)).filter((r) => rows.some((x) => x.id === r.id));
  return {
    order_id: data.order_id,
    done: after.filter((r) => r.status === 'done').length,
    review: after.filter((r) => r.status === 'review').length,
  };
}

/** The reason of a flagged line in the reader's language. */
export function reasonText(lang: Language, code: string | null, params: Record<string, string | number>) {
  return code ? t(lang, `personalisation.reason.${code}`, params) : null;
}

/** A line's personalisation as replies show it (files and the buyer's images signed). */
export async function toLinePersonalisation(
  tx: Executor,
  m: MerchantScope,
  row: PersonalisationRow,
  line: {
    id: string;
    finishedProductId: string | null;
    productId: string | null;
    colorId: string | null;
    name: string;
    customisation?: unknown;
  },
  files: FileUrls,
  lang: Language,
): Promise<LinePersonalisation> {
  const doc = row.document as unknown as DesignDocument | null;
  const ids = new Set<string>(row.attachmentIds);
  if (doc)
    for (const surface of Object.values(doc.surfaces))
      for (const layer of surface.layers)
        if (layer.type === 'image' && layer.source.kind === 'attachment') ids.add(layer.source.id);
  const assets = (await attachmentsLinkedTo(tx, [...ids]))
    .filter((a) => a.merchantId === m.merchantId && a.tenantId === m.tenantId)
    .map((a) => ({
      kind: 'attachment' as const,
      id: a.id,
      url: files.url(a.storageKey),
      thumb_url: a.thumbnailKey ? files.url(a.thumbnailKey) : null,
    }));
  const sign = (key: string | null) => (key ? files.url(key) : null);
  return {
    line_id: line.id,
    finished_product_id: line.finishedProductId,
    product_id: doc?.product_id ?? line.productId,
    color_id: doc?.color_id ?? line.colorId,
    name: line.name,
    status: row.status,
    reason_code: (row.reasonCode as PersonalisationReason | null) ?? null,
    reason: reasonText(lang, row.reasonCode, row.reasonParams),
    customisation: customisationOf(line).map((c) => ({
      kind: c.kind,
      value: c.value,
      label: c.label,
      preview_url: c.previewUrl,
    })),
    applied: row.applied,
    document: row.document ?? null,
    assets,
    renders: row.renders.map((r) => ({
      surface_key: r.surface_key,
      print_url: sign(r.print_key),
      mockup_url: sign(r.mockup_key),
      thumb_url: sign(r.thumb_key),
      width: r.width,
      height: r.height,
      dpi: r.dpi,
    })),
    edited: row.edited,
    job_id: row.jobId,
    updated_at: row.updatedAt.toISOString(),
  };
}
