import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DESIGN_LIMITS } from './limits.ts';
import { designDocumentSchema, IDENTITY_FILTERS, layerSchema, type LayerInput } from './schema.ts';
import { ATTACHMENT_ID, COLOR_ID, doc, image, MATERIAL_ID, PRODUCT_ID, rect, text } from './test-fixtures.ts';

function issuesOf(input: unknown) {
  const result = designDocumentSchema.safeParse(input);
  expect(result.success).toBe(false);
  return (result.error as z.ZodError).issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

const base = (layers: unknown[]) => ({
  version: 2,
  product_id: PRODUCT_ID,
  color_id: COLOR_ID,
  surfaces: { front: { layers } },
});

describe('design document schema', () => {
  it('accepts every layer type and fills in defaults', () => {
    const d = doc([
      text('t'),
      image('i', { crop: { x: 10, y: 10, width: 500, height: 400 } }),
      rect('r', { corner_radius: 8 }),
      { id: 'e', type: 'ellipse', x: 0, y: 0, width: 10, height: 20 },
      { id: 'tri', type: 'triangle', x: 0, y: 0, width: 10, height: 20, stroke: '#000000', stroke_width: 2 },
      {
        id: 'p',
        type: 'polygon',
        x: 0,
        y: 0,
        width: 10,
        height: 10,
        points: [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 0.5, y: 1 },
        ],
      },
      {
        id: 's',
        type: 'svg',
        x: 0,
        y: 0,
        width: 100,
        height: 50,
        source: { kind: 'attachment', id: ATTACHMENT_ID },
        natural_width: 200,
        natural_height: 100,
      },
      {
        id: 'w',
        type: 'watermark',
        x: 0,
        y: 0,
        width: 2400,
        height: 3000,
        opacity: 0.3,
        content: {
          kind: 'text',
          text: 'PROOF',
          font_family: 'Noto Sans SC',
          font_size: 60,
          color: '#888888',
        },
        mark_width: 300,
        mark_height: 100,
        spacing_x: 50,
        angle: -30,
      },
      {
        id: 'tile',
        type: 'tiling',
        x: 0,
        y: 0,
        width: 2400,
        height: 3000,
        source: { kind: 'material', id: MATERIAL_ID },
        natural_width: 500,
        natural_height: 500,
        tile_width: 300,
        tile_height: 300,
      },
      { id: 'g', type: 'group', x: 0, y: 0, width: 100, height: 100, children: [rect('in-group')] },
    ]);
    const front = d.surfaces.front!.layers;
    expect(front.map((l) => l.type)).toEqual([
      'text',
      'image',
      'rectangle',
      'ellipse',
      'triangle',
      'polygon',
      'svg',
      'watermark',
      'tiling',
      'group',
    ]);
    const t = front[0]!;
    expect(t).toMatchObject({
      name: '',
      rotation: 0,
      flip_x: false,
      flip_y: false,
      opacity: 1,
      locked: false,
      visible: true,
      filters: IDENTITY_FILTERS,
      align: 'left',
      letter_spacing: 0,
      line_height: 1.2,
      bend: 0,
      font_weight: 400,
      italic: false,
    });
    expect(front[1]).toMatchObject({ crop: { x: 10, y: 10, width: 500, height: 400 } });
    expect(front[8]).toMatchObject({ spacing_x: 0, offset_x: 0 });
    // A parsed document parses again to itself (stored documents are stable).
    expect(designDocumentSchema.parse(d)).toEqual(d);
  });

  it('names the bad field of a malformed layer nested in a group', () => {
    const issues = issuesOf(
      base([
        {
          id: 'g',
          type: 'group',
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          children: [{ ...text('t'), font_size: 'big' }],
        },
      ]),
    );
    expect(issues).toEqual([
      {
        path: 'surfaces.front.layers.0.children.0.font_size',
        message: expect.stringContaining('expected number'),
      },
    ]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown layer type', { type: 'sticker' }, 'surfaces.front.layers.0.type'],
    ['a bad colour', { color: 'red' }, 'surfaces.front.layers.0.color'],
    ['an opacity above 1', { opacity: 1.5 }, 'surfaces.front.layers.0.opacity'],
    ['a negative width', { width: -5 }, 'surfaces.front.layers.0.width'],
    ['an unknown field (typo)', { font_sise: 10 }, 'surfaces.front.layers.0'],
    ['a filter out of range', { filters: { blur: -1 } }, 'surfaces.front.layers.0.filters.blur'],
    ['a bend past 100', { bend: 120 }, 'surfaces.front.layers.0.bend'],
    ['a control character', { text: 'a\u0007b' }, 'surfaces.front.layers.0.text'],
    ['an infinite coordinate', { x: Infinity }, 'surfaces.front.layers.0.x'],
    ['a bad layer id', { id: 'a b<' }, 'surfaces.front.layers.0.id'],
    ['a font weight not in hundreds', { font_weight: 450 }, 'surfaces.front.layers.0.font_weight'],
  ])('rejects %s with its path', (_name, patch, path) => {
    const issues = issuesOf(base([{ ...text('t'), ...patch }]));
    expect(issues.map((i) => i.path)).toContain(path);
  });

  it('rejects a crop reaching past the image', () => {
    const issues = issuesOf(base([image('i', { crop: { x: 600, y: 0, width: 500, height: 100 } })]));
    expect(issues).toEqual([
      { path: 'surfaces.front.layers.0.crop.width', message: 'crop reaches past the image width' },
    ]);
  });

  it('rejects a polygon with fewer than 3 points or points outside its box', () => {
    const poly = (points: unknown) => ({ id: 'p', type: 'polygon', x: 0, y: 0, width: 1, height: 1, points });
    expect(issuesOf(base([poly([{ x: 0, y: 0 }])])).map((i) => i.path)).toEqual([
      'surfaces.front.layers.0.points',
    ]);
    expect(
      issuesOf(
        base([
          poly([
            { x: 0, y: 0 },
            { x: 2, y: 0 },
            { x: 0, y: 1 },
          ]),
        ]),
      ).map((i) => i.path),
    ).toEqual(['surfaces.front.layers.0.points.1.x']);
  });

  it('rejects a watermark whose content is malformed', () => {
    const issues = issuesOf(
      base([
        {
          id: 'w',
          type: 'watermark',
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          mark_width: 5,
          mark_height: 5,
          content: {
            kind: 'image',
            source: { kind: 'material', id: 'not-a-uuid' },
            natural_width: 5,
            natural_height: 5,
          },
        },
      ]),
    );
    expect(issues.map((i) => i.path)).toEqual(['surfaces.front.layers.0.content.source.id']);
  });

  it('rejects duplicate layer ids across surfaces and groups', () => {
    const issues = issuesOf({
      ...base([
        rect('a'),
        { id: 'g', type: 'group', x: 0, y: 0, width: 1, height: 1, children: [rect('a')] },
      ]),
      surfaces: {
        front: { layers: [rect('a')] },
        back: {
          layers: [{ id: 'g', type: 'group', x: 0, y: 0, width: 1, height: 1, children: [rect('a')] }],
        },
      },
    });
    expect(issues).toEqual([{ path: 'surfaces.back.layers.0.children.0.id', message: 'duplicate layer id' }]);
  });

  it('limits group nesting', () => {
    let layer: LayerInput = rect('leaf');
    for (let i = 0; i < DESIGN_LIMITS.maxGroupDepth; i++)
      layer = { id: `g${i}`, type: 'group', x: 0, y: 0, width: 1, height: 1, children: [layer] };
    const issues = issuesOf(base([layer]));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(/nest at most/);
    expect(issues[0]!.path).toBe(
      `surfaces.front.layers.0${'.children.0'.repeat(DESIGN_LIMITS.maxGroupDepth - 1)}.children`,
    );
  });

  it('rejects a bad surface key, a bad version and a missing product', () => {
    expect(issuesOf({ ...base([]), surfaces: { 'Front Side': { layers: [] } } }).map((i) => i.path)).toEqual([
      'surfaces.Front Side',
    ]);
    expect(issuesOf({ ...base([]), version: 3 }).map((i) => i.path)).toEqual(['version']);
    const { product_id: _, ...noProduct } = base([]);
    expect(issuesOf(noProduct).map((i) => i.path)).toEqual(['product_id']);
  });

  it('parses a single layer on its own', () => {
    expect(layerSchema.parse(rect('r'))).toMatchObject({
      type: 'rectangle',
      fill: '#ff0000',
      stroke: null,
      corner_radius: 0,
    });
  });
});
