import { describe, expect, it } from 'vitest';
import { listingFieldsSchema, type ListingFields } from '@pod/shared';
import {
  fieldsOf,
  formIssues,
  formPathOf,
  templateFieldsOf,
  valuesOf,
  withMockups,
  type FormValues,
} from './listing-values.ts';

const photo = {
  source: 'mockup' as const,
  ref: 'c1:front',
  width: 1350,
  height: 1800,
  bytes: 0,
  format: 'jpg' as const,
};
const upload = {
  source: 'upload' as const,
  ref: 'a1',
  width: 900,
  height: 1200,
  bytes: 5,
  format: 'png' as const,
};

function complete(): ListingFields {
  return listingFieldsSchema.parse({
    title_zh: '夏季T恤',
    title_en: 'Summer Tee',
    description: 'Soft cotton',
    category_id: '600001',
    attributes: [{ id: '100347', name: 'Material', value: 'Cotton' }],
    declared_price: 1299,
    retail_price: 2599,
    original_price: 2999,
    site_prices: [{ site_id: '101', price: 1399 }],
    origin_country: 'CN',
    origin_province: 'Zhejiang',
    images: {
      product_photos: [photo, photo, photo],
      skc_carousel: [photo, photo, photo],
      main: [{ ...photo, width: 1000, height: 1000 }],
      square: [{ ...photo, width: 1000, height: 1000 }],
      thumbnail: [{ ...photo, width: 80, height: 80 }],
      outer_package: [upload],
      theme: [photo],
      detail: [],
    },
    model_info: '175 cm, M',
    is_sensitive: true,
    sensitive_type: 'battery',
    capacity: 500,
    volume: 1200,
    weight: 250,
    length: 30,
    width: 20,
    height: 2,
    package_shape: 'box',
    package_type: 'soft',
    delivery_days: 2,
    freight_template_id: 'FT1',
    warehouse_routes: [{ warehouse_id: 'WH1', warehouse_type: 'self', site_ids: ['101'] }],
    site_ids: ['101'],
    sales_mode: 'single_site',
    sku_prefix: 'PUB-',
    skc_number: 'SKC-1',
    stock: 50,
    composition: [{ material: 'Cotton', ratio: 100 }],
    size_tables: [0, 1].map((i) => ({
      name: `T${i}`,
      rows: [{ size: 'M', length: 30, width: 20, height: 2, net_weight: 250 }],
    })),
  });
}

describe('the publish form values', () => {
  it('carry every field of spec §3 Publish listing both ways (prices as typed text)', () => {
    const fields = complete();
    const values = valuesOf(fields);
    expect(values).toMatchObject({ price_text: '12.99', retail_text: '25.99', original_text: '29.99' });
    expect(values.site_prices).toEqual([{ site_id: '101', price_text: '13.99' }]);
    expect(listingFieldsSchema.parse(fieldsOf(values))).toEqual(fields);
  });

  it('a half-filled row (a warehouse with no id yet) does not stop the rules', () => {
    const values: Partial<FormValues> = {
      ...valuesOf(complete()),
      warehouse_routes: [{ warehouse_id: '', warehouse_type: 'self', site_ids: [] }],
      site_prices: [{ site_id: '', price_text: '' }],
    };
    const issues = formIssues(values, 'tiktok', 1).map((i) => `${i.field}:${i.rule}`);
    expect(issues).toContain('warehouse_routes.0.site_ids:warehouseSitesAll');
    expect(issues).toContain('site_prices.0.price:required');
  });

  it('a complete listing has no issue under either platform', () => {
    const values = valuesOf(complete());
    expect(formIssues(values, 'temu', 2)).toEqual([]);
    expect(formIssues(values, 'tiktok', 2)).toEqual([]);
  });

  it('reads prices as typed: three decimals, a word, and an empty optional price', () => {
    const values: Partial<FormValues> = {
      ...valuesOf(complete()),
      price_text: '12.999',
      retail_text: 'twelve',
      original_text: '',
      site_prices: [{ site_id: '101', price_text: '0' }],
    };
    const issues = formIssues(values, 'tiktok', 1);
    expect(issues.map((i) => `${i.field}:${i.rule}`).sort()).toEqual([
      'declared_price:decimals',
      'retail_price:amountFormat',
      'site_prices.0.price:positive',
    ]);
  });

  it('puts each issue under the field it is about', () => {
    expect(formPathOf('title_en')).toEqual(['title_en']);
    expect(formPathOf('declared_price')).toEqual(['price_text']);
    expect(formPathOf('site_prices.2.price')).toEqual(['site_prices', 2, 'price_text']);
    expect(formPathOf('images.square.0')).toEqual(['images', 'square']);
    expect(formPathOf('images.theme')).toEqual(['images', 'theme']);
    expect(formPathOf('warehouse_routes.1.site_ids')).toEqual(['warehouse_routes', 1, 'site_ids']);
    expect(formPathOf('size_tables.1.rows.0.net_weight')).toEqual([
      'size_tables',
      1,
      'rows',
      0,
      'net_weight',
    ]);
    expect(formPathOf('composition')).toEqual(['composition']);
    expect(formPathOf('variations')).toBeNull();
    expect(formPathOf('nonsense')).toBeNull();
  });

  it('a template keeps the reusable fields: no titles, mockups or SKC number (uploads stay)', () => {
    const fields = templateFieldsOf(valuesOf(complete()));
    expect(fields).toMatchObject({ title_zh: '', title_en: '', skc_number: '', declared_price: 1299 });
    expect(fields.images.product_photos).toEqual([]);
    expect(fields.images.outer_package).toEqual([upload]);
  });

  it("fills the empty kinds with the finished product's mockups, as many as the rule asks", () => {
    const filled = withMockups(
      { ...complete().images, product_photos: [], theme: [] },
      [{ ref: 'c2:back', url: '/m.jpg', label: 'Black back' }],
      'temu',
    );
    expect(filled.product_photos).toHaveLength(3);
    expect(filled.product_photos[0]).toMatchObject({
      source: 'mockup',
      ref: 'c2:back',
      width: 1350,
      height: 1800,
    });
    expect(filled.theme).toHaveLength(1);
    // Kinds that have images keep them; detail images are optional and stay empty.
    expect(filled.outer_package).toEqual([upload]);
    expect(filled.detail).toEqual([]);
  });
});
