import { and, eq, isNull } from 'drizzle-orm';
import { DESIGN_FONT_FAMILIES } from '@pod/shared';
import { safeLoadDesignDocument, validateDesign } from '@pod/design';
import type { Executor } from '../../db/client.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import { findVisibleProduct, loadRefs } from '../catalog/index.ts';
import { designedFaces, fontsOf, specsOf } from './design-check.ts';
import { readStored } from './render.ts';
import { finishedProducts, type StoredExternalCode } from './schema.ts';

/*
 * What publishing (issue 23) reads and writes of a finished product, through designs' index.ts:
 * its variations and mockups, the print side of the preflight, and the marketplace's ids and the
 * publish status once published (spec §3 Finished product: external SPU/SKC/SKU, publish status).
 */

export interface FinishedForPublishing {
  id: string;
  code: string;
  name: string;
  /** colour × size, with names (sizes: every size of the product when none was chosen). */
  variations: Array<{ color_id: string; color: string; size_id: string | null; size: string | null }>;
  /** `{color_id}:{surface_key}` of every rendered mockup. */
  mockups: string[];
}

async function rowOf(tx: Executor, m: MerchantScope, id: string) {
  const [row] = await tx
    .select()
    .from(finishedProducts)
    .where(
      and(
        eq(finishedProducts.id, id),
        eq(finishedProducts.tenantId, m.tenantId),
        eq(finishedProducts.merchantId, m.merchantId),
        isNull(finishedProducts.deletedAt),
      ),
    );
  return row ?? null;
}

/** The merchant's finished product as a listing needs it; null when it is not theirs or deleted. */
export async function finishedForPublishing(
  tx: Executor,
  m: MerchantScope,
  id: string,
): Promise<FinishedForPublishing | null> {
  const row = await rowOf(tx, m, id);
  if (!row) return null;
  let sizeIds = row.sizeMode === 'default' ? row.sizeIds : [];
  let refs: Awaited<ReturnType<typeof loadRefs>> | null;
  try {
    const product = await findVisibleProduct(
      tx,
      m.tenantId,
      { kind: 'merchant', merchantId: m.merchantId, ownOnly: false },
      row.productId,
    );
    if (!sizeIds.length) sizeIds = product.sizeIds;
    refs = await loadRefs(tx, m.tenantId, [product]);
  } catch {
    refs = null;
  }
  const variations: FinishedForPublishing['variations'] = [];
  for (const colorId of row.colorIds) {
    const color = refs?.colors.get(colorId)?.name ?? colorId.slice(0, 8);
    if (!sizeIds.length) variations.push({ color_id: colorId, color, size_id: null, size: null });
    for (const sizeId of sizeIds)
      variations.push({
        color_id: colorId,
        color,
        size_id: sizeId,
        size: refs?.sizes.get(sizeId)?.name ?? sizeId.slice(0, 8),
      });
  }
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    variations,
    mockups: row.renders.filter((r) => r.mockup_key).map((r) => `${r.color_id}:${r.surface_key}`),
  };
}

/** The stored mockup of `{color_id}:{surface_key}`, or null. */
export async function readMockup(
  tx: Executor,
  storage: FileStorage,
  m: MerchantScope,
  finishedId: string,
  ref: string,
): Promise<Buffer | null> {
  const row = await rowOf(tx, m, finishedId);
  const render = row?.renders.find((r) => `${r.color_id}:${r.surface_key}` === ref && r.mockup_key);
  return render?.mockup_key ? readStored(storage, render.mockup_key) : null;
}

/** One print-side finding of the preflight. */
export interface PrintFinding {
  code:
    | 'dpi'
    | 'outside_print_area'
    | 'outside_safe_area'
    | 'missing_surface'
    | 'font'
    | 'not_rendered'
    | 'product';
  severity: 'error' | 'warning';
  surface: string | null;
  color_id: string | null;
  params: Record<string, string | number>;
}

/**
 * The print side of the preflight (issue 23): each surface's images at print size (red DPI is an
 * error, amber a warning), content outside the print area (error) or the safe area and bleed
 * (warning), priced surfaces without a print file, and fonts the print files cannot embed.
 */
export async function printPreflight(
  tx: Executor,
  m: MerchantScope,
  finishedId: string,
): Promise<PrintFinding[]> {
  const row = await rowOf(tx, m, finishedId);
  if (!row) return [{ code: 'product', severity: 'error', surface: null, color_id: null, params: {} }];
  const out: PrintFinding[] = [];
  let product;
  try {
    product = await findVisibleProduct(
      tx,
      m.tenantId,
      { kind: 'merchant', merchantId: m.merchantId, ownOnly: false },
      row.productId,
    );
  } catch {
    return [{ code: 'product', severity: 'error', surface: null, color_id: null, params: {} }];
  }
  const specs = specsOf(product);
  const docs = row.documents
    .map((d) => safeLoadDesignDocument(d))
    .flatMap((r) => (r.success ? [r.data] : []));
  for (const doc of docs) {
    for (const f of validateDesign(doc, specs)) {
      const at = { color_id: doc.color_id };
      if (f.code === 'dpi') {
        if (f.level === 'green') continue;
        out.push({
          ...at,
          code: 'dpi',
          severity: f.level === 'red' ? 'error' : 'warning',
          surface: f.surface,
          params: { dpi: Math.floor(f.dpi), min: f.min_dpi, surface: f.surface },
        });
      } else if (f.code === 'unknown_surface')
        out.push({
          ...at,
          code: 'missing_surface',
          severity: 'error',
          surface: f.surface,
          params: { surface: f.surface },
        });
      else
        out.push({
          ...at,
          code: f.code,
          severity: f.severity === 'error' ? 'error' : 'warning',
          surface: f.surface,
          params: { surface: f.surface },
        });
    }
    for (const { font } of fontsOf(doc))
      if (!(DESIGN_FONT_FAMILIES as readonly string[]).includes(font))
        out.push({
          ...{ color_id: doc.color_id },
          code: 'font',
          severity: 'error',
          surface: null,
          params: { font },
        });
  }
  if (row.renderStatus !== 'done')
    out.push({ code: 'not_rendered', severity: 'error', surface: null, color_id: null, params: {} });
  else
    for (const doc of docs)
      for (const face of designedFaces([doc], product))
        if (!row.renders.some((r) => r.color_id === doc.color_id && r.surface_key === face && r.print_key))
          out.push({
            code: 'missing_surface',
            severity: 'error',
            surface: face,
            color_id: doc.color_id,
            params: { surface: face },
          });
  return out;
}

/**
 * Records what the marketplace returned (spec §3: external SPU/SKC/SKU and publish status), so
 * order intake links the marketplace's SKU ids to the finished product by itself.
 */
export async function recordPublication(
  tx: Executor,
  m: MerchantScope,
  finishedId: string,
  publication: { status: string; spu?: string; codes?: StoredExternalCode[]; publishedAt?: Date | null },
): Promise<void> {
  await tx
    .update(finishedProducts)
    .set({
      publishStatus: publication.status,
      ...(publication.spu !== undefined
        ? { externalSpu: publication.spu, exportStatus: 'exported' as const }
        : {}),
      ...(publication.codes !== undefined ? { externalCodes: publication.codes } : {}),
      ...(publication.publishedAt !== undefined ? { publishedAt: publication.publishedAt } : {}),
    })
    .where(
      and(
        eq(finishedProducts.id, finishedId),
        eq(finishedProducts.tenantId, m.tenantId),
        eq(finishedProducts.merchantId, m.merchantId),
      ),
    );
}
