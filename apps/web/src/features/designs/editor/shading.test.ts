import { describe, expect, it } from 'vitest';
import { garmentLuminance, shadeFactors, shadingMaps } from './shading.ts';

/** RGBA pixels of grey values (R = G = B, so the luminance is the value ÷ 255). */
const greys = (...values: number[]) => Uint8ClampedArray.from(values.flatMap((v) => [v, v, v, 255]));
/** The grey of each pixel of an RGBA map. */
const channel = (rgba: Uint8ClampedArray) => Array.from({ length: rgba.length / 4 }, (_, i) => rgba[i * 4]!);

/** The server renderer's shaded ink (render.ts `applyShadedPrint`) for one opaque channel. */
const rendererInk = (ink: number, shade: number, reference: number) => {
  const multiplyBy = shade < reference ? shade / reference : 1;
  const screenWith = shade > reference && reference < 1 ? (shade - reference) / (1 - reference) : 0;
  return 1 - (1 - ink * multiplyBy) * (1 - screenWith);
};

describe("the garment's shading maps (issue 26)", () => {
  it('leave the print as printed on a flat garment of any colour, black included', () => {
    for (const grey of [0x1f, 0x80, 0xf5]) {
      const maps = shadingMaps(greys(grey, grey, grey, grey));
      expect(maps.isFlat).toBe(true);
      expect(channel(maps.multiply)).toEqual([255, 255, 255, 255]);
      expect(channel(maps.screen)).toEqual([0, 0, 0, 0]);
    }
  });

  it("take the garment's colour as the median, so folds and highlights do not move it", () => {
    expect(garmentLuminance(greys(100, 100, 100, 30, 220))).toBeCloseTo(100 / 255, 9);
    // A mostly dark garment with a few light pixels is still dark.
    expect(garmentLuminance(greys(31, 31, 31, 255, 255))).toBeCloseTo(31 / 255, 9);
  });

  it('darken the print over folds by the ratio to the garment, and screen highlights onto it', () => {
    const maps = shadingMaps(greys(100, 100, 100, 50, 200));
    expect(maps.isFlat).toBe(false);
    expect(maps.reference).toBeCloseTo(100 / 255, 9);
    // The fold is half the garment's luminance: white ink shows at half there.
    expect(channel(maps.multiply)).toEqual([255, 255, 255, 128, 255]);
    expect(channel(maps.screen)).toEqual([0, 0, 0, 0, Math.round(((200 - 100) / (255 - 100)) * 255)]);
  });

  it('shade on dark garments relative to their own colour, not to white', () => {
    // A black tee (#1f1f1f) with a fold at 0x10: the fold darkens the print as much as on white.
    const black = shadingMaps(greys(0x1f, 0x1f, 0x1f, 0x10));
    expect(channel(black.multiply)[3]).toBe(Math.round((0x10 / 0x1f) * 255));
    expect(shadeFactors(0.5, 0.5)).toEqual({ multiplyBy: 1, screenWith: 0 });
  });

  it("multiplied then screened onto opaque ink, give the renderer's shaded print", () => {
    const template = [100, 100, 100, 60, 140, 230, 10];
    const maps = shadingMaps(greys(...template));
    const reference = maps.reference;
    const m = channel(maps.multiply);
    const s = channel(maps.screen);
    for (const [i, shade] of template.entries())
      for (const ink of [0, 0.2, 0.5, 0.8, 1]) {
        // Canvas `multiply` then `screen` of the maps' greys over the ink.
        const multiplied = ink * (m[i]! / 255);
        const screened = 1 - (1 - multiplied) * (1 - s[i]! / 255);
        expect(Math.abs(screened - rendererInk(ink, shade / 255, reference))).toBeLessThan(1.5 / 255);
      }
  });
});
