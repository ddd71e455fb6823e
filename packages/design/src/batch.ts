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

// ---- Surface mapping by role (issue 26, decision 0073) ---------------------------------------------

/** What a surface is for, whatever its key: batch design maps surfaces through this. */
export type SurfaceRole = 'front' | 'back' | 'wrap' | 'other';

/** The catalogue's facts about a surface that tell its role. */
export interface RoleSurface {
  key: string;
  /** `wrap`: round a cylinder (mugs, bottles). */
  kind?: 'flat' | 'wrap';
}

/** A surface's role: a wrap kind is `wrap`; else its key names front or back (`front`, `back_print`). */
export function surfaceRole(surface: RoleSurface): SurfaceRole {
  if (surface.kind === 'wrap' || /(^|[_-])wrap($|[_-])/.test(surface.key)) return 'wrap';
  if (/(^|[_-])front($|[_-])/.test(surface.key)) return 'front';
  if (/(^|[_-])back($|[_-])/.test(surface.key)) return 'back';
  return 'other';
}

/** Roles that stand in for each other when the target has no surface of the same role. */
const STAND_INS: Record<SurfaceRole, readonly SurfaceRole[]> = {
  front: ['wrap'],
  wrap: ['front'],
  back: [],
  other: [],
};
/** Which designed surface goes first when only one target surface is left. */
const PRIMACY: Record<SurfaceRole, number> = { front: 0, wrap: 1, back: 2, other: 3 };

export interface SurfaceMapping {
  /** Source surface key → target surface key, for every designed surface that has a place. */
  map: Record<string, string>;
  /** Designed surfaces that have no place on the target (reported, not an error). */
  skipped: string[];
  /** Designed surfaces with several equally good places: the merchant chooses one. */
  ambiguous: Array<{ source: string; candidates: string[] }>;
}

/**
 * Maps the designed surfaces of a design onto another product's surfaces, one target per source:
 * the same key first; then the one target surface of the same role; then a stand-in role (a front
 * onto a mug's wrap and back); and when the target has a single surface left and the rest found
 * nothing, the primary designed surface (front before wrap before back) goes there. Several
 * candidates of one role are ambiguous: the caller asks the merchant.
 */
export function mapSurfacesByRole(
  designed: readonly RoleSurface[],
  targets: readonly RoleSurface[],
): SurfaceMapping {
  const map: Record<string, string> = {};
  const used = new Set<string>();
  const ambiguous: SurfaceMapping['ambiguous'] = [];
  const free = () => targets.filter((t) => !used.has(t.key));
  const take = (source: string, target: string) => {
    map[source] = target;
    used.add(target);
  };
  const ordered = [...designed].sort((a, b) => PRIMACY[surfaceRole(a)] - PRIMACY[surfaceRole(b)]);
  // 1. Same key.
  for (const s of ordered) if (targets.some((t) => t.key === s.key)) take(s.key, s.key);
  // 2. Same role, then stand-in roles.
  for (const s of ordered) {
    if (map[s.key]) continue;
    const role = surfaceRole(s);
    if (role === 'other') continue;
    for (const r of [role, ...STAND_INS[role]]) {
      const candidates = free().filter((t) => surfaceRole(t) === r);
      if (candidates.length === 1) take(s.key, candidates[0]!.key);
      else if (candidates.length > 1)
        ambiguous.push({ source: s.key, candidates: candidates.map((c) => c.key) });
      if (candidates.length > 0) break;
    }
  }
  // 3. Nothing found at all and a single target surface: the primary designed surface goes there.
  const rest = free();
  if (Object.keys(map).length === 0 && ambiguous.length === 0 && rest.length === 1 && ordered.length > 0)
    take(ordered[0]!.key, rest[0]!.key);
  const placed = new Set([...Object.keys(map), ...ambiguous.map((a) => a.source)]);
  return { map, skipped: ordered.map((s) => s.key).filter((k) => !placed.has(k)), ambiguous };
}

/** The surfaces of a document that hold layers (what batch design has to place). */
export function designedSurfaceKeys(doc: DesignDocument): string[] {
  return Object.entries(doc.surfaces)
    .filter(([, s]) => s.layers.length > 0)
    .map(([key]) => key);
}
