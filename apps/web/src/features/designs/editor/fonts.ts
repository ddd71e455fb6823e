// One stylesheet per family and weight of DESIGN_FONTS (@pod/shared); fonts.test.ts checks the two agree.
import '@fontsource/noto-sans-sc/400.css';
import '@fontsource/noto-sans-sc/700.css';
import '@fontsource/zcool-kuaile/400.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/700.css';
import '@fontsource/lato/400.css';
import '@fontsource/lato/700.css';
import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/700.css';
import '@fontsource/oswald/400.css';
import '@fontsource/oswald/700.css';
import '@fontsource/merriweather/400.css';
import '@fontsource/merriweather/700.css';
import '@fontsource/playfair-display/400.css';
import '@fontsource/playfair-display/700.css';
import '@fontsource/bebas-neue/400.css';
import '@fontsource/lobster/400.css';
import '@fontsource/pacifico/400.css';
import '@fontsource/dancing-script/400.css';
import '@fontsource/dancing-script/700.css';
import '@fontsource/permanent-marker/400.css';
import { DESIGN_FONT_FAMILIES } from '@pod/shared';
import type { FontSpec, MeasureText } from '@pod/design';
import { cssFont } from './painter.ts';

/**
 * The editor's fonts: the families the server renders with (shared DESIGN_FONT_FAMILIES), bundled
 * from npm @fontsource packages by Vite and never fetched from a CDN (issue 8). Canvas text does
 * not wait for web fonts, so the editor awaits `document.fonts.load` before drawing a text and
 * re-measures afterwards (the Fabric pitfall).
 */
export const EDITOR_FONTS = DESIGN_FONT_FAMILIES;

/** A font did not load (spec §8 "font loading failed"). */
export class FontLoadError extends Error {
  constructor(readonly family: string) {
    super(`font loading failed: ${family}`);
    this.name = 'FontLoadError';
  }
}

const loaded = new Set<string>();

/** Loads the faces a text needs (only the unicode-range slices of its characters). */
export async function loadFont(font: FontSpec, text: string): Promise<void> {
  const key = `${font.family}|${font.weight}|${font.italic}|${text}`;
  if (loaded.has(key)) return;
  const spec = cssFont({
    font_family: font.family,
    font_size: 16,
    font_weight: font.weight,
    italic: font.italic,
  });
  let faces: FontFace[];
  try {
    faces = await document.fonts.load(spec, text || 'A');
  } catch {
    throw new FontLoadError(font.family);
  }
  if (faces.length === 0 || faces.some((f) => f.status === 'error')) throw new FontLoadError(font.family);
  loaded.add(key);
}

let measureContext: CanvasRenderingContext2D | null = null;

/** Advance widths from the browser's canvas, once the font has loaded. */
export const canvasMeasure: MeasureText = (text, font) => {
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * font.size * 0.6;
  measureContext.font = cssFont({
    font_family: font.family,
    font_size: font.size,
    font_weight: font.weight,
    italic: font.italic,
  });
  return measureContext.measureText(text).width;
};
