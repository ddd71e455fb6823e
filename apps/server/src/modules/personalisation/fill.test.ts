import { describe, expect, it } from 'vitest';
import { textLayerSchema, imageLayerSchema, type DesignDocument } from '@pod/design';
import { cleanText, fillDocument, mapCustomisation, placeImage, placeText, type Slot } from './fill.ts';

const text = textLayerSchema.parse({
  id: 'name',
  type: 'text',
  x: 100,
  y: 80,
  width: 800,
  height: 200,
  text: 'Your name',
  font_family: 'Roboto',
  font_size: 110,
  color: '#cc2200',
});
const image = imageLayerSchema.parse({
  id: 'photo',
  type: 'image',
  x: 200,
  y: 400,
  width: 600,
  height: 300,
  source: { kind: 'attachment', id: '00000000-0000-4000-8000-000000000001' },
  natural_width: 600,
  natural_height: 300,
});
const SLOTS: Slot[] = [
  { name: 'name', surface: 'front', layer_id: 'name', kind: 'text' },
  { name: 'photo', surface: 'front', layer_id: 'photo', kind: 'image' },
];

describe('mapping customisation entries to slots (decision 0053)', () => {
  it('by name first, then by kind in order; a leftover entry is unmatched', () => {
    const { pairs, unmatched } = mapCustomisation(
      [...SLOTS, { name: 'Motto', surface: 'back', layer_id: 'm', kind: 'text' }],
      [
        { kind: 'text', value: 'Be brave', label: 'MOTTO' },
        { kind: 'image', value: 'http://x/a.png', label: 'area-2' },
        { kind: 'text', value: 'Ana', label: 'area-1' },
        { kind: 'image', value: 'http://x/b.png', label: null },
      ],
    );
    expect(pairs.map((p) => [p.slot.name, p.entry.value])).toEqual([
      ['Motto', 'Be brave'],
      ['photo', 'http://x/a.png'],
      ['name', 'Ana'],
    ]);
    expect(unmatched).toEqual([{ kind: 'image', value: 'http://x/b.png', label: null }]);
  });

  it('a label naming a slot of the other kind does not take it', () => {
    const { pairs } = mapCustomisation(SLOTS, [{ kind: 'text', value: 'x', label: 'photo' }]);
    expect(pairs.map((p) => p.slot.name)).toEqual(['name']);
  });
});

describe('text into a text slot', () => {
  it('keeps the font and size when it fits; shrinks a longer text; refuses a text far too long', () => {
    expect(placeText(text, 'Ana')).toMatchObject({ text: 'Ana', font_size: 110, font_family: 'Roboto' });
    const longer = placeText(text, 'Alexandria Smith')!;
    expect(longer.font_size).toBeLessThan(110);
    expect(longer.font_size).toBeGreaterThanOrEqual(110 * 0.6);
    expect(placeText(text, 'A very long dedication that never fits')).toBeNull();
    expect(placeText(text, '   ')).toBeNull();
  });

  it('drops control characters and normalises line breaks', () => {
    expect(cleanText(' a\u0007b\r\nc ')).toBe('ab\nc');
  });
});

describe('an image into an image slot', () => {
  it('covers the box with a centre crop in the box proportions', () => {
    const placed = placeImage(image, { id: '00000000-0000-4000-8000-000000000002', width: 800, height: 800 });
    expect(placed).toMatchObject({ x: 200, y: 400, width: 600, height: 300, natural_width: 800 });
    expect(placed.crop).toEqual({ x: 0, y: 200, width: 800, height: 400 });
  });

  it('flags an image below the surface minimum DPI and a slot the colour lacks', () => {
    const doc = {
      version: 2,
      product_id: '00000000-0000-4000-8000-000000000003',
      color_id: '00000000-0000-4000-8000-000000000004',
      surfaces: { front: { layers: [text, image] } },
    } as DesignDocument;
    const spec = {
      code: 'front',
      width: 1000,
      height: 1200,
      dpi: 300,
      safe_area: { x: 0, y: 0, width: 1000, height: 1200 },
      bleed: 0,
      min_dpi: 150,
    };
    const result = fillDocument(
      doc,
      [spec],
      [
        {
          slot: SLOTS[1]!,
          entry: { kind: 'image', value: 'u', label: null },
          image: { id: 'i', width: 100, height: 50 },
        },
        { slot: { ...SLOTS[0]!, layer_id: 'gone' }, entry: { kind: 'text', value: 'Ana', label: null } },
      ],
    );
    expect(result.problems).toEqual([
      { code: 'image_too_small', params: { slot: 'photo', dpi: 50, min: 150 } },
      { code: 'missing_slot', params: { slot: 'name' } },
    ]);
    // What could be applied is applied; the source document is untouched.
    expect(result.applied.map((a) => a.slot)).toEqual(['photo']);
    expect(doc.surfaces.front!.layers[1]).toBe(image);
  });
});
