import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  copyLayerToColours,
  copyLayerToSurfaces,
  DesignBatchError,
  designForColours,
  fitBetween,
  fitDesignToProduct,
  fitLayer,
  replaceText,
} from './batch.ts';
import { layerIds } from './layers.ts';
import { layerSchema, type Layer } from './schema.ts';
import {
  BACK,
  COLOR_ID,
  doc,
  FRONT,
  image,
  OTHER_COLOR_ID,
  PRODUCT_ID,
  rect,
  SLEEVE,
  text,
} from './test-fixtures.ts';

function idFactory(prefix = 'n') {
  let n = 0;
  return () => `${prefix}${++n}`;
}

const centreShare = (l: Layer, spec: { width: number; height: number }) => ({
  x: (l.x + l.width / 2) / spec.width,
  y: (l.y + l.height / 2) / spec.height,
});

describe('copy to all surfaces', () => {
  it('puts a copy with fresh ids on top of every other surface, fitted to its print area', () => {
    const d = doc(
      [rect('under'), text('title', { x: 600, y: 1200, width: 1200, height: 600, font_size: 100 })],
      {
        surfaces: {
          front: {
            layers: [
              rect('under'),
              text('title', { x: 600, y: 1200, width: 1200, height: 600, font_size: 100 }),
            ],
          },
          back: { layers: [rect('back-bg')] },
        },
      },
    );
    const out = copyLayerToSurfaces(d, {
      from: FRONT,
      layerId: 'title',
      to: [FRONT, BACK, SLEEVE],
      newId: idFactory(),
    });
    expect(out.surfaces.front!.layers.map((l) => l.id)).toEqual(['under', 'title']);
    expect(out.surfaces.back!.layers.map((l) => l.id)).toEqual(['back-bg', 'n1']);
    // Same print area: same place and size.
    expect(out.surfaces.back!.layers[1]).toMatchObject({
      x: 600,
      y: 1200,
      width: 1200,
      height: 600,
      font_size: 100,
    });
    // The sleeve is 1000×500: one uniform scale (1/6), centred, same relative centre.
    const sleeve = out.surfaces.sleeve_left!.layers[0]!;
    expect(sleeve.id).toBe('n2');
    expect(sleeve.width / sleeve.height).toBeCloseTo(2, 9);
    expect(sleeve).toMatchObject({ width: 200, height: 100 });
    expect(sleeve.type === 'text' && sleeve.font_size).toBeCloseTo(100 / 6, 9);
    expect(centreShare(sleeve, SLEEVE)).toEqual({ x: 0.5, y: 0.5 });
    // The source document is untouched.
    expect(d.surfaces.sleeve_left).toBeUndefined();
  });

  it('copies a group with fresh ids for every child', () => {
    const d = doc([
      { id: 'g', type: 'group', x: 0, y: 0, width: 100, height: 100, children: [rect('a'), rect('b')] },
    ]);
    const out = copyLayerToSurfaces(d, { from: FRONT, layerId: 'g', to: [BACK], newId: idFactory('c') });
    expect(out.surfaces.back!.layers[0]).toMatchObject({ id: 'c1', children: [{ id: 'c2' }, { id: 'c3' }] });
    expect(layerIds(out).size).toBe(6);
  });

  it('refuses an unknown layer', () => {
    expect(() =>
      copyLayerToSurfaces(doc([rect('a')]), { from: FRONT, layerId: 'zzz', to: [BACK], newId: idFactory() }),
    ).toThrow(DesignBatchError);
  });
});

describe('copy to every colour', () => {
  it('puts the layer on the same surface of every other colour document', () => {
    const red = doc([rect('logo', { x: 10, y: 20 })]);
    const blue = doc([], { color_id: OTHER_COLOR_ID, surfaces: {} });
    const [r, b] = copyLayerToColours([red, blue], {
      fromColorId: COLOR_ID,
      surface: 'front',
      layerId: 'logo',
      newId: idFactory(),
    });
    expect(r).toBe(red);
    expect(b!.color_id).toBe(OTHER_COLOR_ID);
    expect(b!.surfaces.front!.layers).toEqual([{ ...red.surfaces.front!.layers[0], id: 'n1' }]);
  });

  it('refuses documents of different products', () => {
    const other = doc([], { product_id: '6a1d8b0f-4c2e-4f9b-8d3a-2e8f7c6b5d4c', color_id: OTHER_COLOR_ID });
    expect(() =>
      copyLayerToColours([doc([rect('a')]), other], {
        fromColorId: COLOR_ID,
        surface: 'front',
        layerId: 'a',
        newId: idFactory(),
      }),
    ).toThrow(/different products/);
  });
});

describe('replaceText', () => {
  it('replaces every occurrence in text layers and text watermarks, groups included', () => {
    const d = doc([
      text('a', { text: 'SALE sale SALE' }),
      {
        id: 'g',
        type: 'group',
        x: 0,
        y: 0,
        width: 10,
        height: 10,
        children: [text('b', { text: 'Big SALE\nnow' })],
      },
      {
        id: 'w',
        type: 'watermark',
        x: 0,
        y: 0,
        width: 100,
        height: 100,
        content: { kind: 'text', text: 'SALE', font_family: 'Noto Sans SC', font_size: 10, color: '#000000' },
        mark_width: 50,
        mark_height: 20,
      },
      rect('r'),
    ]);
    const { doc: out, count, skipped } = replaceText(d, 'SALE', '促销');
    expect(count).toBe(4);
    expect(skipped).toEqual([]);
    const layers = out.surfaces.front!.layers;
    expect(layers[0]).toMatchObject({ text: '促销 sale 促销' });
    expect(layers[1]).toMatchObject({ children: [{ text: 'Big 促销\nnow' }] });
    expect(layers[2]).toMatchObject({ content: { text: '促销' } });
  });

  it('treats the search as literal text, not a pattern', () => {
    const { doc: out, count } = replaceText(doc([text('a', { text: 'a.b a*b' })]), '.', '!');
    expect(count).toBe(1);
    expect(out.surfaces.front!.layers[0]).toMatchObject({ text: 'a!b a*b' });
  });

  it('leaves a layer alone rather than emptying it', () => {
    const { doc: out, count, skipped } = replaceText(doc([text('a', { text: 'gone' })]), 'gone', '');
    expect(count).toBe(0);
    expect(skipped).toEqual(['a']);
    expect(out.surfaces.front!.layers[0]).toMatchObject({ text: 'gone' });
  });
});

describe('batch design: fitting to another product', () => {
  it('scales uniformly to fit and keeps relative placement', () => {
    const d = doc([
      image('photo', { x: 200, y: 300, width: 1000, height: 800 }),
      text('t', { x: 1200, y: 2600, width: 1000, height: 200 }),
    ]);
    const mug = {
      code: 'front',
      width: 1200,
      height: 1200,
      dpi: 200,
      safe_area: { x: 0, y: 0, width: 1200, height: 1200 },
      bleed: 0,
      min_dpi: 150,
    };
    const { doc: out, skipped } = fitDesignToProduct(d, {
      fromSpecs: [FRONT],
      to: { product_id: '6a1d8b0f-4c2e-4f9b-8d3a-2e8f7c6b5d4c', color_id: OTHER_COLOR_ID, specs: [mug] },
    });
    expect(skipped).toEqual([]);
    expect(out.product_id).toBe('6a1d8b0f-4c2e-4f9b-8d3a-2e8f7c6b5d4c');
    // 2400×3000 into 1200×1200: scale 0.4, the 960 px wide result centred (120 px each side).
    expect(fitBetween(FRONT, mug)).toEqual({ scale: 0.4, dx: 120, dy: 0 });
    expect(out.surfaces.front!.layers[0]).toMatchObject({ x: 200, y: 120, width: 400, height: 320 });
    expect(out.surfaces.front!.layers[1]).toMatchObject({ font_size: 40 });
  });

  it('maps surfaces by key, skips the ones the product lacks, and honours a surface map', () => {
    const d = doc([], {
      surfaces: {
        front: { layers: [rect('f')] },
        back: { layers: [rect('b')] },
        sleeve_left: { layers: [] },
      },
    });
    const wrap = { ...SLEEVE, code: 'wrap' };
    const target = { product_id: PRODUCT_ID, color_id: COLOR_ID, specs: [wrap] };
    expect(fitDesignToProduct(d, { fromSpecs: [FRONT, BACK], to: target }).skipped).toEqual([
      'front',
      'back',
    ]);
    const mapped = fitDesignToProduct(d, {
      fromSpecs: [FRONT, BACK],
      to: target,
      surfaceMap: { front: 'wrap' },
    });
    expect(mapped.skipped).toEqual(['back']);
    expect(Object.keys(mapped.doc.surfaces)).toEqual(['wrap']);
  });

  it('keeps every layer centre at the same share of the print area (property)', () => {
    const size = fc.integer({ min: 100, max: 8000 });
    fc.assert(
      fc.property(
        size,
        size,
        size,
        size,
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        (fw, fh, tw, th, rx, ry) => {
          const from = { ...FRONT, width: fw, height: fh };
          const to = { ...FRONT, width: tw, height: th };
          const layer = layerSchema.parse(
            rect('r', { x: rx * fw, y: ry * fh, width: fw / 10, height: fh / 10 }),
          );
          const fit = fitBetween(from, to);
          const out = fitLayer(layer, fit);
          // Uniform: proportions kept; fitted: the scaled area lies inside the target.
          expect(out.width / out.height).toBeCloseTo(layer.width / layer.height, 6);
          expect(fw * fit.scale).toBeLessThanOrEqual(tw + 1e-6);
          expect(fh * fit.scale).toBeLessThanOrEqual(th + 1e-6);
          // Relative placement within the fitted area is unchanged.
          const cx = (out.x + out.width / 2 - fit.dx) / (fw * fit.scale);
          const cy = (out.y + out.height / 2 - fit.dy) / (fh * fit.scale);
          expect(cx).toBeCloseTo(rx + 0.05, 6);
          expect(cy).toBeCloseTo(ry + 0.05, 6);
        },
      ),
    );
  });

  it('scales group children, strokes, tiles and blur with the layer', () => {
    const layer = layerSchema.parse({
      id: 'g',
      type: 'group',
      x: 100,
      y: 100,
      width: 200,
      height: 200,
      filters: { blur: 4 },
      children: [
        rect('r', {
          x: 50,
          y: 50,
          width: 100,
          height: 100,
          stroke: '#000000',
          stroke_width: 10,
          corner_radius: 6,
        }),
      ],
    });
    const out = fitLayer(layer, { scale: 0.5, dx: 10, dy: 20 });
    expect(out).toMatchObject({ x: 60, y: 70, width: 100, height: 100, filters: { blur: 2 } });
    expect(out.type === 'group' && out.children[0]).toMatchObject({
      x: 25,
      y: 25,
      width: 50,
      stroke_width: 5,
      corner_radius: 3,
    });
  });
});

describe('designForColours', () => {
  it('makes one document per colour', () => {
    const docs = designForColours(doc([rect('a')]), [COLOR_ID, OTHER_COLOR_ID]);
    expect(docs.map((d) => d.color_id)).toEqual([COLOR_ID, OTHER_COLOR_ID]);
    expect(docs[1]!.surfaces).toEqual(docs[0]!.surfaces);
    expect(docs[1]!.surfaces).not.toBe(docs[0]!.surfaces);
  });
});
