import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applicableTiers,
  MAX_QUOTE_QUANTITY,
  priceTierIssues,
  PricingError,
  quote,
  wholesaleRanges,
  type Buyer,
  type PriceList,
  type PriceTier,
} from './engine.ts';

const LEVELS = ['lvl-a', 'lvl-b'];
const MERCHANTS = ['m-1', 'm-2'];
const SURFACES = [
  { id: 's-front', key: 'front', name: 'Front', print_price: null },
  { id: 's-back', key: 'back', name: 'Back', print_price: 800 },
  { id: 's-sleeve', key: 'sleeve', name: 'Sleeve', print_price: 300 },
];

const tierArb: fc.Arbitrary<PriceTier> = fc
  .record({
    id: fc.uuid(),
    kind: fc.constantFrom('level', 'wholesale', 'exclusive'),
    min_qty: fc.integer({ min: 1, max: 500 }),
    price: fc.integer({ min: 0, max: 20_000 }),
    level: fc.constantFrom(...LEVELS),
    merchant: fc.constantFrom(...MERCHANTS),
  })
  .map(({ level, merchant, ...t }) => ({
    ...t,
    level_id: t.kind === 'level' ? level : null,
    merchant_id: t.kind === 'exclusive' ? merchant : null,
  }));

// Tiers are arbitrary here on purpose, including ones above the list price and ladders that rise:
// the engine must hold its promises even for data the schema would refuse.
const listArb: fc.Arbitrary<PriceList> = fc.record({
  currency: fc.constant('CNY' as const),
  base_price: fc.integer({ min: 0, max: 20_000 }),
  design_price: fc.integer({ min: 0, max: 5_000 }),
  surfaces: fc.constant(SURFACES),
  tiers: fc.array(tierArb, { maxLength: 12 }),
});
const buyerArb: fc.Arbitrary<Buyer> = fc.record({
  merchant_id: fc.option(fc.constantFrom(...MERCHANTS), { nil: null }),
  level_id: fc.option(fc.constantFrom(...LEVELS), { nil: null }),
});
const facesArb = fc.subarray(['front', 'back', 's-sleeve']);
const qtyArb = fc.integer({ min: 1, max: 1000 });

describe('pricing engine properties', () => {
  it('never exceeds the base list price', () => {
    fc.assert(
      fc.property(listArb, buyerArb, qtyArb, facesArb, (list, buyer, quantity, surfaces) => {
        const q = quote(list, buyer, { quantity, surfaces });
        expect(q.base).toBeLessThanOrEqual(list.base_price);
        expect(q.unit).toBeLessThanOrEqual(q.list_unit);
        expect(q.subtotal).toBeLessThanOrEqual(q.list_unit * quantity);
        expect(q.savings).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('is monotone non-increasing in quantity', () => {
    fc.assert(
      fc.property(listArb, buyerArb, qtyArb, qtyArb, facesArb, (list, buyer, a, b, surfaces) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        const lo = quote(list, buyer, { quantity: small, surfaces });
        const hi = quote(list, buyer, { quantity: large, surfaces });
        expect(hi.unit).toBeLessThanOrEqual(lo.unit);
      }),
      { numRuns: 500 },
    );
  });

  it('is monotone within a wholesale ladder, step by step across every threshold', () => {
    fc.assert(
      fc.property(
        listArb.map((l) => ({ ...l, tiers: l.tiers.map((t) => ({ ...t, kind: 'wholesale' as const })) })),
        facesArb,
        (list, surfaces) => {
          const anonymous = { merchant_id: null, level_id: null };
          let previous = Number.POSITIVE_INFINITY;
          for (let quantity = 1; quantity <= 510; quantity += 1) {
            const unit = quote(list, anonymous, { quantity, surfaces }).unit;
            expect(unit).toBeLessThanOrEqual(previous);
            previous = unit;
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('chooses the minimum of the tiers that apply (or the list price when none is lower)', () => {
    fc.assert(
      fc.property(listArb, buyerArb, qtyArb, facesArb, (list, buyer, quantity, surfaces) => {
        const q = quote(list, buyer, { quantity, surfaces });
        const applying = applicableTiers(list.tiers, buyer, quantity);
        const cheapest = Math.min(list.base_price, ...applying.map((t) => t.price));
        expect(q.base).toBe(cheapest);
        if (q.tier) {
          expect(applying.map((t) => t.id)).toContain(q.tier.id);
          expect(q.tier.price).toBe(cheapest);
          expect(q.tier.price).toBeLessThan(list.base_price);
        } else {
          expect(applying.every((t) => t.price >= list.base_price)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('adds each designed face once, and the numbers add up', () => {
    fc.assert(
      fc.property(listArb, buyerArb, qtyArb, facesArb, (list, buyer, quantity, surfaces) => {
        const q = quote(list, buyer, { quantity, surfaces: [...surfaces, ...surfaces] });
        expect(q.faces.length).toBe(new Set(surfaces.map((s) => s.replace('s-', ''))).size);
        expect(q.print).toBe(q.faces.reduce((s, f) => s + f.print_price, 0));
        expect(q.unit).toBe(q.base + q.print);
        expect(q.subtotal).toBe(q.unit * quantity);
        expect(q.savings).toBe((q.list_unit - q.unit) * quantity);
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of the tiers', () => {
    fc.assert(
      fc.property(listArb, buyerArb, qtyArb, (list, buyer, quantity) => {
        const a = quote(list, buyer, { quantity, surfaces: ['front'] });
        const b = quote({ ...list, tiers: [...list.tiers].reverse() }, buyer, {
          quantity,
          surfaces: ['front'],
        });
        expect(b).toEqual(a);
      }),
      { numRuns: 300 },
    );
  });
});

describe('pricing engine examples', () => {
  const tier = (t: Partial<PriceTier> & Pick<PriceTier, 'kind' | 'price'>): PriceTier => ({
    id: `${t.kind}-${t.price}`,
    min_qty: 1,
    level_id: null,
    merchant_id: null,
    ...t,
  });
  const list: PriceList = {
    currency: 'CNY',
    base_price: 5000,
    design_price: 1000,
    surfaces: SURFACES,
    tiers: [
      tier({ kind: 'level', level_id: 'lvl-a', price: 4600 }),
      tier({ kind: 'wholesale', min_qty: 10, price: 4500 }),
      tier({ kind: 'wholesale', min_qty: 50, price: 4000 }),
      tier({ kind: 'exclusive', merchant_id: 'm-1', price: 4200 }),
    ],
  };

  it('prices base plus print per face, with the breakdown', () => {
    const q = quote(
      list,
      { merchant_id: null, level_id: null },
      { quantity: 2, surfaces: ['front', 'back'] },
    );
    expect(q).toEqual({
      currency: 'CNY',
      quantity: 2,
      list_base: 5000,
      base: 5000,
      tier: null,
      faces: [
        { surface_id: 's-front', key: 'front', name: 'Front', print_price: 1000 },
        { surface_id: 's-back', key: 'back', name: 'Back', print_price: 800 },
      ],
      print: 1800,
      list_unit: 6800,
      unit: 6800,
      subtotal: 13600,
      savings: 0,
    });
  });

  it('uses the best of level, wholesale and exclusive', () => {
    const buyer = { merchant_id: 'm-1', level_id: 'lvl-a' };
    expect(quote(list, buyer, { quantity: 1, surfaces: [] }).tier).toMatchObject({
      kind: 'exclusive',
      price: 4200,
    });
    expect(quote(list, buyer, { quantity: 60, surfaces: [] }).tier).toMatchObject({
      kind: 'wholesale',
      price: 4000,
    });
    const levelOnly = { merchant_id: 'm-2', level_id: 'lvl-a' };
    expect(quote(list, levelOnly, { quantity: 1, surfaces: [] }).tier).toMatchObject({ kind: 'level' });
    expect(quote(list, levelOnly, { quantity: 10, surfaces: [] }).tier).toMatchObject({ kind: 'wholesale' });
  });

  it('refuses a bad quantity and an unknown face', () => {
    const anon = { merchant_id: null, level_id: null };
    for (const quantity of [0, -1, 1.5, MAX_QUOTE_QUANTITY + 1, Number.NaN])
      expect(() => quote(list, anon, { quantity, surfaces: [] })).toThrow(PricingError);
    expect(() => quote(list, anon, { quantity: 1, surfaces: ['pocket'] })).toThrow(/unknownSurface/);
  });

  it('shows wholesale tiers as consecutive ranges', () => {
    expect(wholesaleRanges(list.tiers)).toEqual([
      { id: 'wholesale-4500', min_qty: 10, max_qty: 49, price: 4500 },
      { id: 'wholesale-4000', min_qty: 50, max_qty: null, price: 4000 },
    ]);
  });

  it('names configuration problems of tiers', () => {
    const issues = priceTierIssues(
      [
        { kind: 'wholesale', min_qty: 10, price: 4500, level_id: null, merchant_id: null },
        { kind: 'wholesale', min_qty: 50, price: 4800, level_id: null, merchant_id: null },
        { kind: 'wholesale', min_qty: 50, price: 4000, level_id: null, merchant_id: null },
        { kind: 'level', min_qty: 1, price: 6000, level_id: 'lvl-a', merchant_id: null },
        { kind: 'exclusive', min_qty: 1, price: 100, level_id: null, merchant_id: null },
      ],
      5000,
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { index: 2, field: 'min_qty', rule: 'tierDuplicate' },
        { index: 3, field: 'price', rule: 'tierAboveList' },
        { index: 4, field: 'merchant_id', rule: 'tierSubjectMissing' },
        { index: 1, field: 'price', rule: 'tierRises' },
      ]),
    );
    expect(
      priceTierIssues(
        [{ kind: 'wholesale', min_qty: 10, price: 4500, level_id: null, merchant_id: null }],
        5000,
      ),
    ).toEqual([]);
  });
});
