import { DESIGN_FONT_FAMILIES, type DesignFindingReply, type PriceBreakdown } from '@pod/shared';
import {
  isShown,
  safeLoadDesignDocument,
  saveBlockers,
  surfaceSpecFromCatalog,
  validateDesign,
  walkLayers,
  type AssetRef,
  type DesignDocument,
  type DesignFinding,
  type Layer,
  type SurfaceSpec,
} from '@pod/design';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findAttachments, type AttachmentRow } from '../admin/index.ts';
import { findVisibleProduct, quoteForMerchant, type ProductRow } from '../catalog/index.ts';
import { usableMaterials } from '../materials/index.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';

/** The merchant a design belongs to. */
export type { MerchantScope };

type StoredSurface = ProductRow['surfaces'][number];

/** The product's design surfaces as the validator and renderer read them. */
export function specsOf(product: ProductRow): SurfaceSpec[] {
  return product.surfaces.map((s) => surfaceSpecFromCatalog(s));
}

export function surfaceOf(product: ProductRow, key: string): StoredSurface | undefined {
  return product.surfaces.find((s) => s.key === key);
}

/** A 400 naming the bad field (the field path inside the request body). */
export function fieldError(field: string, key: string, params: Record<string, string | number> = {}) {
  return new AppError(400, key, params, { errors: [{ field, message: key }] });
}

/**
 * Loads the documents of a request (any known version, migrated), or 400 with the path of the
 * first bad field, e.g. `documents.0.surfaces.front.layers.1.font_size`.
 */
export function parseDocuments(raw: readonly unknown[], prefix: string): DesignDocument[] {
  return raw.map((input, i) => {
    const loaded = safeLoadDesignDocument(input);
    if (loaded.success) return loaded.data;
    const errors = loaded.error.issues.slice(0, 20).map((issue) => ({
      field: [prefix, ...(prefix === 'document' ? [] : [i]), ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    const first = errors[0]!;
    throw new AppError(
      400,
      'design.invalidDocument',
      { field: first.field, reason: first.message },
      { errors },
    );
  });
}

/** Every asset a document references, hidden layers included (they are stored, so they must be allowed). */
export function allAssetRefs(doc: DesignDocument): AssetRef[] {
  const refs = new Map<string, AssetRef>();
  for (const surface of Object.values(doc.surfaces))
    walkLayers(surface.layers, (layer) => {
      if (layer.type === 'image' || layer.type === 'svg' || layer.type === 'tiling')
        refs.set(`${layer.source.kind}:${layer.source.id}`, layer.source);
      if (layer.type === 'watermark' && layer.content.kind === 'image')
        refs.set(`${layer.content.source.kind}:${layer.content.source.id}`, layer.content.source);
    });
  return [...refs.values()];
}

/** The font families a document names. */
export function fontsOf(doc: DesignDocument): Array<{ font: string; field: string }> {
  const out: Array<{ font: string; field: string }> = [];
  for (const [code, surface] of Object.entries(doc.surfaces))
    walkLayers(surface.layers, (layer, at) => {
      const path = ['surfaces', code, 'layers', at.path.join('.children.')].join('.');
      if (layer.type === 'text') out.push({ font: layer.font_family, field: `${path}.font_family` });
      if (layer.type === 'watermark' && layer.content.kind === 'text')
        out.push({ font: layer.content.font_family, field: `${path}.content.font_family` });
    });
  return out;
}

/** Surface keys with at least one shown layer: the faces the merchant pays print for. */
export function designedFaces(docs: readonly DesignDocument[], product: ProductRow): string[] {
  const keys = new Set<string>();
  for (const doc of docs)
    for (const [code, surface] of Object.entries(doc.surfaces)) {
      let shown = false;
      walkLayers(surface.layers, (layer, at) => {
        if (layer.type !== 'group' && isShown(layer, at)) shown = true;
      });
      if (shown) keys.add(code);
    }
  return product.surfaces.filter((s) => keys.has(s.key)).map((s) => s.key);
}

const layerLabel = (doc: DesignDocument, surface: string, layerId: string) => {
  let label = layerId;
  walkLayers(doc.surfaces[surface]?.layers ?? [], (layer: Layer) => {
    if (layer.id === layerId && layer.name) label = layer.name;
  });
  return label;
};

export interface CheckedDesign {
  product: ProductRow;
  docs: DesignDocument[];
  faces: string[];
  findings: DesignFindingReply[];
  price: PriceBreakdown;
  materials: Awaited<ReturnType<typeof usableMaterials>>;
  attachments: AttachmentRow[];
}

export interface CheckOptions {
  confirmedBlurry: boolean;
  sizeIds: readonly string[];
  /** Where the documents sit in the request body, for error paths. */
  prefix: string;
}

/**
 * Everything a save checks (issue 8): each document is for this product and one of its colours,
 * names bundled fonts only, passes validateDesign against the product's surfaces (red DPI only
 * with confirmation, no layer outside the print area), references only materials the merchant may
 * use and attachments it uploaded; then prices it with the shared engine.
 */
export async function checkDesign(
  tx: Executor,
  m: MerchantScope,
  productId: string,
  docs: DesignDocument[],
  options: CheckOptions,
): Promise<CheckedDesign> {
  const product = await findVisibleProduct(
    tx,
    m.tenantId,
    { kind: 'merchant', merchantId: m.merchantId, ownOnly: false },
    productId,
  );
  const at = (i: number, field: string) =>
    options.prefix === 'document' ? `document.${field}` : `${options.prefix}.${i}.${field}`;
  const colors = new Set<string>();
  docs.forEach((doc, i) => {
    if (doc.product_id !== productId) throw fieldError(at(i, 'product_id'), 'design.productMismatch');
    if (!product.colorIds.includes(doc.color_id)) throw fieldError(at(i, 'color_id'), 'design.colorUnknown');
    if (colors.has(doc.color_id)) throw fieldError(at(i, 'color_id'), 'design.colorTwice');
    colors.add(doc.color_id);
    for (const { font, field } of fontsOf(doc))
      if (!(DESIGN_FONT_FAMILIES as readonly string[]).includes(font))
        throw new AppError(
          400,
          'design.font',
          { font, fonts: DESIGN_FONT_FAMILIES.join(', ') },
          { errors: [{ field: at(i, field), message: 'design.font' }] },
        );
  });
  options.sizeIds.forEach((id, i) => {
    if (!product.sizeIds.includes(id)) throw fieldError(`size_ids.${i}`, 'design.sizeUnknown');
  });

  const specs = specsOf(product);
  const findings: DesignFindingReply[] = [];
  docs.forEach((doc, i) => {
    const found = validateDesign(doc, specs);
    const blockers = saveBlockers(found, { confirmedBlurry: options.confirmedBlurry });
    const first = blockers[0];
    if (first) throw blockerError(doc, first, at(i, ''));
    for (const f of found) findings.push(toFindingReply(f, doc.color_id));
  });

  const faces = designedFaces(docs, product);
  if (!faces.length) throw fieldError(options.prefix, 'design.empty');

  const refs = docs.flatMap(allAssetRefs);
  const materialIds = refs.filter((r) => r.kind === 'material').map((r) => r.id);
  const attachmentIds = refs.filter((r) => r.kind === 'attachment').map((r) => r.id);
  const materials = await usableMaterials(tx, m, materialIds);
  const attachments = await findAttachments(tx, m, attachmentIds, { imagesOnly: true });
  const price = await quoteForMerchant(tx, m, { product_id: productId, quantity: 1, surfaces: faces });
  return { product, docs, faces, findings, price, materials, attachments };
}

function blockerError(doc: DesignDocument, f: DesignFinding, base: string): AppError {
  if (f.code === 'unknown_surface')
    return fieldError(`${base}surfaces.${f.surface}`, 'design.unknownSurface', { surface: f.surface });
  const field = `${base}surfaces.${f.surface}.layers.${f.path.join('.children.')}`;
  const layer = layerLabel(doc, f.surface, f.layer_id);
  if (f.code === 'dpi')
    return new AppError(
      400,
      'design.blurry',
      { layer, surface: f.surface, dpi: Math.floor(f.dpi) },
      { errors: [{ field, message: 'design.blurry' }], layer_id: f.layer_id, needs_confirmation: true },
    );
  return new AppError(
    400,
    'design.outsidePrintArea',
    { layer, surface: f.surface },
    { errors: [{ field, message: 'design.outsidePrintArea' }], layer_id: f.layer_id },
  );
}

function toFindingReply(f: DesignFinding, colorId: string): DesignFindingReply {
  if (f.code === 'unknown_surface')
    return { code: f.code, severity: f.severity, surface: f.surface, color_id: colorId };
  return {
    code: f.code,
    severity: f.severity,
    surface: f.surface,
    color_id: colorId,
    layer_id: f.layer_id,
    ...(f.code === 'dpi' ? { dpi: f.dpi, level: f.level } : {}),
  };
}
