import { describe, expect, it } from 'vitest';
import { productCreateSchema, type Product } from '@pod/shared';
import {
  formIssues,
  fromLocalInput,
  newSurface,
  nextSurfaceKey,
  productToValues,
  toLocalInput,
  valuesToBody,
} from './product-values.ts';

const ids = {
  category: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  white: '0e3f2a56-0d52-4cb3-9f5c-4a1d3c1a0001',
  black: '0e3f2a56-0d52-4cb3-9f5c-4a1d3c1a0002',
  s: '0e3f2a56-0d52-4cb3-9f5c-4a1d3c1a0003',
  m: '0e3f2a56-0d52-4cb3-9f5c-4a1d3c1a0004',
  surface: '0e3f2a56-0d52-4cb3-9f5c-4a1d3c1a0005',
  mockupWhite: '0e3f2a56-0d52-4cb3-9f5c-4a1d3c1a0006',
  mockupBlack: '0e3f2a56-0d52-4cb3-9f5c-4a1d3c1a0007',
  gallery: '0e3f2a56-0d52-4cb3-9f5c-4a1d3c1a0008',
  tier: '0e3f2a56-0d52-4cb3-9f5c-4a1d3c1a0009',
  level: '0e3f2a56-0d52-4cb3-9f5c-4a1d3c1a0010',
};
const image = (id: string) => ({ id, url: `/files/${id}`, thumb_url: null, width: 1000, height: 1000 });

/** A product as the server replies (productSchema), on sale, with tiers and a factory address. */
function product(): Product {
  return {
    id: 'p1',
    category_id: ids.category,
    category_name: 'T-shirts',
    category_en_name: '',
    product_type: 'tee',
    name: '经典T恤',
    en_name: 'Classic tee',
    style_code: 'TS-1',
    material: 'cotton',
    process: 'DTG',
    weight: 180,
    introduction: '',
    season: '',
    wash_care: '',
    base_price: 3500,
    design_price: 1000,
    currency: 'CNY',
    image_requirements: 'PNG 300 DPI',
    gallery: [image(ids.gallery)],
    cover: image(ids.gallery),
    colors: [],
    sizes: [],
    skus: [
      { id: 'k1', color_id: ids.white, size_id: ids.s, sku_code: 'TS-1-0101', stock_state: 'low_stock' },
    ],
    surfaces: [
      {
        id: ids.surface,
        key: 'front',
        name: '正面',
        en_name: 'Front',
        kind: 'flat',
        blend: 'multiply',
        sort: 0,
        template: { width: 1000, height: 1000 },
        print_area: { x: 300, y: 250, width: 400, height: 500 },
        safe_area: { x: 320, y: 270, width: 360, height: 460 },
        bleed: 0,
        print_file: { width: 4000, height: 5000, dpi: 300 },
        min_dpi: 150,
        print_price: 600,
        effective_print_price: 600,
        mockups: [
          { color_id: ids.white, image: image(ids.mockupWhite) },
          { color_id: ids.black, image: image(ids.mockupBlack) },
        ],
        mask: null,
        scale: 10,
        print_size_mm: { width: 338.7, height: 423.3 },
      },
    ],
    merchant_id: null,
    spu_id: null,
    spu_code: '',
    factory_id: null,
    factory_name: '',
    expire_at: '2030-01-02T03:04:00.000Z',
    status: 'on_sale',
    sort: 5,
    size_template_id: null,
    color_ids: [ids.white, ids.black],
    size_ids: [ids.s, ids.m],
    price_tiers: [
      {
        id: ids.tier,
        kind: 'level',
        min_qty: 1,
        price: 3000,
        level_id: ids.level,
        level_name: 'Gold',
        merchant_id: null,
        merchant_name: '',
      },
    ],
    factory_addresses: [
      {
        id: '0e3f2a56-0d52-4cb3-9f5c-4a1d3c1a0011',
        name: 'Demo factory',
        country: 'CN',
        province: 'Guangdong',
        address: '1 Road',
        post_code: '510000',
        phone: '13800000000',
      },
    ],
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  };
}

describe('product form values', () => {
  it('round-trips a product into a body the shared create schema accepts, in minor units', () => {
    const values = productToValues(product());
    expect(values.base_price).toBe(35);
    expect(values.surfaces[0]?.print_price).toBe(6);
    expect(values.surfaces[0]?.mockups).toEqual([
      { color_id: ids.white, image: ids.mockupWhite },
      { color_id: ids.black, image: ids.mockupBlack },
    ]);
    const body = valuesToBody(values);
    expect(body.base_price).toBe(3500);
    expect(body.design_price).toBe(1000);
    expect(body.surfaces[0]).toMatchObject({ id: ids.surface, print_price: 600 });
    expect(body.price_tiers).toEqual([
      { id: ids.tier, kind: 'level', min_qty: 1, price: 3000, level_id: ids.level, merchant_id: null },
    ]);
    expect(body.expire_at).toBe('2030-01-02T03:04:00.000Z');
    const parsed = productCreateSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('drops SKUs and mockups of colours and sizes no longer chosen', () => {
    const values = productToValues(product());
    const body = valuesToBody({ ...values, color_ids: [ids.black] });
    expect(body.skus).toEqual([]);
    expect(body.surfaces[0]?.mockups).toEqual([{ color_id: ids.black, image: ids.mockupBlack }]);
  });

  it('finds the shared rules’ problems as the server would', () => {
    const values = productToValues(product());
    expect(formIssues(values)).toEqual([]);
    const surface = values.surfaces[0]!;
    const broken = {
      ...values,
      surfaces: [{ ...surface, safe_area: { ...surface.safe_area, width: 900 } }],
      price_tiers: [
        { kind: 'wholesale' as const, min_qty: 10, price: 30, level_id: null, merchant_id: null },
        { kind: 'wholesale' as const, min_qty: 50, price: 32, level_id: null, merchant_id: null },
        { kind: 'wholesale' as const, min_qty: 100, price: 40, level_id: null, merchant_id: null },
      ],
      gallery: [],
    };
    expect(formIssues(broken).map((i) => i.rule)).toEqual([
      'safeAreaOutside',
      'tierAboveList',
      'tierRises',
      'tierRises',
      'productGallery',
    ]);
    // A cleared number is the field's own error, not a cross-field one.
    expect(
      formIssues({
        ...values,
        surfaces: [{ ...surface, print_area: { ...surface.print_area, width: null as never } }],
      }),
    ).toEqual([]);
  });

  it('starts new surfaces with their own key and valid geometry', () => {
    expect(nextSurfaceKey([])).toBe('front');
    expect(nextSurfaceKey([{ key: 'front' }, { key: 'back' }])).toBe('sleeve_left');
    const first = newSurface([]);
    expect(first.key).toBe('front');
    const values = {
      ...productToValues(product()),
      surfaces: [{ ...first, name: '正面' }],
      status: 'off_sale' as const,
    };
    expect(formIssues(values)).toEqual([]);
  });

  it('edits the expiry as local time and sends it as an ISO time', () => {
    const iso = '2030-06-01T08:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
  });
});
