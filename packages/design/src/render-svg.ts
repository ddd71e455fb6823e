import { boundingRect, layerMatrix, rectCorners, type Rect } from './geometry.ts';
import { isShown, walkLayers } from './layers.ts';
import type { AssetRef, DesignDocument, Layer, TextLayer, WatermarkLayer } from './schema.ts';
import type { SurfaceSpec } from './surface-spec.ts';
import { filterElement, hasFilters } from './svg-filters.ts';
import {
  ASCENT_EM,
  approximateMeasure,
  layoutBentText,
  layoutStraightText,
  type MeasureText,
} from './text-layout.ts';
import { el, escapeXml, num } from './xml.ts';

/**
 * One surface of a design as a standalone SVG at print-file size: the server rasterises it with
 * sharp/librsvg, the browser with `<img>` (golden test), so only features librsvg implements are
 * used — no `<textPath>` (arched text is placed glyph by glyph), no CSS, no foreignObject.
 * User strings only ever appear escaped (xml.ts); ids in the SVG are generated, never user ids.
 */

/**
 * The image behind a material or attachment: a `data:image/…;base64,` URI (the server must
 * embed, librsvg loads nothing else), or an http(s) / same-origin URL (browser previews).
 */
export type ResolveAsset = (ref: AssetRef) => string;

export interface RenderOptions {
  /** Advance widths for arched text; use the same one everywhere (default: an estimate). */
  measureText?: MeasureText;
  /** Families tried after a layer's own, e.g. the bundled CJK font. */
  fallbackFonts?: readonly string[];
  /** Output px per print px (thumbnails); the drawing itself stays in print px. Default 1. */
  pixelRatio?: number;
  /** A colour under everything (`#rrggbb`); default transparent. */
  background?: string | null;
}

/** A design cannot be rendered as asked (unknown surface, unusable asset URL). */
export class DesignRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DesignRenderError';
  }
}

export const DEFAULT_FALLBACK_FONTS = ['Noto Sans SC', 'sans-serif'] as const;

const SAFE_HREF =
  /^(?:data:image\/(?:png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}|https?:\/\/[^\s"'<>\\]+|\/[^\s"'<>\\]*)$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

interface Context {
  defs: string[];
  next: number;
  resolve: ResolveAsset;
  measure: MeasureText;
  fallback: readonly string[];
}

function href(ctx: Context, ref: AssetRef): string {
  const value = ctx.resolve(ref);
  if (!SAFE_HREF.test(value)) throw new DesignRenderError(`unusable URL for ${ref.kind} ${ref.id}`);
  return value;
}

function fontAttrs(
  ctx: Context,
  f: { font_family: string; font_size: number; font_weight: number; italic: boolean; color: string },
) {
  const families = [f.font_family, ...ctx.fallback.filter((x) => x !== f.font_family)];
  return {
    'font-family': families.map((x) => (/^[a-z-]+$/.test(x) ? x : `'${x}'`)).join(', '),
    'font-size': f.font_size,
    'font-weight': f.font_weight,
    'font-style': f.italic ? 'italic' : undefined,
    fill: f.color,
  };
}

function textContent(ctx: Context, layer: TextLayer): string {
  const font = fontAttrs(ctx, layer);
  if (layer.bend === 0) {
    const lines = layoutStraightText(layer)
      .filter((l) => l.text !== '')
      .map((l) => el('text', { x: l.x, y: l.y, 'text-anchor': l.anchor }, escapeXml(l.text)));
    const spacing = layer.letter_spacing === 0 ? undefined : layer.letter_spacing * layer.font_size;
    return el('g', { ...font, 'letter-spacing': spacing, 'xml:space': 'preserve' }, lines.join(''));
  }
  const glyphs = layoutBentText(layer, ctx.measure)
    .filter((g) => g.char.trim() !== '')
    .map((g) =>
      el(
        'text',
        {
          x: 0,
          y: 0,
          'text-anchor': 'middle',
          transform: `translate(${num(g.x)} ${num(g.y)}) rotate(${num(g.rotate)})`,
        },
        escapeXml(g.char),
      ),
    );
  return el('g', font, glyphs.join(''));
}

function shapeStyle(l: { fill: string | null; stroke: string | null; stroke_width: number }) {
  const hasStroke = l.stroke !== null && l.stroke_width > 0;
  return {
    fill: l.fill ?? 'none',
    stroke: hasStroke ? l.stroke : undefined,
    'stroke-width': hasStroke ? l.stroke_width : undefined,
    'stroke-linejoin': hasStroke ? 'round' : undefined,
  };
}

function watermarkMark(ctx: Context, layer: WatermarkLayer): string {
  const c = layer.content;
  if (c.kind === 'image')
    return el('image', {
      width: layer.mark_width,
      height: layer.mark_height,
      preserveAspectRatio: 'xMidYMid meet',
      'xlink:href': href(ctx, c.source),
    });
  const lines = c.text.split('\n');
  const top = layer.mark_height / 2 - (lines.length * c.font_size) / 2 + ASCENT_EM * c.font_size;
  return el(
    'g',
    { ...fontAttrs(ctx, c), 'text-anchor': 'middle', 'xml:space': 'preserve' },
    lines
      .map((line, i) => el('text', { x: layer.mark_width / 2, y: top + i * c.font_size }, escapeXml(line)))
      .join(''),
  );
}

function pattern(ctx: Context, attrs: Record<string, string | number | undefined>, content: string): string {
  const id = `p${ctx.next++}`;
  ctx.defs.push(el('pattern', { id, patternUnits: 'userSpaceOnUse', ...attrs }, content));
  return id;
}

function layerContent(ctx: Context, layer: Layer): string {
  const { width: w, height: h } = layer;
  switch (layer.type) {
    case 'text':
      return textContent(ctx, layer);
    case 'image': {
      const image = (width: number, height: number) =>
        el('image', { width, height, preserveAspectRatio: 'none', 'xlink:href': href(ctx, layer.source) });
      if (!layer.crop) return image(w, h);
      const c = layer.crop;
      return el(
        'svg',
        {
          width: w,
          height: h,
          viewBox: `${num(c.x)} ${num(c.y)} ${num(c.width)} ${num(c.height)}`,
          preserveAspectRatio: 'none',
          overflow: 'hidden',
        },
        image(layer.natural_width, layer.natural_height),
      );
    }
    case 'svg':
      return el('image', {
        width: w,
        height: h,
        preserveAspectRatio: 'none',
        'xlink:href': href(ctx, layer.source),
      });
    case 'rectangle':
      return el('rect', {
        width: w,
        height: h,
        rx: layer.corner_radius || undefined,
        ry: layer.corner_radius || undefined,
        ...shapeStyle(layer),
      });
    case 'ellipse':
      return el('ellipse', { cx: w / 2, cy: h / 2, rx: w / 2, ry: h / 2, ...shapeStyle(layer) });
    case 'triangle':
      return el('polygon', {
        points: `${num(w / 2)},0 ${num(w)},${num(h)} 0,${num(h)}`,
        ...shapeStyle(layer),
      });
    case 'polygon':
      return el('polygon', {
        points: layer.points.map((p) => `${num(p.x * w)},${num(p.y * h)}`).join(' '),
        ...shapeStyle(layer),
      });
    case 'tiling': {
      const id = pattern(
        ctx,
        {
          x: layer.offset_x,
          y: layer.offset_y,
          width: layer.tile_width + layer.spacing_x,
          height: layer.tile_height + layer.spacing_y,
        },
        el('image', {
          width: layer.tile_width,
          height: layer.tile_height,
          preserveAspectRatio: 'none',
          'xlink:href': href(ctx, layer.source),
        }),
      );
      return el('rect', { width: w, height: h, fill: `url(#${id})` });
    }
    case 'watermark': {
      const id = pattern(
        ctx,
        {
          width: layer.mark_width + layer.spacing_x,
          height: layer.mark_height + layer.spacing_y,
          patternTransform: layer.angle
            ? `rotate(${num(layer.angle)} ${num(w / 2)} ${num(h / 2)})`
            : undefined,
        },
        el(
          'g',
          { transform: `translate(${num(layer.spacing_x / 2)} ${num(layer.spacing_y / 2)})` },
          watermarkMark(ctx, layer),
        ),
      );
      return el('rect', { width: w, height: h, fill: `url(#${id})` });
    }
    case 'group':
      return layer.children.map((child) => renderLayer(ctx, child)).join('');
  }
}

/** Where a layer's drawing lies in its own space: its box, or for a group its children's. */
function localBounds(layer: Layer): Rect {
  if (layer.type !== 'group') return { x: 0, y: 0, width: layer.width, height: layer.height };
  const points = [
    { x: 0, y: 0 },
    { x: layer.width, y: layer.height },
  ];
  walkLayers(layer.children, (child, at) =>
    points.push(...rectCorners(at.matrix, { x: 0, y: 0, width: child.width, height: child.height })),
  );
  return boundingRect(points);
}

function renderLayer(ctx: Context, layer: Layer): string {
  if (!layer.visible) return '';
  const m = layerMatrix(layer);
  let filter: string | undefined;
  if (hasFilters(layer.filters)) {
    const id = `f${ctx.next++}`;
    ctx.defs.push(filterElement(id, layer.filters, localBounds(layer)));
    filter = `url(#${id})`;
  }
  return el(
    'g',
    {
      transform: `matrix(${m.map(num).join(' ')})`,
      opacity: layer.opacity < 1 ? layer.opacity : undefined,
      filter,
    },
    layerContent(ctx, layer),
  );
}

/**
 * Render one surface of a design as an SVG document at print-file size (`spec.width` ×
 * `spec.height` px, times `pixelRatio`). Hidden layers are left out; the print area clips.
 */
export function renderSurfaceSvg(
  doc: DesignDocument,
  surfaceCode: string,
  spec: SurfaceSpec,
  resolveAsset: ResolveAsset,
  options: RenderOptions = {},
): string {
  if (spec.code !== surfaceCode) throw new DesignRenderError(`spec is for ${spec.code}, not ${surfaceCode}`);
  const ctx: Context = {
    defs: [],
    next: 0,
    resolve: resolveAsset,
    measure: options.measureText ?? approximateMeasure,
    fallback: options.fallbackFonts ?? DEFAULT_FALLBACK_FONTS,
  };
  const layers = doc.surfaces[surfaceCode]?.layers ?? [];
  const body = layers.map((layer) => renderLayer(ctx, layer)).join('');
  const ratio = options.pixelRatio ?? 1;
  const background =
    options.background && COLOR.test(options.background)
      ? el('rect', { width: spec.width, height: spec.height, fill: options.background })
      : '';
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      'xmlns:xlink': 'http://www.w3.org/1999/xlink',
      width: spec.width * ratio,
      height: spec.height * ratio,
      viewBox: `0 0 ${num(spec.width)} ${num(spec.height)}`,
    },
    (ctx.defs.length ? el('defs', {}, ctx.defs.join('')) : '') + background + body,
  );
}

/** The distinct images a surface's shown layers need, for fetching before `renderSurfaceSvg`. */
export function collectAssetRefs(doc: DesignDocument, surfaceCode: string): AssetRef[] {
  const refs = new Map<string, AssetRef>();
  const add = (ref: AssetRef) => refs.set(`${ref.kind}:${ref.id}`, ref);
  walkLayers(doc.surfaces[surfaceCode]?.layers ?? [], (layer, at) => {
    if (!isShown(layer, at)) return;
    if (layer.type === 'image' || layer.type === 'svg' || layer.type === 'tiling') add(layer.source);
    if (layer.type === 'watermark' && layer.content.kind === 'image') add(layer.content.source);
  });
  return [...refs.values()];
}
