import type { TextLayer } from './schema.ts';

/**
 * Where text goes inside a text layer's box, shared by every renderer so the editor preview and
 * the print file agree. librsvg (the server's SVG rasteriser) has no `<textPath>`, so arched text
 * is laid out here glyph by glyph on the arc and each glyph is drawn as its own rotated `<text>`.
 */

export interface FontSpec {
  family: string;
  /** px */
  size: number;
  weight: number;
  italic: boolean;
}

/** The advance width, px, of a string in a font. */
export type MeasureText = (text: string, font: FontSpec) => number;

/** Baseline below the top of a line's em box, in em (typical sans ascent, normalised to 1 em). */
export const ASCENT_EM = 0.88;

function charEm(cp: number, ch: string): number {
  // East Asian wide and full-width characters, and emoji, are one em.
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    cp >= 0x1f300
  )
    return 1;
  if (ch === ' ') return 0.28;
  if ("iIl.,:;!|'`".includes(ch)) return 0.28;
  if ('fjrt()[]{}"-/\\'.includes(ch)) return 0.36;
  if ('mwMW'.includes(ch)) return 0.86;
  if (ch >= 'A' && ch <= 'Z') return 0.66;
  if (ch >= '0' && ch <= '9') return 0.57;
  return 0.55;
}

/**
 * A font-independent estimate of advance widths (typical sans proportions; CJK one em). It is
 * deterministic, so every renderer using it places arched glyphs identically; pass a real
 * measurer (canvas `measureText`, font metrics) to both editor and server for tighter spacing.
 */
export const approximateMeasure: MeasureText = (text, font) => {
  let em = 0;
  for (const ch of text) em += charEm(ch.codePointAt(0)!, ch);
  return em * font.size * (font.weight >= 600 ? 1.08 : 1);
};

export function fontOf(
  layer: Pick<TextLayer, 'font_family' | 'font_size' | 'font_weight' | 'italic'>,
): FontSpec {
  return {
    family: layer.font_family,
    size: layer.font_size,
    weight: layer.font_weight,
    italic: layer.italic,
  };
}

export interface StraightLine {
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  anchor: 'start' | 'middle' | 'end';
}

/** Straight text: one entry per line, aligned in the box, baselines a line height apart. */
export function layoutStraightText(layer: TextLayer): StraightLine[] {
  const lineAdvance = layer.line_height * layer.font_size;
  const firstBaseline = ((layer.line_height - 1) / 2 + ASCENT_EM) * layer.font_size;
  const x = layer.align === 'left' ? 0 : layer.align === 'center' ? layer.width / 2 : layer.width;
  const anchor = layer.align === 'left' ? 'start' : layer.align === 'center' ? 'middle' : 'end';
  return layer.text.split('\n').map((text, i) => ({ text, x, y: firstBaseline + i * lineAdvance, anchor }));
}

export interface PlacedGlyph {
  char: string;
  /** The glyph's baseline centre. */
  x: number;
  y: number;
  /** Degrees clockwise. */
  rotate: number;
}

/**
 * Arched text (bend ≠ 0): every line on a circle. `|bend|`% of a full turn is the sweep of the
 * longest line; further lines sit on concentric circles a line height apart. Positive bends arch
 * up (the circle's centre below), negative curve down. The result is centred in the box.
 */
export function layoutBentText(layer: TextLayer, measure: MeasureText = approximateMeasure): PlacedGlyph[] {
  const font = fontOf(layer);
  const spacing = layer.letter_spacing * layer.font_size;
  const lineAdvance = layer.line_height * layer.font_size;
  const lines = layer.text.split('\n').map((line) => {
    const chars = Array.from(line);
    const advances = chars.map((c) => measure(c, font) + spacing);
    return { chars, advances, length: advances.reduce((a, b) => a + b, 0) };
  });
  const longest = Math.max(...lines.map((l) => l.length), layer.font_size);
  const sweep = (Math.abs(layer.bend) / 100) * 2 * Math.PI;
  const radius = longest / sweep;
  const arch = layer.bend > 0;
  const glyphs: PlacedGlyph[] = [];
  lines.forEach((line, i) => {
    const r = Math.max(layer.font_size / 2, arch ? radius - i * lineAdvance : radius + i * lineAdvance);
    const start =
      layer.align === 'center'
        ? -line.length / 2
        : layer.align === 'left'
          ? -longest / 2
          : longest / 2 - line.length;
    let along = start;
    line.chars.forEach((char, j) => {
      const advance = line.advances[j]!;
      const phi = (along + advance / 2) / r;
      along += advance;
      // The circle's centre is at (0, 0) for now; the result is moved into the box below.
      glyphs.push(
        arch
          ? { char, x: r * Math.sin(phi), y: -r * Math.cos(phi), rotate: (phi * 180) / Math.PI }
          : { char, x: r * Math.sin(phi), y: r * Math.cos(phi), rotate: (-phi * 180) / Math.PI },
      );
    });
  });
  if (glyphs.length === 0) return glyphs;
  // Centre the glyphs' middles (half an em above the baseline, along each glyph's up) in the box.
  const mid = glyphs.map((g) => {
    const a = (g.rotate * Math.PI) / 180;
    const up = 0.35 * layer.font_size;
    return { x: g.x + Math.sin(a) * up, y: g.y - Math.cos(a) * up };
  });
  const minY = Math.min(...mid.map((m) => m.y));
  const maxY = Math.max(...mid.map((m) => m.y));
  const dx = layer.width / 2;
  const dy = layer.height / 2 - (minY + maxY) / 2;
  return glyphs.map((g) => ({ ...g, x: g.x + dx, y: g.y + dy }));
}
