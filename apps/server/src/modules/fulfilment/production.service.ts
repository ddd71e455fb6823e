import { PassThrough, type Readable } from 'node:stream';
import type archiver from 'archiver';
import type {
  ProductionDetail,
  ProductionItem,
  productionListQuerySchema,
  productionShipSchema,
} from '@pod/shared';
import type { z } from 'zod';
import type { AnyContext, ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { rendersForPrint, type PrintRender } from '../designs/index.ts';
import { factoriesByIds } from '../logistics/index.ts';
import {
  actorOf,
  productionLines,
  productionOrders,
  productionQueue,
  shipOrder,
  startProduction,
  type OrderRow,
} from '../orders/index.ts';
import { renderDocument, type DocumentLine } from './documents.ts';
import { labelsOfOrders } from './label.repo.ts';
import { onFirstUse } from '../../platform/first-use.ts';

/** Loaded on first use (decision 0087). */
const zipLib = onFirstUse<typeof archiver>('archiver');

/*
 * The factory's side (issue 21, decision 0054): the production queue of the factories the caller
 * acts for (factory users: their own; supplier staff: their factory permissions), and what the
 * factory does with an order.
 */

type OrderLine = Awaited<ReturnType<typeof productionLines>>[number];

const status = (row: OrderRow) => row.status as ProductionItem['status'];

async function factoryNames(ctx: AnyContext, rows: OrderRow[]) {
  const tenantId = rows[0]?.tenantId;
  if (!tenantId) return new Map<string, string>();
  const ids = [...new Set(rows.map((r) => r.factoryId).filter((x): x is string => !!x))];
  const list = await factoriesByIds(ctx.tx, tenantId, ids);
  return new Map(list.map((f) => [f.id, f.name]));
}

function toItem(row: OrderRow, names: Map<string, string>, hasLabel: boolean): ProductionItem {
  return {
    id: row.id,
    order_no: row.orderNo,
    status: status(row),
    factory: row.factoryId ? { id: row.factoryId, name: names.get(row.factoryId) ?? '' } : null,
    platform: row.platform,
    country_code: row.countryCode,
    consignee: [row.address.first_name, row.address.last_name].filter(Boolean).join(' '),
    total_quantity: row.totalQuantity,
    shipping: {
      method_id: row.shipping.method_id,
      carrier: row.shipping.carrier,
      name: row.shipping.name,
      code: row.shipping.code,
      delivery_days_min: row.shipping.delivery_days_min,
      delivery_days_max: row.shipping.delivery_days_max,
    },
    tracking_no: row.trackingNo,
    carrier_code: row.carrierCode,
    has_label: hasLabel,
    latest_delivery_at: row.latestDeliveryAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
    shipped_at: row.shippedAt?.toISOString() ?? null,
  };
}

export async function listQueue(ctx: AnyContext, q: z.output<typeof productionListQuerySchema>) {
  const { rows, total, counts } = await productionQueue(ctx.tx, ctx.scope, q);
  const [names, labels] = await Promise.all([
    factoryNames(ctx, rows),
    labelsOfOrders(
      ctx.tx,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    list: rows.map((r) => toItem(r, names, labels.get(r.id)?.status === 'ready')),
    total,
    page: q.page,
    limit: q.limit,
    counts,
  };
}

/** The caller's order of the queue, or 404. */
async function queueOrder(ctx: AnyContext, id: string, lock = false): Promise<OrderRow> {
  const [row] = await productionOrders(ctx.tx, ctx.scope, [id], lock);
  if (!row) throw AppError.notFound('fulfilment.orderNotFound');
  return row;
}

/** The print files of lines: one per designed surface of the line's colour. */
function printsOf(lines: OrderLine[], renders: Map<string, PrintRender[]>) {
  return lines.flatMap((l) =>
    (l.finishedProductId ? (renders.get(l.finishedProductId) ?? []) : [])
      .filter((r) => r.colorId === l.colorId)
      .map((r) => ({ line: l, render: r })),
  );
}

export async function getDetail(ctx: AnyContext, id: string, files: FileUrls): Promise<ProductionDetail> {
  const row = await queueOrder(ctx, id);
  const lines = await productionLines(ctx.tx, [row.id]);
  const [names, labels, renders] = await Promise.all([
    factoryNames(ctx, [row]),
    labelsOfOrders(ctx.tx, [row.id]),
    rendersForPrint(
      ctx.tx,
      row.tenantId,
      lines.map((l) => l.finishedProductId).filter((x): x is string => !!x),
    ),
  ]);
  const label = labels.get(row.id);
  return {
    ...toItem(row, names, label?.status === 'ready'),
    lines: lines.map((l) => ({
      id: l.id,
      finished_code: l.finishedCode,
      name: l.name,
      style_code: l.styleCode,
      color_name: l.colorName,
      size_name: l.sizeName,
      sku_code: l.skuCode,
      quantity: l.quantity,
      thumb_url: l.thumbKey ? files.url(l.thumbKey) : null,
    })),
    print_files: printsOf(lines, renders).map(({ line, render }) => ({
      line_id: line.id,
      surface: render.surface,
      url: render.printKey ? files.url(render.printKey) : null,
      mockup_url: render.mockupKey ? files.url(render.mockupKey) : null,
      width: render.width,
      height: render.height,
      dpi: render.dpi,
    })),
    address: { ...row.address },
    customs: { ...row.customs },
    remark: row.remark,
    label: label
      ? { tracking_no: label.trackingNo, method_name: label.methodName, file_name: label.fileName }
      : null,
  };
}

/** paid → in production for each order; the others are reported, none of them written. */
export async function start(ctx: ServiceContext, ids: string[]) {
  const rows = await productionOrders(ctx.tx, ctx.scope, ids, true);
  const found = new Map(rows.map((r) => [r.id, r]));
  const actor = await actorOf(ctx);
  const results = [];
  for (const id of [...new Set(ids)]) {
    const row = found.get(id);
    if (!row) {
      results.push({ id, order_no: '', ok: false, reason: t(ctx.lang, 'fulfilment.orderNotFound') });
      continue;
    }
    const moved = row.status === 'paid' ? await startProduction(ctx.tx, row, actor) : null;
    results.push({
      id,
      order_no: row.orderNo,
      ok: !!moved,
      reason: moved ? null : t(ctx.lang, 'fulfilment.notPaid', { order_no: row.orderNo }),
    });
  }
  // Every id another factory's (or tenant's): nothing of the caller's was named.
  if (!rows.length) throw AppError.notFound('fulfilment.orderNotFound');
  const success = results.filter((r) => r.ok).length;
  return { results, success, failure: results.length - success };
}

/** in production → shipped, with the carrier and tracking number. */
export async function ship(ctx: ServiceContext, id: string, input: z.output<typeof productionShipSchema>) {
  const row = await queueOrder(ctx, id, true);
  if (row.status !== 'in_production')
    throw AppError.conflict('fulfilment.notInProduction', { order_no: row.orderNo });
  const shipped = await shipOrder(
    ctx.tx,
    row,
    { carrierCode: input.carrier_code, trackingNo: input.tracking_no },
    await actorOf(ctx),
  );
  if (!shipped) throw AppError.conflict('fulfilment.notInProduction', { order_no: row.orderNo });
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'file';

/**
 * The print files of the caller's orders as one zip streamed as it is written: `<order no>/
 * <line n>-<surface>.png`; a surface not rendered yet is listed in `<order no>/MISSING.txt`.
 * 404 when none of the ids is the caller's.
 */
export async function printFilesZip(ctx: AnyContext, ids: string[], storage: FileStorage): Promise<Readable> {
  const rows = await productionOrders(ctx.tx, ctx.scope, ids);
  if (!rows.length) throw AppError.notFound('fulfilment.orderNotFound');
  const lines = await productionLines(
    ctx.tx,
    rows.map((r) => r.id),
  );
  const renders = await rendersForPrint(
    ctx.tx,
    rows[0]!.tenantId,
    lines.map((l) => l.finishedProductId).filter((x): x is string => !!x),
  );
  const zip = zipLib()('zip', { zlib: { level: 1 } });
  const out = new PassThrough();
  zip.on('error', (error) => out.destroy(error));
  zip.pipe(out);
  void (async () => {
    try {
      for (const row of rows) {
        const own = lines.filter((l) => l.orderId === row.id);
        const missing: string[] = [];
        for (const [n, l] of own.entries()) {
          const prints = printsOf([l], renders);
          if (!prints.length) missing.push(`${n + 1} ${l.finishedCode}: -`);
          for (const { render } of prints) {
            const stream = render.printKey ? await storage.get(render.printKey) : null;
            if (!stream) {
              missing.push(`${n + 1} ${l.finishedCode}: ${render.surface}`);
              continue;
            }
            zip.append(stream, {
              name: `${row.orderNo}/${n + 1}-${safeName(l.finishedCode)}-${safeName(render.surface)}.png`,
            });
          }
        }
        if (missing.length) zip.append(`${missing.join('\n')}\n`, { name: `${row.orderNo}/MISSING.txt` });
      }
      await zip.finalize();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

async function readAll(storage: FileStorage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const stream = await storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The packing slip or production sheet of one order (PDF bytes). */
export async function orderDocument(
  ctx: AnyContext,
  id: string,
  kind: 'packing_slip' | 'production_sheet',
  storage: FileStorage,
): Promise<{ orderNo: string; pdf: Uint8Array }> {
  const row = await queueOrder(ctx, id);
  const lines = await productionLines(ctx.tx, [row.id]);
  const renders = await rendersForPrint(
    ctx.tx,
    row.tenantId,
    lines.map((l) => l.finishedProductId).filter((x): x is string => !!x),
  );
  const names = await factoryNames(ctx, [row]);
  const l = (key: string) => t(ctx.lang, `fulfilment.doc.${key}`);
  const a = row.address;
  const docLines: DocumentLine[] = [];
  for (const line of lines) {
    const prints = printsOf([line], renders);
    const thumbKey = line.thumbKey ?? prints.find((p) => p.render.thumbKey)?.render.thumbKey ?? null;
    docLines.push({
      name: line.name,
      code: line.finishedCode,
      color: line.colorName,
      size: line.sizeName,
      quantity: line.quantity,
      image: await readAll(storage, thumbKey),
      prints: prints.map(({ render }) => ({
        surface: render.surface,
        width: render.width,
        height: render.height,
        dpi: render.dpi,
        ready: !!render.printKey,
      })),
    });
  }
  const rows: Array<[string, string]> = [
    [l('orderNo'), row.orderNo],
    [l('consignee'), [a.first_name, a.last_name].filter(Boolean).join(' ')],
    [l('phone'), a.mobile_phone],
    [l('address'), [a.street, a.area, a.city, a.province, a.country, a.postcode].filter(Boolean).join(', ')],
    [l('shipping'), `${row.shipping.carrier} ${row.shipping.name}`],
    [l('quantity'), String(row.totalQuantity)],
  ];
  if (kind === 'production_sheet') {
    rows.push([l('factory'), row.factoryId ? (names.get(row.factoryId) ?? '') : '']);
    rows.push([l('paidAt'), row.paidAt?.toISOString().slice(0, 16).replace('T', ' ') ?? '']);
    if (row.remark) rows.push([l('remark'), row.remark]);
  } else {
    rows.push([l('customs'), `${row.customs.en_name} / ${row.customs.cn_name}`]);
  }
  const pdf = await renderDocument({
    kind,
    title: l(kind === 'packing_slip' ? 'packingSlip' : 'productionSheet'),
    orderNo: row.orderNo,
    rows,
    lines: docLines,
    labels: { line: l('line'), quantity: l('quantity'), prints: l('print') },
  });
  return { orderNo: row.orderNo, pdf };
}

/** The waybill PDF the merchant imported for a queue order (its storage key), or 404. */
export async function labelFileOf(ctx: AnyContext, id: string) {
  const row = await queueOrder(ctx, id);
  const label = (await labelsOfOrders(ctx.tx, [row.id])).get(row.id);
  if (!label?.fileKey) throw AppError.notFound('fulfilment.labelNotFound');
  return { key: label.fileKey, name: `${label.trackingNo}.pdf` };
}
