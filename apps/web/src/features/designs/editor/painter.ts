import {
  ASCENT_EM,
  DEFAULT_FALLBACK_FONTS,
  layerMatrix,
  layoutBentText,
  layoutStraightText,
  type AssetRef,
  type Layer,
  type TextLayer,
  type WatermarkLayer,
} from '@pod/design';
import { cssFilter } from './model.ts';

/**
 * Draws a layer onto a canvas 2D context in the layer's own space (0,0 = its box's top-left),
 * with the meanings the SVG renderer uses (packages/design render-svg.ts): the same text layout
 * (arched text glyph by glyph), CSS filter functions through `ctx.filter` rather than Fabric's own
 * filter formulas, patterns for tiling and watermarks (decision 0018). Fabric calls this from its
 * object's `_render`; the canvas is then what the print file will be.
 */

/** The decoded images of materials and attachments; `null` while one is still loading. */
export interface AssetImages {
  get(ref: AssetRef): CanvasImageSource | null;
}

export function cssFont(f: { font_family: string; font_size: number; font_weight: number; italic: boolean }) {
  const families = [f.font_family, ...DEFAULT_FALLBACK_FONTS.filter((x) => x !== f.font_family)]
    .map((x) => (/^[a-z-]+$/.test(x) ? x : `"${x}"`))
    .join(', ');
  return `${f.italic ? 'italic ' : ''}${f.font_weight} ${f.font_size}px ${families}`;
}

function placeholder(ctx: CanvasRenderingContext2D, w: number, h: number) {
  ctx.fillStyle = 'rgba(128,128,128,0.25)';
  ctx.fillRect(0, 0, w, h);
}

function drawText(ctx: CanvasRenderingContext2D, layer: TextLayer) {
  ctx.font = cssFont(layer);
  ctx.fillStyle = layer.color;
  ctx.textBaseline = 'alphabetic';
  if (layer.bend === 0) {
    ctx.letterSpacing = `${layer.letter_spacing * layer.font_size}px`;
    for (const line of layoutStraightText(layer)) {
      ctx.textAlign = line.anchor === 'start' ? 'left' : line.anchor === 'middle' ? 'center' : 'right';
      ctx.fillText(line.text, line.x, line.y);
    }
    ctx.letterSpacing = '0px';
    return;
  }
  ctx.textAlign = 'center';
  for (const glyph of layoutBentText(layer)) {
    if (glyph.char.trim() === '') continue;
    ctx.save();
    ctx.translate(glyph.x, glyph.y);
    ctx.rotate((glyph.rotate * Math.PI) / 180);
    ctx.fillText(glyph.char, 0, 0);
    ctx.restore();
  }
}

function shapePath(ctx: CanvasRenderingContext2D, layer: Layer): boolean {
  const { width: w, height: h } = layer;
  ctx.beginPath();
  switch (layer.type) {
    case 'rectangle':
      ctx.roundRect(0, 0, w, h, Math.min(layer.corner_radius, w / 2, h / 2));
      return true;
    case 'ellipse':
      ctx.ellipse(w / 2, h / 2, w / 2, h / 2, 0, 0, 2 * Math.PI);
      return true;
    case 'triangle':
      ctx.moveTo(w / 2, 0);
      ctx.lineTo(w, h);
      ctx.lineTo(0, h);
      ctx.closePath();
      return true;
    case 'polygon':
      layer.points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x * w, p.y * h) : ctx.lineTo(p.x * w, p.y * h)));
      ctx.closePath();
      return true;
    default:
      return false;
  }
}

function fillShape(
  ctx: CanvasRenderingContext2D,
  layer: { fill: string | null; stroke: string | null; stroke_width: number },
) {
  if (layer.fill) {
    ctx.fillStyle = layer.fill;
    ctx.fill();
  }
  if (layer.stroke && layer.stroke_width > 0) {
    ctx.strokeStyle = layer.stroke;
    ctx.lineWidth = layer.stroke_width;
    ctx.lineJoin = 'round';
    ctx.stroke();
  }
}

/** Repeats `cell` (drawn at 0,0 in a `cw` × `ch` cell) over the box from `ox`, `oy`. */
function fillLattice(
  ctx: CanvasRenderingContext2D,
  box: { width: number; height: number },
  cw: number,
  ch: number,
  ox: number,
  oy: number,
  cell: () => void,
  angle = 0,
) {
  if (cw <= 0 || ch <= 0) return;
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, box.width, box.height);
  ctx.clip();
  // The lattice turns about the box centre; cover the box's circumscribed square.
  const reach = Math.hypot(box.width, box.height);
  const cx = box.width / 2;
  const cy = box.height / 2;
  if (angle) {
    ctx.translate(cx, cy);
    ctx.rotate((angle * Math.PI) / 180);
    ctx.translate(-cx, -cy);
  }
  const minX = angle ? cx - reach : 0;
  const minY = angle ? cy - reach : 0;
  const maxX = angle ? cx + reach : box.width;
  const maxY = angle ? cy + reach : box.height;
  const startI = Math.floor((minX - ox) / cw);
  const startJ = Math.floor((minY - oy) / ch);
  const cols = Math.ceil((maxX - minX) / cw) + 2;
  const rows = Math.ceil((maxY - minY) / ch) + 2;
  if (cols * rows > 20_000) {
    ctx.restore();
    return;
  }
  for (let j = 0; j < rows; j += 1)
    for (let i = 0; i < cols; i += 1) {
      ctx.save();
      ctx.translate(ox + (startI + i) * cw, oy + (startJ + j) * ch);
      cell();
      ctx.restore();
    }
  ctx.restore();
}

function drawWatermarkMark(ctx: CanvasRenderingContext2D, layer: WatermarkLayer, assets: AssetImages) {
  const c = layer.content;
  const mw = layer.mark_width;
  const mh = layer.mark_height;
  if (c.kind === 'image') {
    const image = assets.get(c.source);
    if (!image) return placeholder(ctx, mw, mh);
    // preserveAspectRatio meet: fitted and centred in the cell.
    const s = Math.min(mw / c.natural_width, mh / c.natural_height);
    const w = c.natural_width * s;
    const h = c.natural_height * s;
    ctx.drawImage(image, (mw - w) / 2, (mh - h) / 2, w, h);
    return;
  }
  ctx.font = cssFont(c);
  ctx.fillStyle = c.color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  const lines = c.text.split('\n');
  const top = mh / 2 - (lines.length * c.font_size) / 2 + ASCENT_EM * c.font_size;
  lines.forEach((line, i) => ctx.fillText(line, mw / 2, top + i * c.font_size));
}

/** Draws the layer's content in its own space (no transform, opacity or filter of its own). */
function drawContent(ctx: CanvasRenderingContext2D, layer: Layer, assets: AssetImages) {
  const { width: w, height: h } = layer;
  switch (layer.type) {
    case 'text':
      return drawText(ctx, layer);
    case 'image': {
      const image = assets.get(layer.source);
      if (!image) return placeholder(ctx, w, h);
      const c = layer.crop ?? { x: 0, y: 0, width: layer.natural_width, height: layer.natural_height };
      // The decoded image may be downscaled (≤ 4096 px for filters): crop in its own pixels.
      const iw = (image as { width: number }).width;
      const k = iw / layer.natural_width;
      ctx.drawImage(image, c.x * k, c.y * k, c.width * k, c.height * k, 0, 0, w, h);
      return;
    }
    case 'svg': {
      const image = assets.get(layer.source);
      if (!image) return placeholder(ctx, w, h);
      ctx.drawImage(image, 0, 0, w, h);
      return;
    }
    case 'rectangle':
    case 'ellipse':
    case 'triangle':
    case 'polygon':
      if (shapePath(ctx, layer)) fillShape(ctx, layer);
      return;
    case 'tiling': {
      const image = assets.get(layer.source);
      fillLattice(
        ctx,
        layer,
        layer.tile_width + layer.spacing_x,
        layer.tile_height + layer.spacing_y,
        layer.offset_x,
        layer.offset_y,
        () =>
          image
            ? ctx.drawImage(image, 0, 0, layer.tile_width, layer.tile_height)
            : placeholder(ctx, layer.tile_width, layer.tile_height),
      );
      return;
    }
    case 'watermark':
      fillLattice(
        ctx,
        layer,
        layer.mark_width + layer.spacing_x,
        layer.mark_height + layer.spacing_y,
        0,
        0,
        () => {
          ctx.translate(layer.spacing_x / 2, layer.spacing_y / 2);
          drawWatermarkMark(ctx, layer, assets);
        },
        layer.angle,
      );
      return;
    case 'group':
      for (const child of layer.children) drawLayer(ctx, child, assets);
      return;
  }
}

/** How many device px one unit of the context's current space is (for blur in print px). */
function currentScale(ctx: CanvasRenderingContext2D): number {
  const m = ctx.getTransform();
  return Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) || 1;
}

/** A layer's content with its opacity and filters, in its own space. */
export function paintLayerContent(ctx: CanvasRenderingContext2D, layer: Layer, assets: AssetImages) {
  if (!layer.visible) return;
  ctx.save();
  ctx.globalAlpha *= layer.opacity;
  const filter = cssFilter(layer.filters, currentScale(ctx));
  if (filter !== 'none') ctx.filter = filter;
  drawContent(ctx, layer, assets);
  ctx.restore();
}

/** A child layer placed by its own matrix (groups), then painted. */
export function drawLayer(ctx: CanvasRenderingContext2D, layer: Layer, assets: AssetImages) {
  if (!layer.visible) return;
  ctx.save();
  const [a, b, c, d, e, f] = layerMatrix(layer);
  ctx.transform(a, b, c, d, e, f);
  paintLayerContent(ctx, layer, assets);
  ctx.restore();
}
