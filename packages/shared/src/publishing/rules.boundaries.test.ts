import { describe, expect, it } from 'vitest';
import {
  checkComposition,
  checkDelivery,
  checkImages,
  checkMeasure,
  checkOrigin,
  checkPriceText,
  checkSites,
  checkSizeTables,
  checkTitle,
  DEFAULT_RULE_SETTINGS,
  describeIssue,
  fieldLabel,
  imageRules,
  listingFieldsSchema,
  listingIdsBodySchema,
  PUBLISH_BATCH_MAX,
  PUBLISH_LIMITS,
  publishTemplateCreateSchema,
  RULE_CODES,
  RULE_MESSAGES,
  validateListing,
  type ImageKind,
  type ImageRule,
  type ListingRuleInput,
  type PublishRuleSettings,
  type RuleImage,
  type WarehouseRoute,
} from './index.ts';

/*
 * Every rule of spec §5 at each of its boundaries, on both sides (issue 23: "unit tests for every
 * rule, each boundary on both sides"), under both readings where the spec gives two (decision
 * 0045). A case is [what, input, the rule codes expected (empty: passes)].
 */

const MB = 1024 * 1024;
const img = (width: number, height: number, bytes = 100_000, format: RuleImage['format'] = 'jpg') => ({
  width,
  height,
  bytes,
  format,
});
const n = (count: number, image: RuleImage) => Array.from({ length: count }, () => image);
const codes = (issues: Array<{ rule: string }>) => [...new Set(issues.map((i) => i.rule))].sort();

const HD: PublishRuleSettings = { ...DEFAULT_RULE_SETTINGS.temu, productPhotos: 'hd' };
const STANDARD: PublishRuleSettings = { ...DEFAULT_RULE_SETTINGS.temu, productPhotos: 'standard' };
const FIXED: PublishRuleSettings = { ...DEFAULT_RULE_SETTINGS.temu, skcCarousel: 'fixed' };
const RANGE: PublishRuleSettings = { ...DEFAULT_RULE_SETTINGS.temu, skcCarousel: 'range' };
const SQUARE_RANGE: PublishRuleSettings = { ...DEFAULT_RULE_SETTINGS.temu, squareImage: 'range' };
const OVER800: PublishRuleSettings = { ...DEFAULT_RULE_SETTINGS.temu, squareImage: 'over800' };

type ImageCase = [string, RuleImage[], string[]];

/** Runs each case against one kind of image under one reading. */
function imageCases(title: string, kind: ImageKind, settings: PublishRuleSettings, cases: ImageCase[]) {
  describe(title, () => {
    const rule: ImageRule = imageRules(settings)[kind];
    it.each(cases)('%s', (_what, images, expected) => {
      expect(codes(checkImages(`images.${kind}`, images, rule))).toEqual(expected);
    });
  });
}

describe('images', () => {
  // Product photos, reading `hd`: 3–10, 3:4, over 1340×1785, under 2 MB, jpg/png.
  const hd = img(1340, 1785);
  imageCases('product photos (hd: 3–10, 3:4, ≥1340×1785, ≤2 MB, jpg/png)', 'product_photos', HD, [
    ['2 images fail', n(2, hd), ['imageCount']],
    ['3 images pass', n(3, hd), []],
    ['10 images pass', n(10, hd), []],
    ['11 images fail', n(11, hd), ['imageCount']],
    ['exactly 1340×1785 passes', [img(1340, 1785), hd, hd], []],
    ['1339 wide fails', [img(1339, 1786), hd, hd], ['imageMinSize']],
    ['1784 high fails', [img(1338, 1784), hd, hd], ['imageMinSize']],
    ['2 MB passes', [img(1350, 1800, 2 * MB), hd, hd], []],
    ['2 MB + 1 byte fails', [img(1350, 1800, 2 * MB + 1), hd, hd], ['imageBytes']],
    ['png passes', [img(1350, 1800, 1, 'png'), hd, hd], []],
    ['webp fails', [img(1350, 1800, 1, 'webp'), hd, hd], ['imageFormat']],
    ['3:4 within 1 % passes (0.7426)', [img(1426, 1920), hd, hd], []],
    ['3:4 beyond 1 % fails (0.7420)', [img(1484, 2000), hd, hd], ['imageRatio']],
    ['1:1 fails', [img(1800, 1800), hd, hd], ['imageRatio']],
  ]);

  // Product photos, reading `standard`: the same at over 900 px and under 3 MB.
  const std = img(900, 1200);
  imageCases('product photos (standard: 3–10, 3:4, ≥900 px, ≤3 MB, jpg/png)', 'product_photos', STANDARD, [
    ['2 images fail', n(2, std), ['imageCount']],
    ['3 images pass', n(3, std), []],
    ['10 images pass', n(10, std), []],
    ['11 images fail', n(11, std), ['imageCount']],
    ['900 wide passes', [img(900, 1200), std, std], []],
    ['899 wide fails', [img(899, 1199), std, std], ['imageMinSize']],
    ['3 MB passes', [img(900, 1200, 3 * MB), std, std], []],
    ['3 MB + 1 byte fails', [img(900, 1200, 3 * MB + 1), std, std], ['imageBytes']],
    ['webp fails', [img(900, 1200, 1, 'webp'), std, std], ['imageFormat']],
    ['4:3 fails', [img(1200, 900), std, std], ['imageRatio']],
  ]);

  // SKC carousel, reading `fixed`: 3–10, 3:4, over 900 px, under 3 MB.
  const c = img(900, 1200);
  imageCases('SKC carousel (fixed: 3–10, 3:4, ≥900 px, ≤3 MB)', 'skc_carousel', FIXED, [
    ['2 images fail', n(2, c), ['imageCount']],
    ['3 images pass', n(3, c), []],
    ['10 images pass', n(10, c), []],
    ['11 images fail', n(11, c), ['imageCount']],
    ['899 wide fails', [img(899, 1199), c, c], ['imageMinSize']],
    ['3 MB passes', [img(900, 1200, 3 * MB), c, c], []],
    ['3 MB + 1 byte fails', [img(900, 1200, 3 * MB + 1), c, c], ['imageBytes']],
    ['1:1 fails', [img(1200, 1200), c, c], ['imageRatio']],
    ['large 3:4 passes (no upper pixel bound)', [img(3000, 4000), c, c], []],
  ]);

  // SKC carousel, reading `range`: 1–11, between 3:4 and 1:1, 900–2200 px, under 3 MB.
  imageCases('SKC carousel (range: 1–11, 3:4 to 1:1, 900–2200 px, ≤3 MB)', 'skc_carousel', RANGE, [
    ['0 images fail', [], ['imageCount']],
    ['1 image passes', [c], []],
    ['11 images pass', n(11, c), []],
    ['12 images fail', n(12, c), ['imageCount']],
    ['3:4 passes', [img(900, 1200)], []],
    ['1:1 passes', [img(1200, 1200)], []],
    ['between passes (4:5)', [img(1200, 1500)], []],
    ['wider than 1:1 fails', [img(1300, 1200)], ['imageRatio']],
    ['narrower than 3:4 fails (2:3)', [img(1000, 1500)], ['imageRatio']],
    ['899 fails', [img(899, 899)], ['imageMinSize']],
    ['900 passes', [img(900, 900)], []],
    ['2200 passes', [img(2200, 2200)], []],
    ['2201 fails', [img(2201, 2201)], ['imageMaxSize']],
    ['3 MB passes', [img(1000, 1000, 3 * MB)], []],
    ['3 MB + 1 byte fails', [img(1000, 1000, 3 * MB + 1)], ['imageBytes']],
  ]);

  // Main images: 1–11, 900–2200 px, under 3 MB (one reading).
  const m = img(1000, 1000);
  for (const [platform, settings] of Object.entries(DEFAULT_RULE_SETTINGS))
    imageCases(`main images on ${platform} (1–11, 900–2200 px, ≤3 MB)`, 'main', settings, [
      ['0 images fail', [], ['imageCount']],
      ['1 image passes', [m], []],
      ['11 images pass', n(11, m), []],
      ['12 images fail', n(12, m), ['imageCount']],
      ['900×900 passes', [img(900, 900)], []],
      ['899 wide fails', [img(899, 1000)], ['imageMinSize']],
      ['899 high fails', [img(1000, 899)], ['imageMinSize']],
      ['2200×2200 passes', [img(2200, 2200)], []],
      ['2201 wide fails', [img(2201, 2000)], ['imageMaxSize']],
      ['2201 high fails', [img(2000, 2201)], ['imageMaxSize']],
      ['3 MB passes', [img(1000, 1000, 3 * MB)], []],
      ['3 MB + 1 byte fails', [img(1000, 1000, 3 * MB + 1)], ['imageBytes']],
    ]);

  // Square image, reading `range`: 900×900 to 2200×2200, up to 3 MB.
  imageCases('square image (range: 900×900–2200×2200, ≤3 MB)', 'square', SQUARE_RANGE, [
    ['none fails', [], ['imageCount']],
    ['two fail', n(2, img(1000, 1000)), ['imageCount']],
    ['900×900 passes', [img(900, 900)], []],
    ['899×899 fails', [img(899, 899)], ['imageMinSize']],
    ['2200×2200 passes', [img(2200, 2200)], []],
    ['2201×2201 fails', [img(2201, 2201)], ['imageMaxSize']],
    ['3 MB passes', [img(1000, 1000, 3 * MB)], []],
    ['3 MB + 1 byte fails', [img(1000, 1000, 3 * MB + 1)], ['imageBytes']],
    ['not square fails', [img(1000, 1100)], ['imageRatio']],
  ]);

  // Square image, reading `over800`: 1:1 above 800.
  imageCases('square image (over800: 1:1, ≥800 px)', 'square', OVER800, [
    ['800×800 passes', [img(800, 800)], []],
    ['799×799 fails', [img(799, 799)], ['imageMinSize']],
    ['large passes (no upper bound, no byte limit)', [img(4000, 4000, 9 * MB)], []],
    ['not square fails', [img(900, 1000)], ['imageRatio']],
  ]);

  for (const [platform, settings] of Object.entries(DEFAULT_RULE_SETTINGS)) {
    imageCases(`thumbnail on ${platform} (exactly 80×80)`, 'thumbnail', settings, [
      ['80×80 passes', [img(80, 80)], []],
      ['79×80 fails', [img(79, 80)], ['imageExactSize']],
      ['81×80 fails', [img(81, 80)], ['imageExactSize']],
      ['80×79 fails', [img(80, 79)], ['imageExactSize']],
      ['80×81 fails', [img(80, 81)], ['imageExactSize']],
      ['none fails', [], ['imageCount']],
    ]);
    imageCases(`outer package images on ${platform} (1–6)`, 'outer_package', settings, [
      ['0 fail', [], ['imageCount']],
      ['1 passes', [c], []],
      ['6 pass', n(6, c), []],
      ['7 fail', n(7, c), ['imageCount']],
    ]);
    imageCases(`theme images on ${platform} (at least one)`, 'theme', settings, [
      ['0 fail', [], ['imageCount']],
      ['1 passes', [c], []],
    ]);
    imageCases(`detail images on ${platform} (optional, ≤3 MB)`, 'detail', settings, [
      ['0 pass', [], []],
      ['3 MB passes', [img(900, 900, 3 * MB)], []],
      ['3 MB + 1 byte fails', [img(900, 900, 3 * MB + 1)], ['imageBytes']],
    ]);
  }
});

describe('numbers', () => {
  it.each<[string, number | null, string[]]>([
    ['one decimal passes', 12.3, []],
    ['a whole number passes', 12, []],
    ['two decimals fail', 12.34, ['decimals']],
    ['0.1 passes (smallest above zero)', 0.1, []],
    ['0.05 fails (two decimals)', 0.05, ['decimals']],
    ['0 fails', 0, ['positive']],
    ['a negative fails', -1, ['positive']],
    ['missing fails', null, ['required']],
  ])('volume and weight: %s', (_what, value, expected) => {
    expect(codes(checkMeasure('volume', value))).toEqual(expected);
    expect(codes(checkMeasure('weight', value))).toEqual(expected);
  });

  it.each<[string, string, string[]]>([
    ['two decimals pass', '12.34', []],
    ['one decimal passes', '12.3', []],
    ['no decimals pass', '12', []],
    ['three decimals fail', '12.345', ['decimals']],
    ['0.01 passes (smallest above zero)', '0.01', []],
    ['0.00 fails', '0.00', ['positive']],
    ['a negative fails', '-1', ['positive']],
    ['a small negative fails', '-0.001', ['positive']],
    ['not a number fails', '12,5', ['amountFormat']],
    ['empty fails', '', ['required']],
    ['an exponent fails', '1e3', ['amountFormat']],
  ])('declared price: %s', (_what, text, expected) => {
    expect(codes(checkPriceText('declared_price', text))).toEqual(expected);
  });

  it.each<[string, number[], string[]]>([
    ['100 passes', [60, 40], []],
    ['99.99 fails', [60, 39.99], ['compositionTotal']],
    ['100.01 fails', [60, 40.01], ['compositionTotal']],
    ['a ratio of 0 fails', [100, 0], ['positive']],
  ])('composition: %s', (_what, ratios, expected) => {
    expect(codes(checkComposition(ratios.map((ratio, i) => ({ material: `M${i}`, ratio }))))).toEqual(
      expected,
    );
  });
});

describe('size tables', () => {
  const pack = { length: 30, width: 20, height: 2, weight: 250 };
  const row = { size: 'M', length: 30, width: 20, height: 2, net_weight: 250 };
  const table = (r = row) => ({ name: 'T', rows: [r] });
  it.each<[string, ReturnType<typeof table>[], string[]]>([
    ['1 table fails', [table()], ['sizeTableCount']],
    ['2 tables pass', [table(), table()], []],
    ['3 tables fail', [table(), table(), table()], ['sizeTableCount']],
    ['a row value of 0 fails', [table({ ...row, width: 0 }), table()], ['positive']],
    ['a length off by 0.1 fails', [table({ ...row, length: 30.1 }), table()], ['sizeTableMismatch']],
    ['a net weight off by 1 fails', [table(), table({ ...row, net_weight: 249 })], ['sizeTableMismatch']],
  ])('%s', (_what, tables, expected) => {
    expect(codes(checkSizeTables(tables, pack))).toEqual(expected);
  });
  it('a row value just above 0 is checked against the packaging, not refused as zero', () => {
    const tiny = { length: 0.1, width: 0.1, height: 0.1, weight: 0.1 };
    const r = { size: 'S', length: 0.1, width: 0.1, height: 0.1, net_weight: 0.1 };
    expect(checkSizeTables([table(r), table(r)], tiny)).toEqual([]);
  });
});

describe('sites and warehouses', () => {
  const sites = (k: number) => Array.from({ length: k }, (_, i) => `S${i}`);
  const route = (ids: string[], type: WarehouseRoute['warehouse_type'] = 'self'): WarehouseRoute => ({
    warehouse_id: 'W',
    warehouse_type: type,
    site_ids: ids,
  });
  const check = (
    siteIds: string[],
    routes: WarehouseRoute[],
    mode: 'single_site' | 'multi_site' = 'single_site',
    multiSiteMinimum = true,
  ) => codes(checkSites({ site_ids: siteIds, routes, sales_mode: mode }, { multiSiteMinimum }));

  it('no warehouse fails, one passes', () => {
    expect(check(['S0'], [])).toEqual(['warehouseRequired']);
    expect(check(['S0'], [route(['S0'])])).toEqual([]);
  });
  it('no site fails, one passes', () => {
    expect(check([], [route([])])).toEqual(['siteRequired']);
    expect(check(['S0'], [route(['S0'])])).toEqual([]);
  });
  it(`multi-site: ${PUBLISH_LIMITS.multiSiteMin - 1} sites fail, ${PUBLISH_LIMITS.multiSiteMin} pass`, () => {
    expect(check(sites(9), [route(sites(9))], 'multi_site')).toEqual(['multiSiteMinimum']);
    expect(check(sites(10), [route(sites(10))], 'multi_site')).toEqual([]);
    // The other reading: no minimum.
    expect(check(sites(9), [route(sites(9))], 'multi_site', false)).toEqual([]);
    // Single-site listings are not asked for 10.
    expect(check(sites(9), [route(sites(9))], 'single_site')).toEqual([]);
  });
  it('5 operated sites (the threshold): a warehouse covering 5 passes, 4 fails', () => {
    expect(check(sites(5), [route(sites(5))])).toEqual([]);
    expect(check(sites(5), [route(sites(4))])).toEqual(['warehouseSitesMin']);
  });
  it('6 operated sites: covering 5 passes (not all needed), 4 fails', () => {
    expect(check(sites(6), [route(sites(5))])).toEqual([]);
    expect(check(sites(6), [route(sites(4))])).toEqual(['warehouseSitesMin']);
  });
  it('4 operated sites (below the threshold): covering all 4 passes, 3 fails', () => {
    expect(check(sites(4), [route(sites(4))])).toEqual([]);
    expect(check(sites(4), [route(sites(3))])).toEqual(['warehouseSitesAll']);
  });
  it('each warehouse is checked on its own', () => {
    expect(check(sites(4), [route(sites(4)), route(sites(2))])).toEqual(['warehouseSitesAll']);
    // Sites a route names that the listing does not operate do not count.
    expect(check(sites(4), [route([...sites(3), 'X'])])).toEqual(['warehouseSitesAll']);
  });
  it('9-working-day delivery: type "other" passes, every other type fails; 1 and 2 days take any', () => {
    expect(codes(checkDelivery(9, [route(['S0'], 'other')]))).toEqual([]);
    expect(codes(checkDelivery(9, [route(['S0'], 'self')]))).toEqual(['deliveryWarehouse']);
    expect(codes(checkDelivery(9, [route(['S0'], 'third_party')]))).toEqual(['deliveryWarehouse']);
    expect(codes(checkDelivery(9, [route(['S0'], 'other'), route(['S0'], 'self')]))).toEqual([
      'deliveryWarehouse',
    ]);
    for (const days of [1, 2]) expect(codes(checkDelivery(days, [route(['S0'], 'self')]))).toEqual([]);
    for (const days of [0, 3, 8, 10]) expect(codes(checkDelivery(days, []))).toEqual(['required']);
  });
});

describe('origin and titles', () => {
  it('a country and a province: both pass, either missing fails', () => {
    expect(checkOrigin('CN', 'Zhejiang')).toEqual([]);
    expect(checkOrigin('', 'Zhejiang').map((i) => i.field)).toEqual(['origin_country']);
    expect(checkOrigin('CN', '').map((i) => i.field)).toEqual(['origin_province']);
    expect(checkOrigin(null, undefined).map((i) => i.field)).toEqual(['origin_country', 'origin_province']);
  });
  it.each<[string, string, string[]]>([
    ['letters at both ends pass', 'Summer Tee', []],
    ['digits at both ends pass', '2 Tees 4', []],
    ['punctuation inside passes', 'Tee, cotton - soft', []],
    ['Chinese punctuation inside passes', '夏季，T恤', []],
    ['a leading ASCII mark fails', '!Tee', ['titlePunctuation']],
    ['a trailing ASCII mark fails', 'Tee.', ['titlePunctuation']],
    ['a trailing Chinese mark fails', '夏季T恤。', ['titlePunctuation']],
    ['a leading bracket fails', '【夏季T恤', ['titlePunctuation']],
    ['a trailing symbol fails', 'Tee $', ['titlePunctuation']],
    ['a leading space fails', ' Tee', ['titlePunctuation']],
    ['a trailing space fails', 'Tee ', ['titlePunctuation']],
    ['empty fails', '', ['required']],
    ['only spaces fail', '   ', ['required']],
  ])('title: %s', (_what, title, expected) => {
    expect(codes(checkTitle('title_en', title))).toEqual(expected);
  });
});

describe('messages name the field and the rule, in both languages', () => {
  it('every rule message names its field', () => {
    for (const code of RULE_CODES)
      for (const lang of ['en', 'zh-cn'] as const)
        expect(RULE_MESSAGES[code][lang], `${code} ${lang}`).toContain('{{field}}');
  });

  it('every issue of a listing that breaks everything reads with a label, in both languages', () => {
    const broken: ListingRuleInput = {
      title_zh: '。',
      title_en: '',
      declared_price: null,
      site_prices: [{ site_id: 'S0', price: 0 }],
      origin_country: '',
      origin_province: '',
      images: { product_photos: [{ source: 'upload', ref: 'x', ...img(10, 10, 9 * MB, 'webp') }] },
      volume: 0.15,
      weight: null,
      length: 0,
      width: null,
      height: null,
      delivery_days: 9,
      warehouse_routes: [{ warehouse_id: 'W', warehouse_type: 'self', site_ids: [] }],
      site_ids: ['S0', 'S1', 'S2', 'S3', 'S4'],
      sales_mode: 'multi_site',
      composition: [{ material: '', ratio: 0 }],
      size_tables: [{ name: 'T', rows: [{ size: 'M', length: 0, width: 1, height: 1, net_weight: 1 }] }],
      variations: 0,
    };
    const issues = validateListing(broken, DEFAULT_RULE_SETTINGS.temu);
    expect(issues.length).toBeGreaterThan(20);
    for (const issue of issues)
      for (const lang of ['en', 'zh-cn'] as const) {
        const label = fieldLabel(issue.field, lang);
        expect(label, issue.field).not.toBe(issue.field);
        const text = describeIssue(issue, lang);
        expect(text, issue.field).toContain(label);
        expect(text, issue.field).not.toMatch(/\{\{|undefined/);
      }
  });

  it('a nested path names each labelled part with its number', () => {
    expect(fieldLabel('size_tables.1.rows.0.net_weight', 'en')).toBe('Size tables #2 › Row #1 › Net weight');
    expect(fieldLabel('size_tables.1.rows.0.net_weight', 'zh-cn')).toBe('尺码表 #2 › 行 #1 › 净重');
    expect(fieldLabel('warehouse_routes.0.site_ids', 'en')).toBe('Warehouse #1 › Sites');
    expect(fieldLabel('images.skc_carousel.2', 'en')).toBe('SKC carousel #3');
    expect(fieldLabel('images.theme', 'zh-cn')).toBe('主题图');
  });
});

/*
 * The ratio rules at their tolerance (decision 0045: a ratio passes within 1 % of its bound), on
 * both sides of each bound: 3:4 is 0.7425–0.7575, "3:4 to 1:1" is 0.7425–1.01, 1:1 is 0.99–1.01.
 */
describe('image ratios at the tolerance, both sides of each bound', () => {
  const three4 = img(1500, 2000);
  for (const [title, kind, settings] of [
    ['product photos (hd)', 'product_photos', HD],
    ['product photos (standard)', 'product_photos', STANDARD],
    ['SKC carousel (fixed)', 'skc_carousel', FIXED],
  ] as const)
    imageCases(`${title}: 3:4 ± 1 %`, kind, settings, [
      ['0.743 (narrow side, inside) passes', [img(1486, 2000), three4, three4], []],
      ['0.742 (narrow side, outside) fails', [img(1484, 2000), three4, three4], ['imageRatio']],
      ['0.757 (wide side, inside) passes', [img(1514, 2000), three4, three4], []],
      ['0.758 (wide side, outside) fails', [img(1516, 2000), three4, three4], ['imageRatio']],
    ]);

  imageCases('SKC carousel (range): 3:4 to 1:1 ± 1 %', 'skc_carousel', RANGE, [
    ['0.743 (below 3:4, inside) passes', [img(1486, 2000)], []],
    ['0.742 (below 3:4, outside) fails', [img(1484, 2000)], ['imageRatio']],
    ['1.009 (above 1:1, inside) passes', [img(1009, 1000)], []],
    ['1.011 (above 1:1, outside) fails', [img(1011, 1000)], ['imageRatio']],
  ]);

  for (const [title, settings] of [
    ['range', SQUARE_RANGE],
    ['over800', OVER800],
  ] as const)
    imageCases(`square image (${title}): 1:1 ± 1 %`, 'square', settings, [
      ['1.009 passes', [img(1009, 1000)], []],
      ['1.011 fails', [img(1011, 1000)], ['imageRatio']],
      ['0.991 passes', [img(1000, 1009)], []],
      ['0.989 fails', [img(1000, 1011)], ['imageRatio']],
    ]);
});

describe('the whole listing at its boundaries', () => {
  const photo = { source: 'mockup' as const, ref: 'c:front', ...img(1350, 1800) };
  const good = (): ListingRuleInput => ({
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
    warehouse_routes: [{ warehouse_id: 'W1', warehouse_type: 'self', site_ids: ['S1'] }],
    site_ids: ['S1'],
    sales_mode: 'single_site',
    composition: [{ material: 'Cotton', ratio: 100 }],
    size_tables: [0, 1].map((i) => ({
      name: `T${i}`,
      rows: [{ size: 'M', length: 30, width: 20, height: 2, net_weight: 250 }],
    })),
    variations: 1,
  });
  const check = (over: Partial<ListingRuleInput>) =>
    Object.values(DEFAULT_RULE_SETTINGS).map((s) => codes(validateListing({ ...good(), ...over }, s)));

  it('variations: 1 passes, 0 fails', () => {
    expect(check({ variations: 1 })).toEqual([[], []]);
    expect(check({ variations: 0 })).toEqual([['variationRequired'], ['variationRequired']]);
  });
  it('declared price (minor units): 1 passes, 0 fails, missing fails', () => {
    expect(check({ declared_price: 1 })).toEqual([[], []]);
    expect(check({ declared_price: 0 })).toEqual([['positive'], ['positive']]);
    expect(check({ declared_price: null })).toEqual([['required'], ['required']]);
  });
  it('a site declared price: 1 passes, 0 fails', () => {
    expect(check({ site_prices: [{ site_id: 'S1', price: 1 }] })).toEqual([[], []]);
    expect(check({ site_prices: [{ site_id: 'S1', price: 0 }] })).toEqual([['positive'], ['positive']]);
  });
  it('length, width and height: one decimal passes, two fail, 0.1 passes, 0 fails', () => {
    for (const key of ['length', 'width', 'height'] as const) {
      // The size tables must match the packaging: they follow the measure under test.
      const tables = (v: number) =>
        good().size_tables.map((t) => ({ ...t, rows: t.rows.map((r) => ({ ...r, [key]: v })) }));
      expect(check({ [key]: 0.1, size_tables: tables(0.1) }), key).toEqual([[], []]);
      expect(check({ [key]: 20.5, size_tables: tables(20.5) }), key).toEqual([[], []]);
      expect(check({ [key]: 20.55, size_tables: tables(20.55) }), key).toEqual([['decimals'], ['decimals']]);
      expect(check({ [key]: 0, size_tables: tables(1) })[1], key).toEqual(['positive']);
    }
  });
  it('a multi-site listing with exactly 10 sites each covered passes on the platform that asks for 10; 9 fail', () => {
    const sites = (k: number) => Array.from({ length: k }, (_, i) => `S${i}`);
    const multi = (k: number) => ({
      sales_mode: 'multi_site' as const,
      site_ids: sites(k),
      warehouse_routes: [{ warehouse_id: 'W1', warehouse_type: 'self' as const, site_ids: sites(k) }],
    });
    const [temu, tiktok] = [DEFAULT_RULE_SETTINGS.temu, DEFAULT_RULE_SETTINGS.tiktok];
    expect(codes(validateListing({ ...good(), ...multi(10) }, temu))).toEqual([]);
    expect(codes(validateListing({ ...good(), ...multi(9) }, temu))).toEqual(['multiSiteMinimum']);
    expect(codes(validateListing({ ...good(), ...multi(9) }, tiktok))).toEqual([]);
  });
});

describe('limits the schema holds (the form and the server read them from it)', () => {
  it(`titles: ${PUBLISH_LIMITS.titleMax} characters pass, ${PUBLISH_LIMITS.titleMax + 1} fail`, () => {
    const at = 'a'.repeat(PUBLISH_LIMITS.titleMax);
    for (const key of ['title_zh', 'title_en'] as const) {
      expect(listingFieldsSchema.safeParse({ [key]: at }).success, key).toBe(true);
      expect(listingFieldsSchema.safeParse({ [key]: `${at}a` }).success, key).toBe(false);
    }
  });
  it('delivery promise: 1, 2 and 9 working days pass; 0, 3, 8 and 10 fail', () => {
    for (const d of [1, 2, 9]) expect(listingFieldsSchema.safeParse({ delivery_days: d }).success).toBe(true);
    for (const d of [0, 3, 8, 10])
      expect(listingFieldsSchema.safeParse({ delivery_days: d }).success).toBe(false);
  });
  it('"Template name cannot be empty": one character passes; empty and blank fail with that message; 60 pass, 61 fail', () => {
    const body = (name: string) => ({ name, platform: 'tiktok', fields: {} });
    expect(publishTemplateCreateSchema.safeParse(body('a')).success).toBe(true);
    for (const name of ['', '   ']) {
      const parsed = publishTemplateCreateSchema.safeParse(body(name));
      expect(parsed.success, JSON.stringify(name)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('publishing.templateNameEmpty');
    }
    expect(publishTemplateCreateSchema.safeParse(body('n'.repeat(60))).success).toBe(true);
    expect(publishTemplateCreateSchema.safeParse(body('n'.repeat(61))).success).toBe(false);
  });
  it(`a batch: 1 and ${PUBLISH_BATCH_MAX} listings pass, 0 and ${PUBLISH_BATCH_MAX + 1} fail`, () => {
    const ids = (k: number) =>
      Array.from({ length: k }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const k of [1, PUBLISH_BATCH_MAX])
      expect(listingIdsBodySchema.safeParse({ listing_ids: ids(k) }).success, String(k)).toBe(true);
    for (const k of [0, PUBLISH_BATCH_MAX + 1])
      expect(listingIdsBodySchema.safeParse({ listing_ids: ids(k) }).success, String(k)).toBe(false);
  });
});
