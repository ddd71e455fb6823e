import { DESIGN_LIMITS } from './limits.ts';
import { cloneWithNewIds, mapLayers } from './layers.ts';
import { designDocumentSchema, type DesignDocument, type Layer } from './schema.ts';
import type { SurfaceSpec } from './surface-spec.ts';

/**
 * Batch operations of the editor (issue 8), pure: each takes documents and returns new ones,
 * checked against the schema, never mutating its input. Colours relate to documents one to one
 * (one document per product and colour), so "every colour" means a list of documents.
 */

/** A batch operation that cannot be done as asked (unknown layer, mixed products…). */
export class DesignBatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DesignBatchError';
  }
}

/** Uniform scale and centring offset that fit one print area inside another. */
export interface SurfaceFit {
  scale: number;
  dx: number;
  dy: number;
}

/** Fit `from` inside `to` keeping proportions, centred: relative placement is kept. */
export function fitBetween(
  from: Pick<SurfaceSpec, 'width' | 'height'>,
  to: Pick<SurfaceSpec, 'width' | 'height'>,
): SurfaceFit {
  const scale = Math.min(to.width / from.width, to.height / from.height);
  return { scale, dx: (to.width - from.width * scale) / 2, dy: (to.height - from.height * scale) / 2 };
}

/**
 * A layer moved and scaled by a fit; sizes inside it (font sizes, strokes, tiles, blur) scale too.
 * Group children are in the group's space, so they scale without the offset.
 */
export function fitLayer(layer: Layer, fit: SurfaceFit): Layer {
  const s = fit.scale;
  const scaleOwn = (l: Layer): Layer => {
    const base = {
      ...l,
      width: l.width * s,
      height: l.height * s,
      filters: { ...l.filters, blur: l.filters.blur * s },
    };
    switch (base.type) {
      case 'text':
        return { ...base, font_size: Math.min(DESIGN_LIMITS.maxFontSize, base.font_size * s) };
      case 'rectangle':
        return { ...base, stroke_width: base.stroke_width * s, corner_radius: base.corner_radius * s };
      case 'ellipse':
      case 'triangle':
      case 'polygon':
        return { ...base, stroke_width: base.stroke_width * s };
      case 'watermark':
        return {
          ...base,
          mark_width: base.mark_width * s,
          mark_height: base.mark_height * s,
          spacing_x: base.spacing_x * s,
          spacing_y: base.spacing_y * s,
          content:
            base.content.kind === 'text'
              ? {
                  ...base.content,
                  font_size: Math.min(DESIGN_LIMITS.maxFontSize, base.content.font_size * s),
                }
              : base.content,
        };
      case 'tiling':
        return {
          ...base,
          tile_width: base.tile_width * s,
          tile_height: base.tile_height * s,
          spacing_x: base.spacing_x * s,
          spacing_y: base.spacing_y * s,
          offset_x: base.offset_x * s,
          offset_y: base.offset_y * s,
        };
      case 'image':
      case 'svg':
      case 'group':
        return base;
    }
  };
  // Children: position scales in the group's space; the top layer also moves by the offset.
  const scaled = mapLayers([layer], (l) => ({ ...scaleOwn(l), x: l.x * s, y: l.y * s }))[0]!;
  return { ...scaled, x: layer.x * s + fit.dx, y: layer.y * s + fit.dy };
}

function topLayer(doc: DesignDocument, surface: string, layerId: string): Layer {
  const layer = doc.surfaces[surface]?.layers.find((l) => l.id === layerId);
  if (!layer) throw new DesignBatchError(`no top-level layer ${layerId} on surface ${surface}`);
  return layer;
}

function withLayerOnTop(doc: DesignDocument, surface: string, layer: Layer): DesignDocument {
  const layers = doc.surfaces[surface]?.layers ?? [];
  return { ...doc, surfaces: { ...doc.surfaces, [surface]: { layers: [...layers, layer] } } };
}

export interface CopyToSurfacesInput {
  /** The surface the layer is on. */
  from: SurfaceSpec;
  /** A top-level layer of that surface. */
  layerId: string;
  /** Surfaces to copy to (the source surface is skipped): pass all the product's for "copy to all". */
  to: readonly SurfaceSpec[];
  newId: () => string;
}

/**
 * "Copy to all": the layer, with fresh ids, on top of every other surface, placed at the same
 * relative position and scaled uniformly when the print areas differ.
 */
export function copyLayerToSurfaces(doc: DesignDocument, input: CopyToSurfacesInput): DesignDocument {
  const layer = topLayer(doc, input.from.code, input.layerId);
  let out = doc;
  for (const spec of input.to) {
    if (spec.code === input.from.code) continue;
    const copy = fitLayer(cloneWithNewIds(layer, input.newId), fitBetween(input.from, spec));
    out = withLayerOnTop(out, spec.code, copy);
  }
  return designDocumentSchema.parse(out);
}

export interface CopyToColoursInput {
  fromColorId: string;
  surface: string;
  layerId: string;
  newId: () => string;
}

/**
 * "Copy to all" across colours: the layer, with fresh ids, on top of the same surface in every
 * other colour's document of the product (same surface, same geometry). Returns all documents.
 */
export function copyLayerToColours(
  docs: readonly DesignDocument[],
  input: CopyToColoursInput,
): DesignDocument[] {
  const source = docs.find((d) => d.color_id === input.fromColorId);
  if (!source) throw new DesignBatchError(`no document for colour ${input.fromColorId}`);
  if (docs.some((d) => d.product_id !== source.product_id))
    throw new DesignBatchError('documents of different products');
  const layer = topLayer(source, input.surface, input.layerId);
  return docs.map((d) =>
    d === source
      ? d
      : designDocumentSchema.parse(withLayerOnTop(d, input.surface, cloneWithNewIds(layer, input.newId))),
  );
}

export interface ReplaceTextResult {
  doc: DesignDocument;
  /** Occurrences replaced. */
  count: number;
  /** Layers left unchanged because the result would be empty or too long. */
  skipped: string[];
}

/**
 * Text replacement: every occurrence of `search` (literal, case-sensitive) in every text layer
 * and text watermark of every surface, groups included.
 */
export function replaceText(doc: DesignDocument, search: string, replacement: string): ReplaceTextResult {
  if (search === '') throw new DesignBatchError('nothing to search for');
  let count = 0;
  const skipped: string[] = [];
  const replace = (id: string, text: string): string => {
    const parts = text.split(search);
    if (parts.length === 1) return text;
    const next = parts.join(replacement);
    if (next === '' || next.length > DESIGN_LIMITS.maxTextLength) {
      skipped.push(id);
      return text;
    }
    count += parts.length - 1;
    return next;
  };
  const surfaces = Object.fromEntries(
    Object.entries(doc.surfaces).map(([code, s]) => [
      code,
      {
        layers: mapLayers(s.layers, (l) => {
          if (l.type === 'text') return { ...l, text: replace(l.id, l.text) };
          if (l.type === 'watermark' && l.content.kind === 'text')
            return { ...l, content: { ...l.content, text: replace(l.id, l.content.text) } };
          return l;
        }),
      },
    ]),
  );
  return { doc: designDocumentSchema.parse({ ...doc, surfaces }), count, skipped };
}

export interface FitToProductInput {
  /** The surfaces of the design's own product. */
  fromSpecs: readonly SurfaceSpec[];
  /** The product (and colour) to design. */
  to: { product_id: string; color_id: string; specs: readonly SurfaceSpec[] };
  /** Source surface → target surface where keys differ (e.g. `front` → `wrap`); default same key. */
  surfaceMap?: Readonly<Record<string, string>>;
}

export interface FitToProductResult {
  doc: DesignDocument;
  /** Designed source surfaces with no counterpart on the target product. */
  skipped: string[];
}

/**
 * Batch design: a design applied to another product (or colour), each surface's layers fitted to
 * the target's print area by one uniform scale, centred, keeping their relative placement.
 */
export function fitDesignToProduct(doc: DesignDocument, input: FitToProductInput): FitToProductResult {
  const skipped: string[] = [];
  const surfaces: DesignDocument['surfaces'] = {};
  for (const [code, surface] of Object.entries(doc.surfaces)) {
    if (surface.layers.length === 0) continue;
    const targetCode = input.surfaceMap?.[code] ?? code;
    const from = input.fromSpecs.find((s) => s.code === code);
    const to = input.to.specs.find((s) => s.code === targetCode);
    if (!from || !to || surfaces[targetCode]) {
      skipped.push(code);
      continue;
    }
    const fit = fitBetween(from, to);
    surfaces[targetCode] = { layers: surface.layers.map((l) => fitLayer(structuredClone(l), fit)) };
  }
  const out = {
    version: doc.version,
    product_id: input.to.product_id,
    color_id: input.to.color_id,
    surfaces,
  };
  return { doc: designDocumentSchema.parse(out), skipped };
}

/** The same design for several colours of its product: one document per colour. */
export function designForColours(doc: DesignDocument, colorIds: readonly string[]): DesignDocument[] {
  return colorIds.map((color_id) => designDocumentSchema.parse({ ...structuredClone(doc), color_id }));
}
