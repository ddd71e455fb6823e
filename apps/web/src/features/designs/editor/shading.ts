/**
 * The garment's shading map for the editor's preview (issue 26): the same meaning as the server's
 * mockup renderer (apps/server/src/modules/designs/render.ts, `applyShadedPrint`, decision 0073).
 * The template's luminance in the print area is taken relative to the garment's own colour (the
 * median luminance there, so folds and highlights — the minority — do not move it). Where the
 * garment is darker (folds, shadows) the print is multiplied by the ratio; where it is lighter
 * (highlights) the highlight is screened onto the print; on a flat garment of any colour the print
 * shows as printed. Pure: pixels in, maps out; the stage draws them over the design layers only.
 */

/** Relative luminance (0–1) of an sRGB pixel's stored values (as the renderer). */
export const luminance = (r: number, g: number, b: number) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

/** The garment's own colour: the median luminance (0–1) of RGBA pixels, 1/255 steps. */
export function garmentLuminance(rgba: ArrayLike<number>): number {
  const histogram = new Uint32Array(256);
  const count = Math.floor(rgba.length / 4);
  for (let i = 0; i < count * 4; i += 4)
    histogram[Math.round(luminance(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!) * 255)]! += 1;
  const half = count / 2;
  let seen = 0;
  for (let v = 0; v < 256; v += 1) {
    seen += histogram[v]!;
    if (seen >= half) return v / 255;
  }
  return 1;
}

/** How one template pixel of luminance `shade` shades ink, relative to the garment's `reference`. */
export function shadeFactors(shade: number, reference: number): { multiplyBy: number; screenWith: number } {
  return {
    multiplyBy: shade < reference ? shade / reference : 1,
    screenWith: shade > reference && reference < 1 ? (shade - reference) / (1 - reference) : 0,
  };
}

export interface ShadingMaps {
  /** The garment's own luminance (0–1), never below 1/255. */
  reference: number;
  /** Opaque grey RGBA, `255 × multiplyBy`: white where the print shows as printed. */
  multiply: Uint8ClampedArray<ArrayBuffer>;
  /** Opaque grey RGBA, `255 × screenWith`: black where the print shows as printed. */
  screen: Uint8ClampedArray<ArrayBuffer>;
  /** Nothing to shade (a flat garment): both maps are neutral. */
  isFlat: boolean;
}

/**
 * The shading maps of the print area's template pixels (RGBA). Drawing the print, then the
 * multiply map over it with `multiply` and the screen map with `screen`, gives the renderer's
 * `1 − (1 − ink × multiplyBy) × (1 − screenWith)` for every opaque print pixel.
 */
export function shadingMaps(rgba: ArrayLike<number>): ShadingMaps {
  const reference = Math.max(garmentLuminance(rgba), 1 / 255);
  const count = Math.floor(rgba.length / 4);
  const multiply = new Uint8ClampedArray(count * 4);
  const screen = new Uint8ClampedArray(count * 4);
  let isFlat = true;
  for (let i = 0; i < count * 4; i += 4) {
    const { multiplyBy, screenWith } = shadeFactors(
      luminance(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!),
      reference,
    );
    const m = Math.round(multiplyBy * 255);
    const s = Math.round(screenWith * 255);
    if (m !== 255 || s !== 0) isFlat = false;
    multiply[i] = multiply[i + 1] = multiply[i + 2] = m;
    screen[i] = screen[i + 1] = screen[i + 2] = s;
    multiply[i + 3] = screen[i + 3] = 255;
  }
  return { reference, multiply, screen, isFlat };
}
