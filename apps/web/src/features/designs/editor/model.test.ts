import { describe, expect, it } from 'vitest';
import {
  approximateMeasure,
  designDocumentSchema,
  IDENTITY_FILTERS,
  layoutBentText,
  type TextLayer,
} from '@pod/design';
import { geometryPatch, scaleLayer } from './bake.ts';
import {
  addLayer,
  alignLayers,
  cssFilter,
  distributeLayers,
  layerBounds,
  stepLayers,
  updateLayer,
  designedSurfaces,
  emptyDocument,
  fitTextBox,
  makeLayer,
  moveLayer,
  pasteLayers,
  regularPolygonPoints,
  removeLayers,
  surfaceLayers,
} from './model.ts';

const PRODUCT = '11111111-1111-4111-8111-111111111111';
const COLOUR = '22222222-2222-4222-8222-222222222222';

const rect = (id: string, x = 100) =>
  makeLayer({ id, type: 'rectangle', x, y: 100, width: 200, height: 100, fill: '#ff0000' });
const text = (bend: number) =>
  makeLayer({
    id: 'txt',
    type: 'text',
    text: 'Hello arc',
    font_family: 'Roboto',
    font_size: 100,
    color: '#000000',
    align: 'center',
    bend,
    x: 1000,
    y: 1000,
    width: 10,
    height: 10,
  }) as TextLayer;

describe('editor document operations', () => {
  it('adds, reorders, removes and pastes layers without touching other surfaces', () => {
    let doc = emptyDocument(PRODUCT, COLOUR);
    doc = addLayer(addLayer(addLayer(doc, 'front', rect('a')), 'front', rect('b')), 'back', rect('c'));
    doc = moveLayer(doc, 'front', 'a', 1);
    expect(surfaceLayers(doc, 'front').map((l) => l.id)).toEqual(['b', 'a']);
    const pasted = pasteLayers(doc, 'front', [surfaceLayers(doc, 'front')[0]!], 20);
    expect(pasted.ids).toHaveLength(1);
    const copy = surfaceLayers(pasted.doc, 'front')[2]!;
    expect(copy.id).not.toBe('b');
    expect(copy.x).toBe(120);
    doc = removeLayers(pasted.doc, 'front', new Set(['a']));
    expect(surfaceLayers(doc, 'front')).toHaveLength(2);
    expect(surfaceLayers(doc, 'back').map((l) => l.id)).toEqual(['c']);
    expect(designedSurfaces(doc).sort()).toEqual(['back', 'front']);
    expect(() => designDocumentSchema.parse(doc)).not.toThrow();
  });

  it('writes the CSS filter functions with the document meanings, blur scaled to device px', () => {
    expect(cssFilter(IDENTITY_FILTERS, 1)).toBe('none');
    expect(cssFilter({ ...IDENTITY_FILTERS, brightness: 1.2, saturation: 0, blur: 4 }, 0.5)).toBe(
      'brightness(1.2) saturate(0) blur(2px)',
    );
  });

  it('fits a text box round straight and arched text, keeping its centre', () => {
    const straight = fitTextBox(text(0));
    expect(straight.x + straight.width / 2).toBeCloseTo(1005);
    expect(straight.height).toBeCloseTo(120);
    const arched = fitTextBox(text(40), approximateMeasure);
    expect(arched.y + arched.height / 2).toBeCloseTo(1005);
    // Every glyph of the arc lies inside the fitted box.
    for (const g of layoutBentText(arched)) {
      expect(g.x).toBeGreaterThan(0);
      expect(g.x).toBeLessThan(arched.width);
      expect(g.y).toBeGreaterThan(0);
      expect(g.y).toBeLessThan(arched.height);
    }
  });

  it('makes regular polygons inside the unit box', () => {
    const points = regularPolygonPoints(6);
    expect(points).toHaveLength(6);
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(1);
    }
    expect(regularPolygonPoints(1)).toHaveLength(3);
  });
});

describe('canvas geometry baked into layers', () => {
  it('bakes a scale into the box and the font size, and a move into the position', () => {
    const layer = text(0);
    const next = geometryPatch(layer, {
      cx: 500,
      cy: 400,
      width: layer.width * 2,
      height: layer.height * 2,
      angle: 30,
      flipX: true,
      flipY: false,
    });
    expect(next.type === 'text' && next.font_size).toBe(200);
    expect(next.x).toBe(500 - layer.width);
    expect(next.rotation).toBe(30);
    expect(next.flip_x).toBe(true);
  });

  it('returns the same layer when nothing changed (no history step)', () => {
    const layer = rect('a');
    const same = geometryPatch(layer, {
      cx: 200,
      cy: 150,
      width: 200,
      height: 100,
      angle: 0,
      flipX: false,
      flipY: false,
    });
    expect(same).toBe(layer);
  });

  it('scales group children in the group space', () => {
    const group = makeLayer({
      id: 'g',
      type: 'group',
      x: 0,
      y: 0,
      width: 100,
      height: 100,
      children: [{ id: 'c', type: 'ellipse', x: 10, y: 20, width: 30, height: 40, stroke_width: 2 }],
    });
    const scaled = scaleLayer(group, 2, 2);
    expect(scaled.type === 'group' && scaled.children[0]).toMatchObject({
      x: 20,
      y: 40,
      width: 60,
      height: 80,
      stroke_width: 4,
    });
  });
});

describe('arranging layers (issue 26)', () => {
  const three = () => {
    let doc = emptyDocument(PRODUCT, COLOUR);
    doc = addLayer(doc, 'front', rect('a', 0));
    doc = addLayer(doc, 'front', rect('b', 250));
    return addLayer(doc, 'front', rect('c', 1000));
  };
  const xs = (doc: ReturnType<typeof emptyDocument>) => surfaceLayers(doc, 'front').map((l) => l.x);

  it('aligns several layers to their common bounds and one layer to the print area', () => {
    expect(
      xs(alignLayers(three(), 'front', ['a', 'b', 'c'], 'right', { width: 3000, height: 3000 })),
    ).toEqual([1000, 1000, 1000]);
    const centred = alignLayers(three(), 'front', ['b'], 'centre', { width: 3000, height: 3000 });
    expect(surfaceLayers(centred, 'front')[1]!.x).toBe(1400);
    const bottom = alignLayers(three(), 'front', ['b'], 'bottom', { width: 3000, height: 3000 });
    expect(surfaceLayers(bottom, 'front')[1]!.y).toBe(2900);
  });

  it('aligns a turned layer by its visible bounds, and leaves locked layers alone', () => {
    let doc = three();
    doc = updateLayer(doc, 'front', 'b', (l) => ({ ...l, rotation: 90 }));
    doc = updateLayer(doc, 'front', 'c', (l) => ({ ...l, locked: true }));
    const out = alignLayers(doc, 'front', ['a', 'b', 'c'], 'left', { width: 3000, height: 3000 });
    // b is 200 × 100 turned a quarter: its bounds are 100 wide, starting 50 px right of its box.
    expect(layerBounds(surfaceLayers(out, 'front')[1]!).x).toBeCloseTo(0, 9);
    expect(surfaceLayers(out, 'front')[2]!.x).toBe(1000);
  });

  it('distributes three or more layers with equal gaps, the outer ones staying', () => {
    const out = distributeLayers(three(), 'front', ['a', 'b', 'c'], 'horizontal');
    // From 0 to 1200, three 200-px boxes: gaps of 300.
    expect(xs(out)).toEqual([0, 500, 1000]);
    expect(distributeLayers(three(), 'front', ['a', 'b'], 'horizontal')).toEqual(three());
  });

  it('brings layers forward and backward one step, a block keeping its own order', () => {
    const ids = (doc: ReturnType<typeof emptyDocument>) => surfaceLayers(doc, 'front').map((l) => l.id);
    expect(ids(stepLayers(three(), 'front', ['a'], 1))).toEqual(['b', 'a', 'c']);
    expect(ids(stepLayers(three(), 'front', ['a', 'b'], 1))).toEqual(['c', 'a', 'b']);
    expect(ids(stepLayers(three(), 'front', ['c'], 1))).toEqual(['a', 'b', 'c']);
    expect(ids(stepLayers(three(), 'front', ['c'], -1))).toEqual(['a', 'c', 'b']);
  });
});
