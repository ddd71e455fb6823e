import { z } from 'zod';
import { rotateVector } from './geometry.ts';
import {
  DESIGN_DOCUMENT_VERSION,
  designDocumentSchema,
  type DesignDocument,
  type DesignFilters,
  type Layer,
} from './schema.ts';
import { designDocumentV1Schema, type DesignDocumentV1, type LayerV1 } from './schema-v1.ts';

/**
 * Versioned documents (CONVENTIONS 7, modelled on tldraw's tlschema migrations): every version
 * has a frozen schema, and each step has an `up` (old → new) and a `down` (new → old, refusing what
 * the old version cannot hold). Documents are migrated on load, so stored JSON is never rewritten
 * in bulk; the next save writes the current version.
 */
export interface DocumentMigration {
  from: number;
  to: number;
  up(doc: unknown): unknown;
  down(doc: unknown): unknown;
}

/** A document that cannot be expressed in the version asked for. */
export class DesignMigrationError extends Error {
  constructor(
    message: string,
    readonly path: Array<string | number>,
  ) {
    super(message);
    this.name = 'DesignMigrationError';
  }
}

// ---- v1 ↔ v2 -------------------------------------------------------------------------------------

const ROUND = 1e6;
const round = (v: number) => Math.round(v * ROUND) / ROUND;

const FILTER_OFFSETS = ['brightness', 'contrast', 'saturation'] as const;

function filtersUp(list: LayerV1['filters']): Partial<DesignFilters> {
  const out: Partial<DesignFilters> = {};
  for (const f of list) {
    // v1 brightness/contrast/saturation were Fabric offsets (0 = unchanged); v2 multipliers.
    if ((FILTER_OFFSETS as readonly string[]).includes(f.type))
      out[f.type] = Math.min(3, Math.max(0, 1 + f.value));
    else out[f.type] = f.type === 'blur' ? Math.max(0, f.value) : Math.min(1, Math.max(0, f.value));
  }
  return out;
}

function filtersDown(filters: DesignFilters): LayerV1['filters'] {
  const identity: DesignFilters = {
    brightness: 1,
    contrast: 1,
    saturation: 1,
    grayscale: 0,
    sepia: 0,
    invert: 0,
    blur: 0,
  };
  return (Object.keys(identity) as Array<keyof DesignFilters>)
    .filter((k) => filters[k] !== identity[k])
    .map((type) => ({
      type,
      value: (FILTER_OFFSETS as readonly string[]).includes(type) ? round(filters[type] - 1) : filters[type],
    }));
}

/** Degrees in (-180, 180]. */
function normalizeAngle(deg: number): number {
  const r = round(((deg % 360) + 360) % 360);
  return r > 180 ? r - 360 : r;
}

function sourceUp(src: string) {
  const [kind, id] = src.split(':') as [string, string];
  return { kind: kind === 'material' ? ('material' as const) : ('attachment' as const), id };
}

/**
 * v1 boxes turned about their top-left corner and carried a scale; v2 boxes turn about their
 * centre and are final size. The centre is the invariant: both place it at the same point.
 */
function boxUp(l: LayerV1, groupScale: { x: number; y: number }) {
  const width = l.width * Math.abs(l.scale_x) * groupScale.x;
  const height = l.height * Math.abs(l.scale_y) * groupScale.y;
  const left = l.left * groupScale.x;
  const top = l.top * groupScale.y;
  const half = rotateVector({ x: width / 2, y: height / 2 }, l.angle);
  return {
    x: round(left + half.x - width / 2),
    y: round(top + half.y - height / 2),
    width: round(width),
    height: round(height),
    rotation: normalizeAngle(l.angle),
    flip_x: l.scale_x < 0,
    flip_y: l.scale_y < 0,
  };
}

function layerUp(l: LayerV1, groupScale = { x: 1, y: 1 }): Layer {
  const common = {
    id: l.id,
    name: l.name ?? '',
    ...boxUp(l, groupScale),
    opacity: l.opacity,
    filters: {
      brightness: 1,
      contrast: 1,
      saturation: 1,
      grayscale: 0,
      sepia: 0,
      invert: 0,
      blur: 0,
      ...filtersUp(l.filters),
    },
    locked: l.locked,
    visible: !l.hidden,
  };
  const sx = Math.abs(l.scale_x) * groupScale.x;
  const sy = Math.abs(l.scale_y) * groupScale.y;
  switch (l.type) {
    case 'text':
      return {
        ...common,
        type: 'text',
        text: l.text,
        font_family: l.font_family,
        // Exact for uniform scales; a stretched v1 text keeps the vertical size.
        font_size: round(l.font_size * sy),
        font_weight: l.font_weight === 'bold' ? 700 : 400,
        italic: l.font_style === 'italic',
        color: l.fill,
        align: l.text_align,
        letter_spacing: round(l.char_spacing / 1000),
        line_height: l.line_height,
        bend: round((l.curve / 360) * 100),
      };
    case 'image':
      return {
        ...common,
        type: 'image',
        source: sourceUp(l.src),
        natural_width: l.natural_width,
        natural_height: l.natural_height,
        crop: null,
      };
    case 'svg':
      return {
        ...common,
        type: 'svg',
        source: { kind: 'attachment', id: sourceUp(l.src).id },
        natural_width: l.width,
        natural_height: l.height,
      };
    case 'rect':
      return {
        ...common,
        type: 'rectangle',
        fill: l.fill,
        stroke: l.stroke,
        stroke_width: round(l.stroke_width * Math.min(sx, sy)),
        corner_radius: round(l.rx * Math.min(sx, sy)),
      };
    case 'ellipse':
    case 'triangle':
      return {
        ...common,
        type: l.type,
        fill: l.fill,
        stroke: l.stroke,
        stroke_width: round(l.stroke_width * Math.min(sx, sy)),
      };
    case 'polygon':
      return {
        ...common,
        type: 'polygon',
        fill: l.fill,
        stroke: l.stroke,
        stroke_width: round(l.stroke_width * Math.min(sx, sy)),
        points: l.points.map((p) => ({
          x: round(Math.min(1, Math.max(0, p.x / l.width))),
          y: round(Math.min(1, Math.max(0, p.y / l.height))),
        })),
      };
    case 'group':
      // Children lived in the group's unscaled space; v2 bakes the group's scale into them.
      return { ...common, type: 'group', children: l.children.map((c) => layerUp(c, { x: sx, y: sy })) };
  }
}

function layerDown(l: Layer, path: Array<string | number>): LayerV1 {
  const topLeft = rotateVector({ x: -l.width / 2, y: -l.height / 2 }, l.rotation);
  const common = {
    id: l.id,
    ...(l.name ? { name: l.name } : {}),
    left: round(l.x + l.width / 2 + topLeft.x),
    top: round(l.y + l.height / 2 + topLeft.y),
    width: l.width,
    height: l.height,
    scale_x: l.flip_x ? -1 : 1,
    scale_y: l.flip_y ? -1 : 1,
    angle: l.rotation,
    opacity: l.opacity,
    filters: filtersDown(l.filters),
    hidden: !l.visible,
    locked: l.locked,
  };
  const shape = 'fill' in l ? { fill: l.fill, stroke: l.stroke, stroke_width: l.stroke_width } : undefined;
  switch (l.type) {
    case 'text':
      return {
        ...common,
        type: 'text',
        text: l.text,
        font_family: l.font_family,
        font_size: l.font_size,
        // v1 knew only normal and bold.
        font_weight: l.font_weight >= 600 ? 'bold' : 'normal',
        font_style: l.italic ? 'italic' : 'normal',
        fill: l.color,
        text_align: l.align,
        char_spacing: round(l.letter_spacing * 1000),
        line_height: l.line_height,
        curve: round((l.bend / 100) * 360),
      };
    case 'image':
      if (l.crop) throw new DesignMigrationError('version 1 has no image crop', [...path, 'crop']);
      return {
        ...common,
        type: 'image',
        src: `${l.source.kind === 'material' ? 'material' : 'upload'}:${l.source.id}`,
        natural_width: l.natural_width,
        natural_height: l.natural_height,
      };
    case 'svg':
      return {
        ...common,
        width: l.natural_width,
        height: l.natural_height,
        scale_x: (l.flip_x ? -1 : 1) * (l.width / l.natural_width),
        scale_y: (l.flip_y ? -1 : 1) * (l.height / l.natural_height),
        type: 'svg',
        src: `upload:${l.source.id}`,
      };
    case 'rectangle':
      return { ...common, ...shape!, type: 'rect', rx: l.corner_radius };
    case 'ellipse':
    case 'triangle':
      return { ...common, ...shape!, type: l.type };
    case 'polygon':
      return {
        ...common,
        ...shape!,
        type: 'polygon',
        points: l.points.map((p) => ({ x: round(p.x * l.width), y: round(p.y * l.height) })),
      };
    case 'group':
      return {
        ...common,
        type: 'group',
        children: l.children.map((c, i) => layerDown(c, [...path, 'children', i])),
      };
    case 'watermark':
    case 'tiling':
      throw new DesignMigrationError(`version 1 has no ${l.type} layers`, [...path, 'type']);
  }
}

const v1ToV2: DocumentMigration = {
  from: 1,
  to: 2,
  up(input) {
    const doc = input as DesignDocumentV1;
    return {
      version: 2,
      product_id: doc.product_id,
      color_id: doc.color,
      surfaces: Object.fromEntries(
        doc.surfaces.map((s) => [s.code, { layers: s.layers.map((l) => layerUp(l)) }]),
      ),
    };
  },
  down(input) {
    const doc = input as DesignDocument;
    return {
      version: 1,
      product_id: doc.product_id,
      color: doc.color_id,
      surfaces: Object.entries(doc.surfaces).map(([code, s]) => ({
        code,
        layers: s.layers.map((l, i) => layerDown(l, ['surfaces', code, 'layers', i])),
      })),
    } satisfies DesignDocumentV1;
  },
};

/** Every step, oldest first. Add a step (and a frozen schema) for each new version. */
export const DESIGN_MIGRATIONS: readonly DocumentMigration[] = [v1ToV2];

/** The frozen schema of each version a stored document may carry. */
const VERSION_SCHEMAS: Record<number, z.ZodType> = {
  1: designDocumentV1Schema,
  [DESIGN_DOCUMENT_VERSION]: designDocumentSchema,
};

const versionProbe = z.object({
  version: z
    .number()
    .int()
    .min(1)
    .max(DESIGN_DOCUMENT_VERSION, `the document comes from a newer version than ${DESIGN_DOCUMENT_VERSION}`),
});

/**
 * Read a stored or imported design document of any known version: check it against its own
 * version's schema, migrate it up step by step, and check the result. Throws a ZodError whose
 * issue paths name the bad field (in the document's own version's shape).
 */
export function loadDesignDocument(input: unknown): DesignDocument {
  const { version } = versionProbe.parse(input);
  let doc: unknown = VERSION_SCHEMAS[version]!.parse(input);
  for (const step of DESIGN_MIGRATIONS) if (step.from >= version) doc = step.up(doc);
  return designDocumentSchema.parse(doc);
}

/** `loadDesignDocument` without throwing. */
export function safeLoadDesignDocument(
  input: unknown,
): { success: true; data: DesignDocument } | { success: false; error: z.ZodError } {
  try {
    return { success: true, data: loadDesignDocument(input) };
  } catch (error) {
    if (error instanceof z.ZodError) return { success: false, error };
    throw error;
  }
}

/**
 * A current document written as an older version (export for an older editor). Throws
 * DesignMigrationError when the document uses something the target version cannot hold.
 */
export function downgradeDesignDocument(doc: DesignDocument, toVersion: number): unknown {
  let out: unknown = designDocumentSchema.parse(doc);
  for (const step of [...DESIGN_MIGRATIONS].reverse()) if (step.to > toVersion) out = step.down(out);
  return VERSION_SCHEMAS[toVersion]!.parse(out);
}
