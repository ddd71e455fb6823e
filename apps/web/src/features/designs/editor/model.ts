import {
  DESIGN_DOCUMENT_VERSION,
  designDocumentSchema,
  fontOf,
  layerSchema,
  layoutBentText,
  approximateMeasure,
  boundingRect,
  layerMatrix,
  rectCorners,
  type DesignDocument,
  type Rect,
  type DesignFilters,
  type Layer,
  type LayerInput,
  type MeasureText,
  type SurfaceSpec,
  type TextLayer,
} from '@pod/design';

/**
 * The editor's documents and the pure operations on them. The documents are the source of truth
 * (decision 0018); the Fabric canvas only shows the current surface of the current colour and
 * reports the merchant's moves back (fabric-mapping.ts). One document per chosen colour.
 */
export type Docs = Readonly<Record<string, DesignDocument>>;

/** A fresh layer id (schema: 1–64 of letters, digits, _ and -). */
export function newLayerId(): string {
  return `l_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
}

export function emptyDocument(productId: string, colorId: string): DesignDocument {
  return { version: DESIGN_DOCUMENT_VERSION, product_id: productId, color_id: colorId, surfaces: {} };
}

export function surfaceLayers(doc: DesignDocument | undefined, surface: string): readonly Layer[] {
  return doc?.surfaces[surface]?.layers ?? [];
}

/** The document with one surface's layer list replaced. */
export function withLayers(doc: DesignDocument, surface: string, layers: Layer[]): DesignDocument {
  return { ...doc, surfaces: { ...doc.surfaces, [surface]: { layers } } };
}

/** Parses a new layer through its schema, so defaults are filled and bad values fail early. */
export function makeLayer(input: LayerInput): Layer {
  return layerSchema.parse(input);
}

export function addLayer(doc: DesignDocument, surface: string, layer: Layer): DesignDocument {
  return withLayers(doc, surface, [...surfaceLayers(doc, surface), layer]);
}

/** Top-level layers changed by `patch` (geometry from the canvas, properties from the panel). */
export function updateLayers(
  doc: DesignDocument,
  surface: string,
  patches: ReadonlyMap<string, (layer: Layer) => Layer>,
): DesignDocument {
  let changed = false;
  const layers = surfaceLayers(doc, surface).map((layer) => {
    const patch = patches.get(layer.id);
    if (!patch) return layer;
    const next = patch(layer);
    if (next !== layer) changed = true;
    return next;
  });
  return changed ? withLayers(doc, surface, layers) : doc;
}

export function updateLayer(
  doc: DesignDocument,
  surface: string,
  id: string,
  patch: (layer: Layer) => Layer,
): DesignDocument {
  return updateLayers(doc, surface, new Map([[id, patch]]));
}

export function removeLayers(doc: DesignDocument, surface: string, ids: ReadonlySet<string>): DesignDocument {
  const layers = surfaceLayers(doc, surface);
  const kept = layers.filter((l) => !ids.has(l.id));
  return kept.length === layers.length ? doc : withLayers(doc, surface, kept);
}

/**
 * Moves a layer within the stack: `to` is its new index, bottom first (the layers panel lists
 * top first and converts).
 */
export function moveLayer(doc: DesignDocument, surface: string, id: string, to: number): DesignDocument {
  const layers = [...surfaceLayers(doc, surface)];
  const from = layers.findIndex((l) => l.id === id);
  if (from < 0) return doc;
  const target = Math.max(0, Math.min(layers.length - 1, to));
  if (target === from) return doc;
  const [layer] = layers.splice(from, 1);
  layers.splice(target, 0, layer!);
  return withLayers(doc, surface, layers);
}

/** Copies of layers with fresh ids, shifted by `offset` print px (paste). */
export function pasteLayers(
  doc: DesignDocument,
  surface: string,
  layers: readonly Layer[],
  offset: number,
): { doc: DesignDocument; ids: string[] } {
  const copies = layers.map((layer) =>
    renumber({ ...structuredClone(layer), x: layer.x + offset, y: layer.y + offset }),
  );
  return {
    doc: withLayers(doc, surface, [...surfaceLayers(doc, surface), ...copies]),
    ids: copies.map((c) => c.id),
  };
}

function renumber(layer: Layer): Layer {
  return layer.type === 'group'
    ? { ...layer, id: newLayerId(), children: layer.children.map(renumber) }
    : { ...layer, id: newLayerId() };
}

/** The surfaces of a document that print something (the priced faces). */
export function designedSurfaces(doc: DesignDocument): string[] {
  return Object.entries(doc.surfaces)
    .filter(([, s]) => s.layers.some((l) => l.visible))
    .map(([code]) => code);
}

/** Checks a whole document (the save and the JSON export send only valid ones). */
export function checkedDocument(doc: DesignDocument): DesignDocument {
  return designDocumentSchema.parse(doc);
}

/** The CSS filter functions of a layer's filters (decision 0018: the same meanings as the SVG). */
export function cssFilter(filters: DesignFilters, blurScale: number): string {
  const parts: string[] = [];
  if (filters.brightness !== 1) parts.push(`brightness(${filters.brightness})`);
  if (filters.contrast !== 1) parts.push(`contrast(${filters.contrast})`);
  if (filters.saturation !== 1) parts.push(`saturate(${filters.saturation})`);
  if (filters.grayscale > 0) parts.push(`grayscale(${filters.grayscale})`);
  if (filters.sepia > 0) parts.push(`sepia(${filters.sepia})`);
  if (filters.invert > 0) parts.push(`invert(${filters.invert})`);
  if (filters.blur > 0) parts.push(`blur(${filters.blur * blurScale}px)`);
  return parts.length ? parts.join(' ') : 'none';
}

/**
 * The box a text layer needs for its text: straight text from the widest line, arched text from
 * its glyphs laid out on the arc (the same layout every renderer uses). The box keeps its centre.
 */
export function fitTextBox(layer: TextLayer, measure: MeasureText = approximateMeasure): TextLayer {
  const size = layer.font_size;
  const pad = size * 0.1;
  let width: number;
  let height: number;
  if (layer.bend === 0) {
    const font = fontOf(layer);
    const lines = layer.text.split('\n');
    const widest = Math.max(
      ...lines.map((line) => measure(line, font) + Array.from(line).length * layer.letter_spacing * size),
    );
    width = Math.max(size, widest) + 2 * pad;
    height = lines.length * layer.line_height * size;
  } else {
    const glyphs = layoutBentText({ ...layer, width: 0, height: 0 }, measure);
    const xs = glyphs.map((g) => g.x);
    const ys = glyphs.map((g) => g.y);
    width = Math.max(...xs) - Math.min(...xs) + 2 * size;
    height = Math.max(...ys) - Math.min(...ys) + 1.6 * size;
  }
  const cx = layer.x + layer.width / 2;
  const cy = layer.y + layer.height / 2;
  return { ...layer, x: cx - width / 2, y: cy - height / 2, width, height };
}

/** A box of `width` × `height` centred on the print area. */
export function centredBox(spec: Pick<SurfaceSpec, 'width' | 'height'>, width: number, height: number) {
  return { x: (spec.width - width) / 2, y: (spec.height - height) / 2, width, height };
}

/** An image's box: at most `share` of the print area, keeping proportions. */
export function fittedImageBox(
  spec: Pick<SurfaceSpec, 'width' | 'height'>,
  natural: { width: number; height: number },
  share = 0.6,
) {
  const scale = Math.min((spec.width * share) / natural.width, (spec.height * share) / natural.height);
  return centredBox(spec, natural.width * scale, natural.height * scale);
}

/** A regular polygon's vertices as fractions of its box (polygon points, decision 0018). */
export function regularPolygonPoints(sides: number): Array<{ x: number; y: number }> {
  const n = Math.max(3, Math.min(64, Math.round(sides)));
  return Array.from({ length: n }, (_, i) => {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / n;
    return { x: 0.5 + 0.5 * Math.cos(a), y: 0.5 + 0.5 * Math.sin(a) };
  });
}

// ---- Arranging (issue 26: the layer list's align, distribute and forward/backward) -----------------

export type AlignMode = 'left' | 'centre' | 'right' | 'top' | 'middle' | 'bottom';
export type DistributeAxis = 'horizontal' | 'vertical';

/** A layer's axis-aligned bounds in print px, its turn and flips included. */
export function layerBounds(layer: Layer): Rect {
  return boundingRect(
    rectCorners(layerMatrix(layer), { x: 0, y: 0, width: layer.width, height: layer.height }),
  );
}

const unite = (rects: readonly Rect[]): Rect =>
  boundingRect(
    rects.flatMap((r) => [
      { x: r.x, y: r.y },
      { x: r.x + r.width, y: r.y + r.height },
    ]),
  );

/**
 * Aligns the chosen layers: to the bounds of the whole selection when two or more are chosen, to
 * the print area when one is. Locked layers stay where they are (but count for the bounds).
 */
export function alignLayers(
  doc: DesignDocument,
  surface: string,
  ids: readonly string[],
  mode: AlignMode,
  printArea: Pick<SurfaceSpec, 'width' | 'height'>,
): DesignDocument {
  const chosen = surfaceLayers(doc, surface).filter((l) => ids.includes(l.id));
  if (chosen.length === 0) return doc;
  const target =
    chosen.length === 1
      ? { x: 0, y: 0, width: printArea.width, height: printArea.height }
      : unite(chosen.map(layerBounds));
  const patches = new Map<string, (layer: Layer) => Layer>();
  for (const layer of chosen) {
    if (layer.locked) continue;
    const b = layerBounds(layer);
    let dx = 0;
    let dy = 0;
    if (mode === 'left') dx = target.x - b.x;
    else if (mode === 'centre') dx = target.x + target.width / 2 - (b.x + b.width / 2);
    else if (mode === 'right') dx = target.x + target.width - (b.x + b.width);
    else if (mode === 'top') dy = target.y - b.y;
    else if (mode === 'middle') dy = target.y + target.height / 2 - (b.y + b.height / 2);
    else dy = target.y + target.height - (b.y + b.height);
    if (dx !== 0 || dy !== 0) patches.set(layer.id, (l) => ({ ...l, x: l.x + dx, y: l.y + dy }));
  }
  return patches.size ? updateLayers(doc, surface, patches) : doc;
}

/**
 * Spreads three or more chosen layers so the gaps between them are equal along an axis; the first
 * and the last (by position) stay, locked layers stay and keep their place in the order.
 */
export function distributeLayers(
  doc: DesignDocument,
  surface: string,
  ids: readonly string[],
  axis: DistributeAxis,
): DesignDocument {
  const chosen = surfaceLayers(doc, surface).filter((l) => ids.includes(l.id));
  if (chosen.length < 3) return doc;
  const horizontal = axis === 'horizontal';
  const items = chosen
    .map((layer) => ({ layer, b: layerBounds(layer) }))
    .sort((p, q) => (horizontal ? p.b.x - q.b.x : p.b.y - q.b.y));
  const start = horizontal ? items[0]!.b.x : items[0]!.b.y;
  const last = items[items.length - 1]!.b;
  const end = horizontal ? last.x + last.width : last.y + last.height;
  const total = items.reduce((sum, { b }) => sum + (horizontal ? b.width : b.height), 0);
  const gap = (end - start - total) / (items.length - 1);
  const patches = new Map<string, (layer: Layer) => Layer>();
  let at = start;
  for (const { layer, b } of items) {
    const delta = at - (horizontal ? b.x : b.y);
    if (!layer.locked && Math.abs(delta) > 1e-9)
      patches.set(layer.id, (l) => (horizontal ? { ...l, x: l.x + delta } : { ...l, y: l.y + delta }));
    at += (horizontal ? b.width : b.height) + gap;
  }
  return patches.size ? updateLayers(doc, surface, patches) : doc;
}

/** Brings layers one step forward (+1) or backward (−1) in the stack, keeping their own order. */
export function stepLayers(
  doc: DesignDocument,
  surface: string,
  ids: readonly string[],
  step: 1 | -1,
): DesignDocument {
  const layers = [...surfaceLayers(doc, surface)];
  const chosen = new Set(ids);
  const order = step === 1 ? [...layers.keys()].reverse() : [...layers.keys()];
  let moved = false;
  for (const i of order) {
    const j = i + step;
    if (!chosen.has(layers[i]!.id) || j < 0 || j >= layers.length || chosen.has(layers[j]!.id)) continue;
    [layers[i], layers[j]] = [layers[j]!, layers[i]!];
    moved = true;
  }
  return moved ? withLayers(doc, surface, layers) : doc;
}
