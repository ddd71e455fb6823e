import type { Currency } from '../i18n.ts';

/**
 * The pricing engine (spec §9 "base price plus print price, charged per design face; the best of
 * level, wholesale and exclusive prices is used at order"). Pure functions over integer minor
 * units, so the web shows exactly what the server charges. Decision 0016 explains the rules.
 */

export const PRICE_TIER_KINDS = ['level', 'wholesale', 'exclusive'] as const;
export type PriceTierKind = (typeof PRICE_TIER_KINDS)[number];

/** The most one unit price, and so each tier, may be: 1,000,000.00 in minor units. */
export const MAX_PRICE_MINOR = 100_000_000;
/** The largest quantity a quote accepts. */
export const MAX_QUOTE_QUANTITY = 100_000;

/**
 * One price tier of a product. `price` replaces the product's base (blank) price per unit from
 * `min_qty` pieces up; print prices are added on top unchanged. Level tiers apply to merchants of
 * `level_id`, exclusive tiers to `merchant_id`, wholesale tiers to everyone.
 */
export interface PriceTier {
  id: string;
  kind: PriceTierKind;
  min_qty: number;
  price: number;
  level_id: string | null;
  merchant_id: string | null;
}

/** A design surface as pricing sees it: `print_price` null means the product's design-side price. */
export interface PricedSurface {
  id: string;
  key: string;
  name: string;
  print_price: number | null;
}

/** Everything the engine needs about one product. */
export interface PriceList {
  currency: Currency;
  /** The base list price of one blank unit. */
  base_price: number;
  /** The design-side price: print price per designed face, unless the surface sets its own. */
  design_price: number;
  surfaces: readonly PricedSurface[];
  tiers: readonly PriceTier[];
}

/** Who is buying: an anonymous visitor has neither a merchant nor a level. */
export interface Buyer {
  merchant_id: string | null;
  level_id: string | null;
}

export interface QuoteRequest {
  quantity: number;
  /** The designed faces, by surface id or key; each face is charged once per unit. */
  surfaces: readonly string[];
}

export interface PricedFace {
  surface_id: string;
  key: string;
  name: string;
  print_price: number;
}

/** The tier a quote used; null in a breakdown means the base list price was the best. */
export interface AppliedTier {
  id: string;
  kind: PriceTierKind;
  min_qty: number;
  price: number;
}

/** What a quote returns: every number the order line and the price preview show. */
export interface PriceBreakdown {
  currency: Currency;
  quantity: number;
  /** Base list price per unit. */
  list_base: number;
  /** Base price per unit after the best tier. */
  base: number;
  tier: AppliedTier | null;
  /** Per designed face, its print price per unit. */
  faces: PricedFace[];
  /** Sum of the faces' print prices, per unit. */
  print: number;
  /** What one unit costs at list prices: list_base + print. */
  list_unit: number;
  /** What one unit costs: base + print. */
  unit: number;
  /** unit × quantity. */
  subtotal: number;
  /** (list_unit − unit) × quantity. */
  savings: number;
}

export type PricingErrorCode = 'badQuantity' | 'unknownSurface';

/** A quote request the engine cannot price (bad quantity, a face the product does not have). */
export class PricingError extends Error {
  constructor(
    readonly code: PricingErrorCode,
    readonly detail: string = '',
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'PricingError';
  }
}

/** The print price of one face of a surface. */
export function facePrintPrice(list: Pick<PriceList, 'design_price'>, surface: PricedSurface): number {
  return surface.print_price ?? list.design_price;
}

/**
 * The designed faces of a quote, each once, in the product's surface order. Throws
 * `unknownSurface` for a face the product does not have.
 */
export function pricedFaces(list: Pick<PriceList, 'design_price' | 'surfaces'>, faces: readonly string[]) {
  const wanted = new Set(faces);
  for (const face of wanted) {
    if (!list.surfaces.some((s) => s.id === face || s.key === face))
      throw new PricingError('unknownSurface', face);
  }
  return list.surfaces
    .filter((s) => wanted.has(s.id) || wanted.has(s.key))
    .map<PricedFace>((s) => ({
      surface_id: s.id,
      key: s.key,
      name: s.name,
      print_price: facePrintPrice(list, s),
    }));
}

/** Whether a tier is for this buyer at all, whatever the quantity. */
export function tierIsForBuyer(tier: PriceTier, buyer: Buyer): boolean {
  switch (tier.kind) {
    case 'wholesale':
      return true;
    case 'level':
      return tier.level_id !== null && tier.level_id === buyer.level_id;
    case 'exclusive':
      return tier.merchant_id !== null && tier.merchant_id === buyer.merchant_id;
  }
}

/**
 * The tiers that apply to this buyer at this quantity: theirs, and reached (`min_qty` ≤ quantity).
 * A tier keeps applying above the next tier's threshold, so a larger order never loses a price
 * it had already earned: that is what makes the price monotone in quantity.
 */
export function applicableTiers(tiers: readonly PriceTier[], buyer: Buyer, quantity: number): PriceTier[] {
  return tiers.filter((t) => t.min_qty <= quantity && tierIsForBuyer(t, buyer));
}

// On equal prices, the most specific tier is reported (exclusive, then level, then wholesale).
const SPECIFICITY: Record<PriceTierKind, number> = { exclusive: 0, level: 1, wholesale: 2 };

/**
 * The cheapest of the given tiers, or null when none is below the list price: the best of level,
 * wholesale and exclusive (spec §9). Ties go to the more specific kind, then the higher
 * threshold, then the id, so the answer never depends on the tiers' order.
 */
export function bestTier(tiers: readonly PriceTier[], listBase: number): PriceTier | null {
  let best: PriceTier | null = null;
  for (const t of tiers) {
    // A tier at or above the list price is no better than the list price.
    if (t.price >= listBase) continue;
    if (
      best === null ||
      t.price < best.price ||
      (t.price === best.price &&
        (SPECIFICITY[t.kind] < SPECIFICITY[best.kind] ||
          (SPECIFICITY[t.kind] === SPECIFICITY[best.kind] &&
            (t.min_qty > best.min_qty || (t.min_qty === best.min_qty && t.id < best.id)))))
    )
      best = t;
  }
  return best;
}

/** The base price per unit for a buyer at a quantity (no print). Never above the list price. */
export function basePriceFor(list: Pick<PriceList, 'base_price' | 'tiers'>, buyer: Buyer, quantity: number) {
  const tier = bestTier(applicableTiers(list.tiers, buyer, quantity), list.base_price);
  return { base: tier ? tier.price : list.base_price, tier };
}

/** Prices an order line: the best tier's base plus each designed face's print price (spec §9). */
export function quote(list: PriceList, buyer: Buyer, request: QuoteRequest): PriceBreakdown {
  const { quantity } = request;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUOTE_QUANTITY)
    throw new PricingError('badQuantity', String(quantity));
  const faces = pricedFaces(list, request.surfaces);
  const print = faces.reduce((sum, f) => sum + f.print_price, 0);
  const { base, tier } = basePriceFor(list, buyer, quantity);
  const unit = base + print;
  const listUnit = list.base_price + print;
  return {
    currency: list.currency,
    quantity,
    list_base: list.base_price,
    base,
    tier: tier ? { id: tier.id, kind: tier.kind, min_qty: tier.min_qty, price: tier.price } : null,
    faces,
    print,
    list_unit: listUnit,
    unit,
    subtotal: unit * quantity,
    savings: (listUnit - unit) * quantity,
  };
}

/** A wholesale tier as a quantity range for price tables: `max_qty` null means "and more". */
export interface WholesaleRange {
  id: string;
  min_qty: number;
  max_qty: number | null;
  price: number;
}

/** Wholesale tiers as consecutive ranges (10–49, 50–99, 100+), by their thresholds. */
export function wholesaleRanges(tiers: readonly PriceTier[]): WholesaleRange[] {
  const sorted = tiers.filter((t) => t.kind === 'wholesale').sort((a, b) => a.min_qty - b.min_qty);
  return sorted.map((t, i) => {
    const next = sorted[i + 1];
    return { id: t.id, min_qty: t.min_qty, max_qty: next ? next.min_qty - 1 : null, price: t.price };
  });
}

/** A configuration problem of a product's tiers, at a path inside `price_tiers`. */
export interface TierIssue {
  index: number;
  field: 'min_qty' | 'price' | 'level_id' | 'merchant_id';
  rule: 'tierDuplicate' | 'tierAboveList' | 'tierRises' | 'tierSubjectMissing';
}

const subjectOf = (t: Pick<PriceTier, 'kind' | 'level_id' | 'merchant_id'>) =>
  t.kind === 'level' ? `level:${t.level_id}` : t.kind === 'exclusive' ? `merchant:${t.merchant_id}` : '';

/**
 * Checks a product's tiers: a level tier names a level and an exclusive tier a merchant; one
 * tier per subject and threshold; no tier above the list price; and within one subject (the
 * wholesale ladder, one level, one merchant) a higher threshold never has a higher price.
 */
export function priceTierIssues(
  tiers: ReadonlyArray<Pick<PriceTier, 'kind' | 'min_qty' | 'price' | 'level_id' | 'merchant_id'>>,
  basePrice: number,
): TierIssue[] {
  const issues: TierIssue[] = [];
  const seen = new Map<string, number>();
  tiers.forEach((t, index) => {
    if (t.kind === 'level' && !t.level_id)
      issues.push({ index, field: 'level_id', rule: 'tierSubjectMissing' });
    if (t.kind === 'exclusive' && !t.merchant_id)
      issues.push({ index, field: 'merchant_id', rule: 'tierSubjectMissing' });
    const key = `${t.kind}|${subjectOf(t)}|${t.min_qty}`;
    if (seen.has(key)) issues.push({ index, field: 'min_qty', rule: 'tierDuplicate' });
    else seen.set(key, index);
    if (t.price > basePrice) issues.push({ index, field: 'price', rule: 'tierAboveList' });
  });
  const groups = new Map<string, number[]>();
  tiers.forEach((t, index) => {
    const key = `${t.kind}|${subjectOf(t)}`;
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  for (const indexes of groups.values()) {
    const ordered = [...indexes].sort((a, b) => tiers[a]!.min_qty - tiers[b]!.min_qty);
    for (let i = 1; i < ordered.length; i += 1) {
      const prev = tiers[ordered[i - 1]!]!;
      const cur = tiers[ordered[i]!]!;
      if (cur.min_qty > prev.min_qty && cur.price > prev.price)
        issues.push({ index: ordered[i]!, field: 'price', rule: 'tierRises' });
    }
  }
  return issues;
}

/** The price list a product's public page may show: no exclusive tiers (they are one merchant's). */
export function publicTiers<T extends Pick<PriceTier, 'kind'>>(tiers: readonly T[]): T[] {
  return tiers.filter((t) => t.kind !== 'exclusive');
}

/** The tiers one merchant may see: everyone's, and its own exclusive ones. */
export function tiersVisibleTo<T extends Pick<PriceTier, 'kind' | 'merchant_id'>>(
  tiers: readonly T[],
  merchantId: string,
): T[] {
  return tiers.filter((t) => t.kind !== 'exclusive' || t.merchant_id === merchantId);
}
