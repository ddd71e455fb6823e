import type { Currency } from '../i18n.ts';
import { SHIPPING_LIMITS, type ShippingOption } from './schemas.ts';

/** What a shipping fee is computed from: a rate's weights (grams) and prices (minor units). */
export interface ShippingRatePricing {
  first_weight_g: number;
  first_price: number;
  additional_weight_g: number;
  additional_price: number;
  max_weight_g: number | null;
}

/** A parcel weight a rate can price: a whole number of grams above zero, within the limit. */
export function isParcelWeight(weightGrams: unknown): weightGrams is number {
  return (
    typeof weightGrams === 'number' &&
    Number.isSafeInteger(weightGrams) &&
    weightGrams > 0 &&
    weightGrams <= SHIPPING_LIMITS.weightMaxG
  );
}

/**
 * The fee of a parcel under a rate (issue 10: first weight and additional weight): the first price
 * covers up to the first weight; every started additional weight beyond it adds the additional
 * price. Null when the weight is not a parcel weight or is over the rate's max weight.
 */
export function shippingFee(rate: ShippingRatePricing, weightGrams: number): number | null {
  if (!isParcelWeight(weightGrams)) return null;
  if (rate.max_weight_g !== null && weightGrams > rate.max_weight_g) return null;
  if (weightGrams <= rate.first_weight_g) return rate.first_price;
  // A broken rate (zero step) prices nothing rather than dividing by zero.
  if (!(rate.additional_weight_g > 0)) return null;
  const extra = weightGrams - rate.first_weight_g;
  // Integer ceiling: no floating-point division decides a step.
  const whole = Math.floor(extra / rate.additional_weight_g);
  const steps = whole * rate.additional_weight_g < extra ? whole + 1 : whole;
  return rate.first_price + steps * rate.additional_price;
}

/** What the options are ordered by, beyond what they show. */
export interface SortableShippingOption {
  fee: number;
  currency: Currency;
  /** The method's sort: larger first (spec §5). */
  sort: number;
  code: string;
}

/**
 * Cheapest first, then the method's sort (larger first), then code. Fees in USD compare at the
 * given USD→CNY rate; without a rate, CNY options come before USD ones.
 */
export function sortShippingOptions<T extends SortableShippingOption>(
  options: readonly T[],
  usdToCny: number | null = null,
): T[] {
  const inCny = (o: T) => (o.currency === 'USD' && usdToCny ? o.fee * usdToCny : o.fee);
  return [...options].sort((a, b) => {
    if (a.currency !== b.currency && !usdToCny) return a.currency === 'CNY' ? -1 : 1;
    return inCny(a) - inCny(b) || b.sort - a.sort || a.code.localeCompare(b.code);
  });
}

/** What checkout kept of the option the buyer chose. */
export type ChosenShippingOption = Pick<
  ShippingOption,
  'method_id' | 'rate_id' | 'rate_version' | 'currency' | 'fee'
>;

/**
 * Whether the option offered now differs from the one chosen (spec §8: "current logistics
 * unavailable or changed, refresh and reorder"): gone, another rate, a newer rate, another fee.
 */
export function isShippingOptionChanged(
  chosen: ChosenShippingOption,
  current: ShippingOption | null,
): boolean {
  return (
    current === null ||
    current.method_id !== chosen.method_id ||
    current.rate_id !== chosen.rate_id ||
    current.rate_version !== chosen.rate_version ||
    current.currency !== chosen.currency ||
    current.fee !== chosen.fee
  );
}
