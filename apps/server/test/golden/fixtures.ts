import sharp from 'sharp';
import type { SurfaceSpec } from '@pod/design';
import { designDocumentSchema } from '@pod/design';
import type { AssetMap } from '../../src/modules/designs/index.ts';

/**
 * The golden-image fixtures (issue 8, decision 0019): six designs, one per feature the renderer
 * must get right in both the browser and sharp. `scripts/golden-references.ts` draws each SVG in
 * Chromium (with the fontsource CSS the editor uses) into `test/golden/<name>.png`; the golden
 * test renders the same document on the server and compares.
 */

export const GOLDEN_SPEC: SurfaceSpec = {
  code: 'front',
  width: 480,
  height: 480,
  dpi: 150,
  safe_area: { x: 20, y: 20, width: 440, height: 440 },
  bleed: 0,
  min_dpi: 100,
};

const PRODUCT = '00000000-0000-4000-8000-000000000001';
const COLOR = '00000000-0000-4000-8000-000000000002';
const PHOTO = '00000000-0000-4000-8000-0000000000a1';
const TILE = '00000000-0000-4000-8000-0000000000a2';
const VECTOR = '00000000-0000-4000-8000-0000000000a3';

const base = { rotation: 0 };
const doc = (layers: unknown[]) =>
  designDocumentSchema.parse({
    version: 2,
    product_id: PRODUCT,
    color_id: COLOR,
    surfaces: { front: { layers } },
  });

/** Deterministic test images: a four-colour gradient photo, a tile, an SVG. */
export async function goldenAssets(): Promise<AssetMap> {
  const w = 240;
  const h = 240;
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const i = (y * w + x) * 3;
      raw[i] = Math.round((x / w) * 255);
      raw[i + 1] = Math.round((y / h) * 255);
      raw[i + 2] = 160;
    }
  const photo = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
  const tile = await sharp({
    create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="14" fill="#e0584a"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const vector =
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">' +
    '<rect x="5" y="5" width="90" height="90" rx="12" fill="#2b6cb0"/>' +
    '<path d="M20 70 L50 20 L80 70 Z" fill="#f6e05e" stroke="#1a202c" stroke-width="4"/></svg>';
  return new Map([
    [`attachment:${PHOTO}`, `data:image/png;base64,${photo.toString('base64')}`],
    [`attachment:${TILE}`, `data:image/png;base64,${tile.toString('base64')}`],
    [`attachment:${VECTOR}`, `data:image/svg+xml;base64,${Buffer.from(vector).toString('base64')}`],
  ]);
}

export const GOLDEN_FIXTURES = {
  'text-bend': doc([
    {
      ...base,
      id: 't1',
      type: 'text',
      x: 40,
      y: 120,
      width: 400,
      height: 90,
      text: 'Summer 夏日',
      font_family: 'Roboto',
      font_size: 64,
      font_weight: 700,
      color: '#c53030',
      align: 'center',
      bend: 25,
    },
    {
      ...base,
      id: 't2',
      type: 'text',
      x: 40,
      y: 300,
      width: 400,
      height: 60,
      text: '你好 Noto',
      font_family: 'Noto Sans SC',
      font_size: 48,
      color: '#1a202c',
      align: 'center',
    },
  ]),
  'image-filters': doc([
    {
      ...base,
      id: 'i1',
      type: 'image',
      x: 40,
      y: 40,
      width: 400,
      height: 400,
      source: { kind: 'attachment', id: PHOTO },
      natural_width: 240,
      natural_height: 240,
      filters: {
        brightness: 1.15,
        contrast: 1.2,
        saturation: 0.6,
        sepia: 0.3,
        grayscale: 0,
        invert: 0,
        blur: 2,
      },
      rotation: 10,
    },
  ]),
  tiling: doc([
    {
      ...base,
      id: 'p1',
      type: 'tiling',
      x: 0,
      y: 0,
      width: 480,
      height: 480,
      source: { kind: 'attachment', id: TILE },
      natural_width: 40,
      natural_height: 40,
      tile_width: 60,
      tile_height: 60,
      spacing_x: 20,
      spacing_y: 10,
      offset_x: 15,
      offset_y: 5,
    },
  ]),
  watermark: doc([
    {
      ...base,
      id: 'w1',
      type: 'watermark',
      x: 0,
      y: 0,
      width: 480,
      height: 480,
      opacity: 0.5,
      content: { kind: 'text', text: 'SAMPLE', font_family: 'Roboto', font_size: 28, color: '#2d3748' },
      mark_width: 140,
      mark_height: 40,
      spacing_x: 30,
      spacing_y: 50,
      angle: -30,
    },
  ]),
  svg: doc([
    {
      ...base,
      id: 's1',
      type: 'svg',
      x: 90,
      y: 90,
      width: 300,
      height: 300,
      source: { kind: 'attachment', id: VECTOR },
      natural_width: 100,
      natural_height: 100,
      flip_x: true,
    },
  ]),
  polygon: doc([
    {
      ...base,
      id: 'g1',
      type: 'polygon',
      x: 60,
      y: 60,
      width: 360,
      height: 360,
      fill: '#38a169',
      stroke: '#22543d',
      stroke_width: 8,
      points: [
        { x: 0.5, y: 0 },
        { x: 1, y: 0.38 },
        { x: 0.82, y: 1 },
        { x: 0.18, y: 1 },
        { x: 0, y: 0.38 },
      ],
      rotation: 15,
    },
    {
      ...base,
      id: 'g2',
      type: 'triangle',
      x: 180,
      y: 200,
      width: 120,
      height: 100,
      fill: '#f6ad55',
      opacity: 0.8,
    },
  ]),
};
export type GoldenName = keyof typeof GOLDEN_FIXTURES;
