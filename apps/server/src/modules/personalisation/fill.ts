import {
  approximateMeasure,
  dpiLevel,
  effectiveDpi,
  findLayer,
  fontOf,
  mapLayers,
  DESIGN_LIMITS,
  type DesignDocument,
  type ImageLayer,
  type SurfaceSpec,
  type TextLayer,
} from '@pod/design';
import type { PersonalisationReason } from '@pod/shared';
import type { StoredApplied } from './schema.ts';

/**
 * Filling a design's slots with a buyer's customisation (decision 0053), without I/O: which entry
 * goes into which slot, whether text fits and how an image is placed. The job (fill.job.ts) fetches
 * the images, stores them and renders.
 */

export interface Slot {
  name: string;
  surface: string;
  layer_id: string;
  kind: 'text' | 'image';
}

export interface Entry {
  kind: 'text' | 'image';
  value: string;
  label: string | null;
}

export interface Problem {
  code: PersonalisationReason;
  params: Record<string, string | number>;
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Which slot each customisation entry fills: first by name (the entry's label — the vendor's field
 * name or area id — equal to a slot's name, ignoring case, and of the same kind), then the rest
 * by kind in order (the n-th remaining text entry into the n-th remaining text slot, in the
 * slots' order). An entry left over has no slot: the line goes to review.
 */
export function mapCustomisation(
  slots: readonly Slot[],
  entries: readonly Entry[],
): { pairs: Array<{ slot: Slot; entry: Entry }>; unmatched: Entry[] } {
  const free = [...slots];
  const pairs: Array<{ slot: Slot; entry: Entry }> = [];
  const rest: Entry[] = [];
  for (const entry of entries) {
    const i = entry.label
      ? free.findIndex((s) => s.kind === entry.kind && norm(s.name) === norm(entry.label!))
      : -1;
    if (i >= 0) pairs.push({ slot: free.splice(i, 1)[0]!, entry });
    else rest.push(entry);
  }
  const unmatched: Entry[] = [];
  for (const entry of rest) {
    const i = free.findIndex((s) => s.kind === entry.kind);
    if (i >= 0) pairs.push({ slot: free.splice(i, 1)[0]!, entry });
    else unmatched.push(entry);
  }
  return { pairs, unmatched };
}

/** The smallest share of the design's font size buyer text may shrink to before it is "too long". */
export const MIN_TEXT_SCALE = 0.6;

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g;

/** Buyer text as a layer may hold it: control characters dropped, CRLF as \n, trimmed. */
export function cleanText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
}

function textBox(layer: TextLayer, text: string, size: number) {
  const font = { ...fontOf(layer), size };
  const lines = text.split('\n');
  const width = Math.max(
    ...lines.map((l) => approximateMeasure(l, font) + Array.from(l).length * layer.letter_spacing * size),
  );
  return { width, height: lines.length * layer.line_height * size };
}

/**
 * The text layer with the buyer's text: same font family, weight, colour, alignment, spacing and
 * bend. The room is the layer's box (or what the merchant's own sample text takes, if more): text
 * that does not fit at the design's size is set smaller, down to MIN_TEXT_SCALE of it; beyond
 * that it is too long (null).
 */
export function placeText(layer: TextLayer, value: string): TextLayer | null {
  const text = cleanText(value);
  if (!text || text.length > DESIGN_LIMITS.maxTextLength) return null;
  const sample = textBox(layer, layer.text, layer.font_size);
  const room = { width: Math.max(layer.width, sample.width), height: Math.max(layer.height, sample.height) };
  const wanted = textBox(layer, text, layer.font_size);
  const scale = Math.min(1, room.width / wanted.width, room.height / wanted.height);
  if (scale < MIN_TEXT_SCALE) return null;
  const size = Math.floor(layer.font_size * scale * 100) / 100;
  return { ...layer, text, font_size: size };
}

export interface StoredImage {
  id: string;
  width: number;
  height: number;
}

/**
 * The image layer showing the buyer's image: the slot's box stays where the merchant put it and
 * the image covers it (centre crop to the box's proportions), as a photo fills a frame.
 */
export function placeImage(layer: ImageLayer, image: StoredImage): ImageLayer {
  const box = layer.width / layer.height;
  const own = image.width / image.height;
  const crop =
    own > box
      ? { width: image.height * box, height: image.height }
      : { width: image.width, height: image.width / box };
  const rounded = {
    x: Math.max(0, (image.width - crop.width) / 2),
    y: Math.max(0, (image.height - crop.height) / 2),
    width: Math.min(image.width, crop.width),
    height: Math.min(image.height, crop.height),
  };
  return {
    ...layer,
    source: { kind: 'attachment', id: image.id },
    natural_width: image.width,
    natural_height: image.height,
    crop: rounded,
  };
}

/** The print DPI of the image in the slot, and whether it meets the surface's minimum (spec §5). */
export function imageDpi(layer: ImageLayer, spec: SurfaceSpec): { dpi: number; ok: boolean } {
  const px = layer.crop ?? { width: layer.natural_width, height: layer.natural_height };
  const dpi = effectiveDpi(px, layer, spec.dpi);
  return { dpi, ok: dpiLevel(dpi, spec.min_dpi) === 'green' };
}

/**
 * The line's document: the colour's design with every matched slot filled. Problems (a slot the
 * design of this colour lacks, text too long, an image below the surface's minimum DPI) are
 * listed; the document is still made with what could be applied, for the merchant to finish.
 */
export function fillDocument(
  doc: DesignDocument,
  specs: readonly SurfaceSpec[],
  pairs: ReadonlyArray<{ slot: Slot; entry: Entry; image?: StoredImage | null }>,
): { doc: DesignDocument; applied: StoredApplied[]; problems: Problem[] } {
  const out: DesignDocument = structuredClone(doc);
  const applied: StoredApplied[] = [];
  const problems: Problem[] = [];
  for (const { slot, entry, image } of pairs) {
    const surface = out.surfaces[slot.surface];
    const layer = surface ? findLayer(surface.layers, slot.layer_id) : undefined;
    if (!surface || !layer || layer.type !== slot.kind) {
      problems.push({ code: 'missing_slot', params: { slot: slot.name } });
      continue;
    }
    let next: TextLayer | ImageLayer | null = null;
    if (layer.type === 'text') {
      next = placeText(layer, entry.value);
      if (!next)
        problems.push({ code: 'text_too_long', params: { slot: slot.name, length: entry.value.length } });
    } else if (layer.type === 'image' && image) {
      next = placeImage(layer, image);
      const spec = specs.find((s) => s.code === slot.surface);
      if (spec) {
        const { dpi, ok } = imageDpi(next, spec);
        if (!ok)
          problems.push({
            code: 'image_too_small',
            params: { slot: slot.name, dpi: Math.floor(dpi), min: spec.min_dpi },
          });
      }
    }
    if (!next) continue;
    const replacement = next;
    surface.layers = mapLayers(surface.layers, (l) => (l.id === slot.layer_id ? replacement : l));
    applied.push({ slot: slot.name, kind: slot.kind, value: entry.value.slice(0, 500) });
  }
  return { doc: out, applied, problems };
}
