import { describe, expect, it } from 'vitest';
import { DesignRenderError, collectAssetRefs, renderSurfaceSvg, type ResolveAsset } from './render-svg.ts';
import { layerSchema, type LayerInput } from './schema.ts';
import { ATTACHMENT_ID, doc, FRONT, image, MATERIAL_ID, rect, text } from './test-fixtures.ts';
import { layoutBentText } from './text-layout.ts';
import { escapeXml } from './xml.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const resolve: ResolveAsset = (ref) =>
  ref.kind === 'attachment' ? 'data:image/svg+xml;base64,PHN2Zy8+' : PNG;

/**
 * A small XML well-formedness check: tags balance, attributes are quoted and unique, text holds
 * no raw `<` and only the five XML entities. Returns the element names in document order.
 */
function checkXml(xml: string): string[] {
  const names: string[] = [];
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = token.exec(xml))) {
    consumed = token.lastIndex;
    if (m[5] !== undefined) {
      expect(m[5]).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
      continue;
    }
    const [, close, name, attrText, selfClose] = m;
    if (close) {
      expect(stack.pop()).toBe(name);
      continue;
    }
    const attrNames = [...attrText!.matchAll(/([\w:.-]+)="/g)].map((a) => a[1]);
    expect(new Set(attrNames).size).toBe(attrNames.length);
    for (const value of attrText!.matchAll(/="([^"]*)"/g))
      expect(value[1]).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    names.push(name!);
    if (!selfClose) stack.push(name!);
  }
  expect(consumed).toBe(xml.length);
  expect(stack).toEqual([]);
  return names;
}

const render = (layers: LayerInput[], options = {}) =>
  renderSurfaceSvg(doc(layers), 'front', FRONT, resolve, options);

describe('renderSurfaceSvg', () => {
  it('produces a standalone SVG at print-file size', () => {
    const svg = render([rect('r')]);
    expect(
      svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'),
    ).toBe(true);
    expect(svg).toContain('width="2400" height="3000" viewBox="0 0 2400 3000"');
    expect(checkXml(svg)).toEqual(['svg', 'g', 'rect']);
    expect(render([rect('r')], { pixelRatio: 0.1 })).toContain(
      'width="240" height="300" viewBox="0 0 2400 3000"',
    );
  });

  it('renders every layer type as well-formed SVG using only librsvg-supported elements', () => {
    const svg = render([
      text('straight', { text: 'Line one\nLine two', align: 'center', letter_spacing: 0.1 }),
      text('arched', { text: 'ARCH', bend: 50 }),
      image('img', {
        crop: { x: 100, y: 100, width: 500, height: 400 },
        filters: {
          brightness: 1.2,
          contrast: 1.1,
          saturation: 0.5,
          grayscale: 0.3,
          sepia: 0.4,
          invert: 1,
          blur: 2,
        },
      }),
      {
        id: 's',
        type: 'svg',
        x: 0,
        y: 0,
        width: 100,
        height: 100,
        source: { kind: 'attachment', id: ATTACHMENT_ID },
        natural_width: 10,
        natural_height: 10,
      },
      rect('r', { corner_radius: 12, stroke: '#000000', stroke_width: 3 }),
      { id: 'e', type: 'ellipse', x: 0, y: 0, width: 100, height: 50 },
      { id: 't', type: 'triangle', x: 0, y: 0, width: 100, height: 50 },
      {
        id: 'p',
        type: 'polygon',
        x: 0,
        y: 0,
        width: 100,
        height: 100,
        points: [
          { x: 0, y: 0 },
          { x: 1, y: 0.5 },
          { x: 0, y: 1 },
        ],
      },
      {
        id: 'w',
        type: 'watermark',
        x: 0,
        y: 0,
        width: 2400,
        height: 3000,
        opacity: 0.3,
        angle: -30,
        mark_width: 300,
        mark_height: 100,
        spacing_x: 40,
        spacing_y: 40,
        content: {
          kind: 'text',
          text: 'PROOF',
          font_family: 'Noto Sans SC',
          font_size: 40,
          color: '#999999',
        },
      },
      {
        id: 'wi',
        type: 'watermark',
        x: 0,
        y: 0,
        width: 2400,
        height: 3000,
        mark_width: 300,
        mark_height: 100,
        content: {
          kind: 'image',
          source: { kind: 'material', id: MATERIAL_ID },
          natural_width: 30,
          natural_height: 10,
        },
      },
      {
        id: 'tile',
        type: 'tiling',
        x: 0,
        y: 0,
        width: 2400,
        height: 1000,
        source: { kind: 'material', id: MATERIAL_ID },
        natural_width: 50,
        natural_height: 50,
        tile_width: 200,
        tile_height: 200,
        spacing_x: 10,
        offset_x: 5,
      },
      {
        id: 'g',
        type: 'group',
        x: 100,
        y: 100,
        width: 500,
        height: 500,
        rotation: 15,
        children: [rect('in1'), text('in2')],
      },
    ]);
    const names = new Set(checkXml(svg));
    const librsvgSupported = new Set([
      'svg',
      'defs',
      'g',
      'text',
      'rect',
      'ellipse',
      'polygon',
      'image',
      'pattern',
      'filter',
      'feComponentTransfer',
      'feFuncR',
      'feFuncG',
      'feFuncB',
      'feColorMatrix',
      'feGaussianBlur',
    ]);
    expect([...names].filter((n) => !librsvgSupported.has(n))).toEqual([]);
    expect(svg).not.toContain('textPath');
    // Filters in the documented order, each present.
    const filter = /<filter[^>]*>(.*?)<\/filter>/.exec(svg)![1]!;
    expect(
      [...filter.matchAll(/<(fe\w+)/g)].map((x) => x[1]).filter((n) => !n!.startsWith('feFunc')),
    ).toEqual([
      'feComponentTransfer',
      'feComponentTransfer',
      'feColorMatrix',
      'feColorMatrix',
      'feColorMatrix',
      'feComponentTransfer',
      'feGaussianBlur',
    ]);
    expect(filter).toContain('stdDeviation="2"');
    expect(filter).toContain('tableValues="1 0"');
    expect((svg.match(/<pattern /g) ?? []).length).toBe(3);
    expect(svg).toContain('patternTransform="rotate(-30 1200 1500)"');
    expect(svg).toMatch(
      /<svg width="1000" height="800" viewBox="100 100 500 400" preserveAspectRatio="none" overflow="hidden">/,
    );
    expect(svg).toContain('letter-spacing="10"');
    expect(svg).toContain('text-anchor="middle"');
  });

  it('places arched text glyph by glyph, each turned along the arc', () => {
    const layer = layerSchema.parse(text('a', { text: 'ARCH', bend: 50, align: 'center' }));
    const glyphs = layoutBentText(layer as Extract<typeof layer, { type: 'text' }>);
    expect(glyphs.map((g) => g.char)).toEqual(['A', 'R', 'C', 'H']);
    // Symmetric about the box centre, turning clockwise from left to right (arching up).
    expect(glyphs[0]!.rotate).toBeCloseTo(-glyphs[3]!.rotate, 6);
    expect(glyphs[0]!.rotate).toBeLessThan(0);
    expect(glyphs[0]!.x + glyphs[3]!.x).toBeCloseTo(layer.width, 6);
    expect(glyphs[1]!.y).toBeLessThan(glyphs[0]!.y);
    const svg = render([text('a', { text: 'ARCH', bend: 50 })]);
    expect(svg.match(/<text [^>]*transform="translate\([-\d. ]+\) rotate\([-\d.]+\)"/g)).toHaveLength(4);
    // Curving down mirrors the turn.
    const down = layoutBentText(layerSchema.parse(text('a', { text: 'ARCH', bend: -50 })) as never);
    expect(down[0]!.rotate).toBeGreaterThan(0);
    expect(down[1]!.y).toBeGreaterThan(down[0]!.y);
  });

  it('emits transforms for rotation and flips, and opacity', () => {
    const svg = render([
      rect('r', { x: 100, y: 200, width: 100, height: 50, rotation: 90, flip_x: true, opacity: 0.5 }),
    ]);
    // rotate(90)·scale(-1,1) = [0 -1 -1 0]; centre (150,225) → e = 150+25, f = 225+50.
    expect(svg).toContain('<g transform="matrix(0 -1 -1 0 175 275)" opacity="0.5">');
  });

  it('leaves hidden layers out', () => {
    const svg = render([rect('shown'), rect('hidden', { visible: false, fill: '#123456' })]);
    expect(svg).not.toContain('#123456');
  });

  it('escapes user text so it never becomes markup', () => {
    const evil = '</text><script>alert(1)</script><text onload="x">&amp; \' "';
    const svg = render([
      text('t', { text: evil }),
      text('bent', { text: '<b>&', bend: 20 }),
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
          kind: 'text',
          text: '<img src=x onerror=alert(1)>',
          font_family: 'Noto Sans SC',
          font_size: 4,
          color: '#000000',
        },
      },
    ]);
    // Structure: only the elements the renderer made, no attribute came from the text.
    expect(new Set(checkXml(svg))).toEqual(new Set(['svg', 'defs', 'pattern', 'g', 'text', 'rect']));
    expect(svg).not.toMatch(/<script|<img|<b>|\sonload="/);
    expect(svg).toContain(escapeXml(evil));
    expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('refuses asset URLs that are not images, and never lets one break out of its attribute', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html;base64,PGgxPg==',
      'https://x/a.png" onload="alert(1)',
      'file:///etc/passwd',
    ]) {
      expect(() => renderSurfaceSvg(doc([image('i')]), 'front', FRONT, () => bad)).toThrow(DesignRenderError);
    }
  });

  it('refuses a spec of another surface', () => {
    expect(() => renderSurfaceSvg(doc([]), 'back', FRONT, resolve)).toThrow(DesignRenderError);
  });

  it('strips characters XML cannot carry', () => {
    expect(escapeXml('a\u0000b\uD800c\u{1F600}')).toBe('abc\u{1F600}');
  });

  it('lists the images a surface needs, once each', () => {
    const d = doc([
      image('a'),
      image('b'),
      image('hidden', { source: { kind: 'attachment', id: ATTACHMENT_ID }, visible: false }),
      {
        id: 's',
        type: 'svg',
        x: 0,
        y: 0,
        width: 1,
        height: 1,
        source: { kind: 'attachment', id: ATTACHMENT_ID },
        natural_width: 1,
        natural_height: 1,
      },
    ]);
    expect(collectAssetRefs(d, 'front')).toEqual([
      { kind: 'material', id: MATERIAL_ID },
      { kind: 'attachment', id: ATTACHMENT_ID },
    ]);
  });
});
