import type { ShippingOption } from '@pod/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  confirmShippingOption,
  shippingOptions,
  type ChosenParcelSql,
  type ShippingQuery,
} from '../logistics/index.ts';
import { toCnyMinor } from '../wallet/index.ts';
import { orders, type StoredOrderShipping } from './schema.ts';

/** A logistics option with its fee in the order's currency (`order_fee`). */
export type PricedShipping = ShippingOption & { order_fee: number };

/**
 * The fee of an option in the order's currency: the same currency as is, a USD rate for a CNY
 * order at today's exchange rate; null when it cannot be converted (no rate, or CNY → USD).
 */
async function feeIn(tx: Executor, option: ShippingOption, currency: string): Promise<number | null> {
  if (option.currency === currency) return option.fee;
  if (currency === 'CNY' && option.currency === 'USD') {
    try {
      return await toCnyMinor(tx, option.fee, 'USD', new Date());
    } catch {
      return null;
    }
  }
  return null;
}

/** The options for a parcel, each priced in the order's currency (unconvertible ones left out). */
export async function optionsIn(
  tx: Executor,
  tenantId: string,
  query: ShippingQuery,
  currency: string,
): Promise<PricedShipping[]> {
  const out: PricedShipping[] = [];
  for (const option of await shippingOptions(tx, tenantId, query)) {
    const fee = await feeIn(tx, option, currency);
    if (fee !== null) out.push({ ...option, order_fee: fee });
  }
  return out;
}

export function toStoredShipping(option: ShippingOption): StoredOrderShipping {
  return {
    method_id: option.method_id,
    rate_id: option.rate_id,
    rate_version: option.rate_version,
    carrier: option.carrier,
    name: option.name,
    code: option.code,
    delivery_days_min: option.delivery_days_min,
    delivery_days_max: option.delivery_days_max,
    currency: option.currency,
    fee: option.fee,
  };
}

/** At payment: the method chosen at settlement must still serve the parcel at the same rate (409 otherwise). */
export async function confirmOrderShipping(
  tx: Executor,
  tenantId: string,
  order: { factoryId: string | null; countryCode: string; weight: number; shipping: StoredOrderShipping },
): Promise<void> {
  await confirmShippingOption(tx, tenantId, {
    factoryId: order.factoryId,
    country: order.countryCode,
    weightGrams: order.weight,
    chosen: {
      method_id: order.shipping.method_id,
      rate_id: order.shipping.rate_id,
      rate_version: order.shipping.rate_version,
      currency: order.shipping.currency as ShippingOption['currency'],
      fee: order.shipping.fee,
    },
  });
}

/**
 * The order's parcel as columns of the row the paying statement locks (`orders`): its factory,
 * country, weight and the option chosen at settlement, for logistics' "still serves" condition.
 */
export const orderParcel = (): ChosenParcelSql => ({
  tenantId: orders.tenantId,
  factoryId: orders.factoryId,
  country: orders.countryCode,
  weightGrams: orders.weight,
  methodId: sql`(${orders.shipping}->>'method_id')::uuid`,
  rateId: sql`(${orders.shipping}->>'rate_id')::uuid`,
  rateVersion: sql`(${orders.shipping}->>'rate_version')::int`,
  currency: sql`(${orders.shipping}->>'currency')`,
});
