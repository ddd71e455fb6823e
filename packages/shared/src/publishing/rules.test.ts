import { describe, expect, it } from 'vitest';
import {
  canRepublish,
  checkComposition,
  checkDelivery,
  checkImages,
  checkMeasure,
  checkOrigin,
  checkPriceText,
  checkRiskWords,
  checkSites,
  checkSizeTables,
  checkTitle,
  DEFAULT_RULE_SETTINGS,
  describeIssue,
  fillWithMockups,
  imageFormatOf,
  listingFieldsSchema,
  reusableListingFields,
  hasAtMostDecimals,
  imageRules,
  MOCKUP_RENDITIONS,
  nextPublishStatus,
  PUBLISH_EVENTS,
  PUBLISH_STATUSES,
  publishActions,
  validateListing,
  type ImageRule,
  type ListingRuleInput,
  type RuleImage,
  type WarehouseRoute,
} from './index.ts';

const MB = 1024 * 1024;
const img = (
  width: number,
  height: number,
  bytes = 100_000,
  format: RuleImage['format'] = 'jpg',
): RuleImage => ({
  width,
  height,
  bytes,
  format,
});
const rules = (s: keyof typeof DEFAULT_RULE_SETTINGS) => imageRules(DEFAULT_RULE_SETTINGS[s]);
const codes = (issues: Array<{ rule: string }>) => issues.map((i) => i.rule);
const n = (count: number, image: RuleImage) => Array.from({ length: count }, () => image);

describe('numbers: decimals and positives (spec §5)', () => {
  it('volume and weight: one decimal passes, two fail, zero and missing fail', () => {
    expect(checkMeasure('weight', 12.3)).toEqual([]);
    expect(checkMeasure('weight', 12)).toEqual([]);
    expect(codes(checkMeasure('weight', 12.34))).toEqual(['decimals']);
    expect(codes(checkMeasure('weight', 0))).toEqual(['positive']);
    expect(codes(checkMeasure('weight', 0.1))).toEqual([]);
    expect(codes(checkMeasure('weight', null))).toEqual(['required']);
  });
  it('declared price: two decimals pass, three fail, 0 fails', () => {
    expect(checkPriceText('declared_price', '12.34')).toEqual([]);
    expect(checkPriceText('declared_price', '12.3')).toEqual([]);
    expect(codes(checkPriceText('declared_price', '12.345'))).toEqual(['decimals']);
    expect(codes(checkPriceText('declared_price', '0.00'))).toEqual(['positive']);
    expect(codes(checkPriceText('declared_price', '0.01'))).toEqual([]);
    expect(codes(checkPriceText('declared_price', ' '))).toEqual(['required']);
    expect(codes(checkPriceText('declared_price', '1e3'))).toEqual(['amountFormat']);
  });
  it('hasAtMostDecimals tolerates float noise', () => {
    expect(hasAtMostDecimals(0.1 + 0.2, 1)).toBe(true);
    expect(hasAtMostDecimals(0.35, 1)).toBe(false);
    expect(hasAtMostDecimals(Number.NaN, 1)).toBe(false);
  });
});

describe('composition sums to 100%', () => {
  it('100 passes, 99.9 and 100.1 fail, empty fails', () => {
    expect(
      checkComposition([
        { material: 'Cotton', ratio: 60 },
        { material: 'Polyester', ratio: 40 },
      ]),
    ).toEqual([]);
    expect(codes(checkComposition([{ material: 'Cotton', ratio: 99.9 }]))).toEqual(['compositionTotal']);
    expect(codes(checkComposition([{ material: 'Cotton', ratio: 100.1 }]))).toEqual(['compositionTotal']);
    expect(codes(checkComposition([]))).toEqual(['required']);
    expect(codes(checkComposition([{ material: ' ', ratio: 100 }]))).toEqual(['required']);
  });
});

describe('size tables', () => {
  const pack = { length: 30, width: 20, height: 2, weight: 250 };
  const row = { size: 'M', length: 30, width: 20, height: 2, net_weight: 250 };
  it('two tables matching the packaging pass; one or three fail', () => {
    const t = { name: 'A', rows: [row] };
    expect(checkSizeTables([t, t], pack)).toEqual([]);
    expect(codes(checkSizeTables([t], pack))).toEqual(['sizeTableCount']);
    expect(codes(checkSizeTables([t, t, t], pack))).toEqual(['sizeTableCount']);
  });
  it('a row value of 0 fails; a mismatch with the packaging names the field', () => {
    const bad = { name: 'A', rows: [{ ...row, height: 0 }] };
    expect(checkSizeTables([bad, { name: 'B', rows: [row] }], pack)).toEqual([
      { field: 'size_tables.0.rows.0.height', rule: 'positive', severity: 'error' },
    ]);
    const off = { name: 'B', rows: [{ ...row, net_weight: 251 }] };
    expect(checkSizeTables([{ name: 'A', rows: [row] }, off], pack)[0]).toMatchObject({
      field: 'size_tables.1.rows.0.net_weight',
      rule: 'sizeTableMismatch',
    });
  });
});

describe('images (spec §5, both readings)', () => {
  it('product photos hd: 3–10, 3:4, ≥1340×1785, ≤2 MB, jpg/png', () => {
    const r = rules('temu').product_photos;
    const ok = img(1340, 1787);
    expect(checkImages('p', n(3, ok), r)).toEqual([]);
    expect(checkImages('p', n(10, ok), r)).toEqual([]);
    expect(codes(checkImages('p', n(2, ok), r))).toEqual(['imageCount']);
    expect(codes(checkImages('p', n(11, ok), r))).toEqual(['imageCount']);
    expect(codes(checkImages('p', [img(1339, 1785), ok, ok], r))).toContain('imageMinSize');
    expect(codes(checkImages('p', [img(1350, 1784), ok, ok], r))).toContain('imageMinSize');
    expect(checkImages('p', [img(1350, 1800, 2 * MB), ok, ok], r)).toEqual([]);
    expect(codes(checkImages('p', [img(1350, 1800, 2 * MB + 1), ok, ok], r))).toEqual(['imageBytes']);
    expect(codes(checkImages('p', [img(1350, 1800, 1, 'webp'), ok, ok], r))).toEqual(['imageFormat']);
    expect(codes(checkImages('p', [img(1800, 1800), ok, ok], r))).toEqual(['imageRatio']);
  });
  it('product photos standard: ≥900 px, ≤3 MB', () => {
    const r = rules('tiktok').product_photos;
    const ok = img(900, 1200);
    expect(checkImages('p', [ok, ok, img(900, 1200, 3 * MB)], r)).toEqual([]);
    expect(codes(checkImages('p', [ok, ok, img(900, 1200, 3 * MB + 1)], r))).toEqual(['imageBytes']);
    expect(codes(checkImages('p', [ok, ok, img(899, 1199)], r))).toEqual(['imageMinSize']);
  });
  it('SKC carousel fixed: 3–10 at 3:4 over 900; range: 1–11, 3:4 to 1:1, 900–2200', () => {
    const fixed = rules('temu').skc_carousel;
    expect(checkImages('c', n(3, img(900, 1200)), fixed)).toEqual([]);
    expect(codes(checkImages('c', n(2, img(900, 1200)), fixed))).toEqual(['imageCount']);
    expect(codes(checkImages('c', n(3, img(1200, 1200)), fixed))).toContain('imageRatio');
    const range = rules('tiktok').skc_carousel;
    expect(checkImages('c', [img(1200, 1200)], range)).toEqual([]);
    expect(checkImages('c', n(11, img(900, 1200)), range)).toEqual([]);
    expect(codes(checkImages('c', n(12, img(900, 1200)), range))).toEqual(['imageCount']);
    expect(codes(checkImages('c', [], range))).toEqual(['imageCount']);
    expect(checkImages('c', [img(2200, 2200)], range)).toEqual([]);
    expect(codes(checkImages('c', [img(2201, 2201)], range))).toEqual(['imageMaxSize']);
    expect(codes(checkImages('c', [img(1300, 1000)], range))).toEqual(['imageRatio']);
  });
  it('main images: 1–11, 900–2200 px, ≤3 MB', () => {
    const r = rules('tiktok').main;
    expect(checkImages('m', [img(900, 900)], r)).toEqual([]);
    expect(codes(checkImages('m', [img(899, 900)], r))).toEqual(['imageMinSize']);
    expect(checkImages('m', [img(2200, 2200)], r)).toEqual([]);
    expect(codes(checkImages('m', [img(2200, 2201)], r))).toEqual(['imageMaxSize']);
    expect(codes(checkImages('m', n(12, img(1000, 1000)), r))).toEqual(['imageCount']);
    expect(codes(checkImages('m', [img(1000, 1000, 3 * MB + 1)], r))).toEqual(['imageBytes']);
  });
  it('square: 900×900 to 2200×2200 or 1:1 at least 800', () => {
    const range = rules('temu').square;
    expect(checkImages('s', [img(900, 900)], range)).toEqual([]);
    expect(codes(checkImages('s', [img(899, 899)], range))).toEqual(['imageMinSize']);
    expect(codes(checkImages('s', [img(2201, 2201)], range))).toEqual(['imageMaxSize']);
    expect(codes(checkImages('s', [img(1000, 1200)], range))).toEqual(['imageRatio']);
    const over800 = rules('tiktok').square;
    expect(checkImages('s', [img(800, 800)], over800)).toEqual([]);
    expect(codes(checkImages('s', [img(799, 799)], over800))).toEqual(['imageMinSize']);
    expect(checkImages('s', [img(3000, 3000, 5 * MB)], over800)).toEqual([]);
  });
  it('thumbnail exactly 80×80; outer package 1–6; at least one theme image', () => {
    const r = rules('temu');
    expect(checkImages('t', [img(80, 80)], r.thumbnail)).toEqual([]);
    expect(codes(checkImages('t', [img(81, 80)], r.thumbnail))).toEqual(['imageExactSize']);
    expect(codes(checkImages('t', [img(79, 80)], r.thumbnail))).toEqual(['imageExactSize']);
    expect(checkImages('o', n(1, img(900, 1200)), r.outer_package)).toEqual([]);
    expect(checkImages('o', n(6, img(900, 1200)), r.outer_package)).toEqual([]);
    expect(codes(checkImages('o', [], r.outer_package))).toEqual(['imageCount']);
    expect(codes(checkImages('o', n(7, img(900, 1200)), r.outer_package))).toEqual(['imageCount']);
    expect(codes(checkImages('theme', [], r.theme))).toEqual(['imageCount']);
    expect(checkImages('theme', [img(900, 1200)], r.theme)).toEqual([]);
  });
  it('the mockup renditions pass the rules they are made for, under both readings', () => {
    for (const platform of ['temu', 'tiktok'] as const) {
      const r = rules(platform);
      for (const [kind, size] of Object.entries(MOCKUP_RENDITIONS)) {
        const rule: ImageRule = r[kind as keyof typeof r];
        const image = img(size.width, size.height, 500_000, size.format);
        expect(checkImages(kind, n(Math.max(rule.min, 1), image), rule), `${platform} ${kind}`).toEqual([]);
      }
    }
  });
});

describe('sites and warehouses', () => {
  const sites = (k: number) => Array.from({ length: k }, (_, i) => `S${i}`);
  const route = (site_ids: string[], warehouse_type: WarehouseRoute['warehouse_type'] = 'self') => ({
    warehouse_id: 'W1',
    warehouse_type,
    site_ids,
  });
  const on = { multiSiteMinimum: true };
  it('a warehouse and a site are required', () => {
    expect(codes(checkSites({ site_ids: [], routes: [], sales_mode: 'single_site' }, on))).toEqual([
      'warehouseRequired',
      'siteRequired',
    ]);
  });
  it('multi-site: 10 sites pass, 9 fail; off for a platform whose setting says so', () => {
    expect(
      checkSites({ site_ids: sites(10), routes: [route(sites(10))], sales_mode: 'multi_site' }, on),
    ).toEqual([]);
    expect(
      codes(checkSites({ site_ids: sites(9), routes: [route(sites(9))], sales_mode: 'multi_site' }, on)),
    ).toEqual(['multiSiteMinimum']);
    expect(
      checkSites(
        { site_ids: sites(9), routes: [route(sites(9))], sales_mode: 'multi_site' },
        { multiSiteMinimum: false },
      ),
    ).toEqual([]);
  });
  it('5 or more operated sites: each warehouse covers at least 5 (5 passes, 4 fails)', () => {
    const s = sites(6);
    expect(
      checkSites({ site_ids: s, routes: [route(s.slice(0, 5))], sales_mode: 'single_site' }, on),
    ).toEqual([]);
    expect(
      codes(checkSites({ site_ids: s, routes: [route(s.slice(0, 4))], sales_mode: 'single_site' }, on)),
    ).toEqual(['warehouseSitesMin']);
  });
  it('exactly 5 operated sites is "5 or more": 5 covered passes, 4 fails', () => {
    const s = sites(5);
    expect(checkSites({ site_ids: s, routes: [route(s)], sales_mode: 'single_site' }, on)).toEqual([]);
    expect(
      codes(checkSites({ site_ids: s, routes: [route(s.slice(0, 4))], sales_mode: 'single_site' }, on)),
    ).toEqual(['warehouseSitesMin']);
  });
  it('fewer than 5 operated sites: each warehouse covers all of them', () => {
    const s = sites(4);
    expect(checkSites({ site_ids: s, routes: [route(s)], sales_mode: 'single_site' }, on)).toEqual([]);
    expect(
      codes(checkSites({ site_ids: s, routes: [route(s.slice(0, 3))], sales_mode: 'single_site' }, on)),
    ).toEqual(['warehouseSitesAll']);
  });
  it('9-working-day delivery only from warehouses of type "other"', () => {
    expect(checkDelivery(9, [route(['S0'], 'other')])).toEqual([]);
    expect(codes(checkDelivery(9, [route(['S0'], 'self')]))).toEqual(['deliveryWarehouse']);
    expect(checkDelivery(2, [route(['S0'], 'self')])).toEqual([]);
    expect(checkDelivery(1, [route(['S0'], 'third_party')])).toEqual([]);
    expect(codes(checkDelivery(null, []))).toEqual(['required']);
    expect(codes(checkDelivery(3, []))).toEqual(['required']);
  });
});

describe('origin, titles, risk words', () => {
  it('a country and a province are required', () => {
    expect(checkOrigin('CN', 'Zhejiang')).toEqual([]);
    expect(codes(checkOrigin('', 'Zhejiang'))).toEqual(['required']);
    expect(codes(checkOrigin('CN', ' '))).toEqual(['required']);
  });
  it('no punctuation before or after a title', () => {
    expect(checkTitle('title_en', 'Summer Tee')).toEqual([]);
    expect(checkTitle('title_en', 'Tee, cotton')).toEqual([]);
    expect(codes(checkTitle('title_en', '!Summer Tee'))).toEqual(['titlePunctuation']);
    expect(codes(checkTitle('title_en', 'Summer Tee.'))).toEqual(['titlePunctuation']);
    expect(codes(checkTitle('title_zh', '夏季T恤。'))).toEqual(['titlePunctuation']);
    expect(codes(checkTitle('title_zh', '【夏季T恤'))).toEqual(['titlePunctuation']);
    expect(codes(checkTitle('title_en', ' Summer Tee'))).toEqual(['titlePunctuation']);
    expect(codes(checkTitle('title_en', ''))).toEqual(['required']);
  });
  it('risk words are found case-insensitively', () => {
    const words = [{ word: 'Nike', level: 'high' }];
    expect(checkRiskWords({ title_en: 'Just a nike tee' }, words)).toEqual([
      { field: 'title_en', rule: 'riskWord', severity: 'error', params: { word: 'Nike', level: 'high' } },
    ]);
    expect(checkRiskWords({ title_en: 'Plain tee' }, words)).toEqual([]);
  });
  it('messages name the field and the rule in both languages', () => {
    const [issue] = checkImages('images.square', [img(799, 799)], rules('tiktok').square);
    expect(describeIssue(issue!, 'en')).toBe('Square image #1: at least 800×800 px');
    expect(describeIssue(issue!, 'zh-cn')).toBe('方形图 #1：尺寸至少800×800像素');
  });
});

describe('the whole listing', () => {
  const good = (): ListingRuleInput => {
    const photo = { source: 'mockup' as const, ref: 'c:front', ...img(1350, 1800) };
    const sites = ['S1'];
    return {
      title_zh: '夏季T恤',
      title_en: 'Summer Tee',
      declared_price: 1299,
      site_prices: [],
      origin_country: 'CN',
      origin_province: 'Zhejiang',
      images: {
        product_photos: n(3, photo) as never,
        skc_carousel: n(3, photo) as never,
        main: [{ ...photo, width: 1000, height: 1000 }],
        square: [{ ...photo, width: 1000, height: 1000 }],
        thumbnail: [{ ...photo, width: 80, height: 80 }],
        outer_package: [photo],
        theme: [photo],
      },
      volume: 1200,
      weight: 250,
      length: 30,
      width: 20,
      height: 2,
      delivery_days: 2,
      warehouse_routes: [{ warehouse_id: 'W1', warehouse_type: 'self', site_ids: sites }],
      site_ids: sites,
      sales_mode: 'single_site',
      composition: [{ material: 'Cotton', ratio: 100 }],
      size_tables: [0, 1].map((i) => ({
        name: `T${i}`,
        rows: [{ size: 'M', length: 30, width: 20, height: 2, net_weight: 250 }],
      })),
      variations: 2,
    };
  };
  it('a complete listing passes under both platforms', () => {
    expect(validateListing(good(), DEFAULT_RULE_SETTINGS.temu)).toEqual([]);
    expect(validateListing(good(), DEFAULT_RULE_SETTINGS.tiktok)).toEqual([]);
  });
  it('size tables and composition are asked only where the setting says', () => {
    const l = { ...good(), size_tables: [], composition: [] };
    expect(validateListing(l, DEFAULT_RULE_SETTINGS.tiktok)).toEqual([]);
    expect(codes(validateListing(l, DEFAULT_RULE_SETTINGS.temu))).toEqual(['required', 'sizeTableCount']);
  });
  it('no variation and no price are reported', () => {
    const l = { ...good(), variations: 0, declared_price: null };
    expect(codes(validateListing(l, DEFAULT_RULE_SETTINGS.tiktok)).sort()).toEqual([
      'required',
      'variationRequired',
    ]);
  });
});

describe('status machine (decision 0044)', () => {
  it('follows the table and refuses every other pair', () => {
    expect(nextPublishStatus('draft', 'publish')).toBe('to_be_released');
    expect(nextPublishStatus('to_be_released', 'start')).toBe('in_release');
    expect(nextPublishStatus('in_release', 'succeed')).toBe('released');
    expect(nextPublishStatus('in_release', 'fail')).toBe('failed');
    expect(nextPublishStatus('failed', 'republish')).toBe('to_be_released');
    expect(nextPublishStatus('released', 'unpublish')).toBe('draft');
    expect(nextPublishStatus('released', 'publish')).toBeNull();
    expect(nextPublishStatus('in_release', 'edit')).toBeNull();
    expect(nextPublishStatus('draft', 'unpublish')).toBeNull();
    let allowed = 0;
    for (const s of PUBLISH_STATUSES)
      for (const e of PUBLISH_EVENTS) if (nextPublishStatus(s, e)) allowed += 1;
    expect(allowed).toBe(11);
  });
  it('republish: after a failure, or after an edit of a released listing', () => {
    expect(canRepublish('failed', false)).toBe(true);
    expect(canRepublish('released', true)).toBe(true);
    expect(canRepublish('released', false)).toBe(false);
    expect(canRepublish('draft', true)).toBe(false);
    expect(publishActions('released', false)).toEqual(['edit', 'unpublish']);
    expect(publishActions('draft', false)).toEqual(['edit', 'publish']);
    expect(publishActions('in_release', false)).toEqual([]);
  });
});

describe('templates and mockups (decision 0068)', () => {
  const upload = {
    source: 'upload' as const,
    ref: 'a1',
    width: 900,
    height: 1200,
    bytes: 5,
    format: 'png' as const,
  };
  const fields = listingFieldsSchema.parse({
    skc_number: 'SKC-1',
    declared_price: 999,
    images: {
      product_photos: [
        { source: 'mockup', ref: 'c:front', width: 1350, height: 1800, bytes: 0, format: 'jpg' },
      ],
      outer_package: [upload],
    },
  });
  it('a template keeps uploads and shared fields, not mockups or the SKC number', () => {
    const kept = reusableListingFields(fields);
    expect(kept).toMatchObject({ skc_number: '', declared_price: 999 });
    expect(kept.images.product_photos).toEqual([]);
    expect(kept.images.outer_package).toEqual([upload]);
  });
  it("fills each empty kind with the product's mockups, as many as the rule asks, at the rendition size", () => {
    const filled = fillWithMockups(reusableListingFields(fields).images, ['c1:front', 'c1:back'], 'temu');
    expect(filled.product_photos.map((i) => i.ref)).toEqual(['c1:front', 'c1:back', 'c1:front']);
    expect(filled.thumbnail).toEqual([
      { source: 'mockup', ref: 'c1:front', width: 80, height: 80, bytes: 0, format: 'jpg' },
    ]);
    expect(filled.outer_package).toEqual([upload]);
    expect(filled.detail).toEqual([]);
    const issues = validateListing(
      { ...fields, images: filled, variations: 1 },
      DEFAULT_RULE_SETTINGS.temu,
    ).filter((i) => i.field.startsWith('images.'));
    expect(issues).toEqual([]);
    expect(fillWithMockups(fields.images, [], 'temu')).toBe(fields.images);
  });
  it("reads an upload's format from its suffix", () => {
    expect(['PNG', 'webp', 'jpeg', 'jpg'].map(imageFormatOf)).toEqual(['png', 'webp', 'jpg', 'jpg']);
  });
});
