import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderSurfaceSvg } from './render-svg.ts';
import type { SurfaceSpec } from './surface-spec.ts';
import { ATTACHMENT_ID, doc, MATERIAL_ID, rect, text } from './test-fixtures.ts';

/**
 * The server's path: the SVG rasterised by sharp (librsvg). Pixels of known layers are checked,
 * so a feature librsvg ignores (as it ignores <textPath>) fails here.
 */

const SPEC: SurfaceSpec = {
  code: 'front',
  width: 200,
  height: 100,
  dpi: 100,
  safe_area: { x: 0, y: 0, width: 200, height: 100 },
  bleed: 0,
  min_dpi: 100,
};
const OTHER_MATERIAL = '3d0ca315-aff9-4fc2-be61-3b76b9a2d798';
const CROP_MATERIAL = '9b2e4f1a-6c3d-4e5f-8a7b-1c2d3e4f5a6b';

let pixels: Buffer;
const at = (x: number, y: number) => [
  ...pixels.subarray((y * SPEC.width + x) * 4, (y * SPEC.width + x) * 4 + 4),
];

beforeAll(async () => {
  // A 2×1 image, left red, right blue, and a solid green tile.
  const halves = await sharp(Buffer.from([255, 0, 0, 255, 0, 0, 255, 255]), {
    raw: { width: 2, height: 1, channels: 4 },
  })
    .png()
    .toBuffer();
  // 8×2: four blue columns, then four red.
  const bars = await sharp(
    Buffer.from(
      Array.from({ length: 16 }, (_, i) => (i % 8 < 4 ? [0, 0, 255, 255] : [255, 0, 0, 255])).flat(),
    ),
    { raw: { width: 8, height: 2, channels: 4 } },
  )
    .png()
    .toBuffer();
  const green = await sharp({ create: { width: 4, height: 4, channels: 4, background: '#00ff00' } })
    .png()
    .toBuffer();
  const uri = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
  const svgAsset = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#ff00ff"/></svg>').toString('base64')}`;
  const d = doc([
    rect('red', { x: 0, y: 0, width: 50, height: 50, fill: '#ff0000' }),
    // Flipped: the blue half comes first.
    {
      id: 'img',
      type: 'image',
      x: 60,
      y: 0,
      width: 40,
      height: 40,
      flip_x: true,
      source: { kind: 'material', id: MATERIAL_ID },
      natural_width: 2,
      natural_height: 1,
    },
    // Cropped to the red half.
    {
      id: 'crop',
      type: 'image',
      x: 50,
      y: 42,
      width: 8,
      height: 8,
      source: { kind: 'material', id: CROP_MATERIAL },
      natural_width: 8,
      natural_height: 2,
      crop: { x: 4, y: 0, width: 4, height: 2 },
    },
    rect('inverted', { x: 110, y: 0, width: 40, height: 40, fill: '#ffffff', filters: { invert: 1 } }),
    rect('half', { x: 160, y: 0, width: 40, height: 40, fill: '#000000', opacity: 0.5 }),
    {
      id: 'tiles',
      type: 'tiling',
      x: 0,
      y: 60,
      width: 100,
      height: 40,
      source: { kind: 'material', id: OTHER_MATERIAL },
      natural_width: 4,
      natural_height: 4,
      tile_width: 10,
      tile_height: 10,
      spacing_x: 10,
      spacing_y: 10,
    },
    {
      id: 'logo',
      type: 'svg',
      x: 100,
      y: 45,
      width: 10,
      height: 10,
      source: { kind: 'attachment', id: ATTACHMENT_ID },
      natural_width: 10,
      natural_height: 10,
    },
    text('arched', {
      x: 110,
      y: 50,
      width: 90,
      height: 50,
      text: 'ARC',
      font_family: 'DejaVu Sans',
      font_size: 20,
      color: '#0000ff',
      bend: 30,
    }),
  ]);
  const svg = renderSurfaceSvg(d, 'front', SPEC, (ref) =>
    ref.kind === 'attachment'
      ? svgAsset
      : uri(ref.id === MATERIAL_ID ? halves : ref.id === CROP_MATERIAL ? bars : green),
  );
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([info.width, info.height, info.channels]).toEqual([200, 100, 4]);
  pixels = data;
});

describe('rasterising the SVG with sharp (librsvg)', () => {
  it('draws shapes and leaves the rest transparent', () => {
    expect(at(25, 25)).toEqual([255, 0, 0, 255]);
    expect(at(55, 25)[3]).toBe(0);
  });

  it('embeds images and mirrors a flipped one', () => {
    // Scaling 2 px up to 40 interpolates in the middle; the outer quarters are pure.
    expect(at(62, 20)).toEqual([0, 0, 255, 255]);
    expect(at(97, 20)).toEqual([255, 0, 0, 255]);
  });

  it('shows only the cropped part of an image', () => {
    // Bilinear sampling may blend the crop's very edge with its neighbour; the inside is pure.
    expect(at(54, 46)).toEqual([255, 0, 0, 255]);
    expect(at(56, 48)).toEqual([255, 0, 0, 255]);
  });

  it('applies SVG filters', () => {
    expect(at(130, 20)).toEqual([0, 0, 0, 255]);
  });

  it('applies layer opacity', () => {
    expect(Math.abs(at(180, 20)[3]! - 128)).toBeLessThanOrEqual(1);
  });

  it('repeats a tile as a pattern with spacing', () => {
    expect(at(5, 65)).toEqual([0, 255, 0, 255]);
    expect(at(25, 85)).toEqual([0, 255, 0, 255]);
    expect(at(15, 65)[3]).toBe(0);
  });

  it('draws an embedded SVG image', () => {
    expect(at(105, 50)).toEqual([255, 0, 255, 255]);
  });

  it('draws arched text (glyphs placed without textPath)', () => {
    let ink = 0;
    for (let y = 50; y < 100; y++)
      for (let x = 112; x < 200; x++) if (at(x, y)[3]! > 128 && at(x, y)[2]! > 200) ink++;
    expect(ink).toBeGreaterThan(50);
  });
});
