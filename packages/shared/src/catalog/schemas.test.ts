import { describe, expect, it } from 'vitest';
import { productCreateSchema, productUpdateSchema } from './product.ts';
import { spuSizeTemplateCreateSchema, spuSizeTemplateUpdateSchema } from './reference.ts';
import { surfaceGeometry, surfaceInputSchema, surfaceIssues } from './surface.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const surface = (extra: Record<string, unknown> = {}) =>
  surfaceInputSchema.parse({
    key: 'front',
    name: 'Front',
    template: { width: 1000, height: 1000 },
    print_area: { x: 340, y: 250, width: 320, height: 400 },
    safe_area: { x: 360, y: 270, width: 280, height: 360 },
    print_file: { width: 3600, height: 4500, dpi: 300 },
    ...extra,
  });
const rules = (issues: Array<{ rule: string }>) => issues.map((i) => i.rule);

describe('design surfaces', () => {
  it('derive the template-to-print scale and the printed size', () => {
    expect(surfaceGeometry(surface())).toEqual({
      scale: 11.25,
      print_size_mm: { width: 304.8, height: 381 },
    });
  });

  it('defaults to a flat surface blended by multiply, warning below 150 DPI', () => {
    expect(surface()).toMatchObject({
      kind: 'flat',
      blend: 'multiply',
      min_dpi: 150,
      bleed: 0,
      print_price: null,
      mockups: [],
    });
  });

  it('name each geometry rule a surface breaks', () => {
    expect(surfaceIssues(surface())).toEqual([]);
    expect(
      rules(surfaceIssues(surface({ print_area: { x: 800, y: 250, width: 320, height: 400 } }))),
    ).toContain('printAreaOutside');
    expect(rules(surfaceIssues(surface({ safe_area: { x: 0, y: 0, width: 10, height: 10 } })))).toEqual([
      'safeAreaOutside',
    ]);
    expect(rules(surfaceIssues(surface({ print_file: { width: 3600, height: 3600, dpi: 300 } })))).toEqual([
      'printAspect',
    ]);
    expect(rules(surfaceIssues(surface({ bleed: 1800 })))).toEqual(['bleedTooLarge']);
    expect(rules(surfaceIssues(surface({ min_dpi: 600 })))).toEqual(['minDpiAbovePrint']);
  });
});

describe('products', () => {
  const base = {
    category_id: id(1),
    name: 'Tee',
    base_price: 5000,
    color_ids: [id(2), id(3)],
    size_ids: [id(4)],
    surfaces: [surface({ mockups: [{ color_id: id(2), image: id(9) }] })],
  };

  it('accepts a draft without every mockup, and refuses a product on sale without them', () => {
    expect(productCreateSchema.safeParse(base).success).toBe(true);
    const onSale = productCreateSchema.safeParse({ ...base, status: 'on_sale', gallery: [id(8)] });
    expect(onSale.success).toBe(false);
    expect(
      onSale.error?.issues.map((i) => [i.path.join('.'), (i as { params?: { rule?: string } }).params?.rule]),
    ).toEqual([['surfaces.0.mockups', 'mockupMissing']]);
  });

  it('refuses mockups and SKUs of colours and sizes the product does not have', () => {
    const bad = productCreateSchema.safeParse({
      ...base,
      surfaces: [surface({ mockups: [{ color_id: id(7), image: id(9) }] })],
      skus: [{ color_id: id(2), size_id: id(6) }],
    });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'surfaces.0.mockups.0.color_id',
      'skus.0',
    ]);
  });

  it('PATCH schemas keep no defaults (a one-field PATCH resets nothing)', () => {
    expect(productUpdateSchema.parse({ name: 'x' })).toEqual({ name: 'x' });
  });
});

describe('size templates', () => {
  it('"Template name cannot be empty." for a missing or blank name, on create and on PATCH', () => {
    const chart = { size_attribute_ids: [id(1)], rows: [{ size_id: id(2), values: {} }] };
    for (const result of [
      spuSizeTemplateCreateSchema.safeParse(chart),
      spuSizeTemplateCreateSchema.safeParse({ ...chart, template_name: '  ' }),
      spuSizeTemplateUpdateSchema.safeParse({ template_name: '' }),
    ])
      expect(result.error?.issues[0]).toMatchObject({
        path: ['template_name'],
        params: { rule: 'templateNameEmpty' },
      });
    expect(spuSizeTemplateUpdateSchema.safeParse({ remark: 'ok' }).success).toBe(true);
  });
});
