import {
  isParcelWeight,
  isShippingOptionChanged,
  LOGISTICS_ERRORS,
  shippingFee,
  shippingMethodCreateSchema,
  shippingRateCreateSchema,
  sortShippingOptions,
  cnyPerUnit,
  type ChosenShippingOption,
  type ShippingOption,
} from '@pod/shared';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { rateAt } from '../wallet/index.ts';
import countries from './data/countries.json' with { type: 'json' };
import * as repo from './shipping.repo.ts';

const ISO_COUNTRIES = new Set<string>(countries);

/** What a checkout knows when it asks for logistics: where from, where to, how heavy. */
export interface ShippingQuery {
  /** The ship-from factory (see shipFromFactory); null when the supplier has none. */
  factoryId: string | null;
  /** ISO 3166-1 alpha-2 of the consignee address; missing means the order is incomplete. */
  country: string | null | undefined;
  /** Parcel weight in whole grams; missing or zero means the order is incomplete. */
  weightGrams: number | null | undefined;
}

/**
 * spec §8's logistics errors, ready to throw: "no logistics available" and "order information
 * incomplete" answer 400; "current logistics unavailable or changed, refresh and reorder" 409.
 */
export function logisticsError(kind: keyof typeof LOGISTICS_ERRORS): AppError {
  return new AppError(kind === 'changed' ? 409 : 400, LOGISTICS_ERRORS[kind]);
}

/**
 * The factory a parcel ships from: the product's factory when it is the tenant's and enabled, else
 * the tenant's main factory, else its first enabled factory, else null.
 */
export async function shipFromFactory(
  tx: Executor,
  tenantId: string,
  factoryId: string | null,
): Promise<string | null> {
  return (await repo.shipFromFactoryRow(tx, tenantId, factoryId))?.id ?? null;
}

/** The same factory with its name (the settlement page shows it), one statement. */
export const shipFromFactoryNamed = repo.shipFromFactoryRow;

/** The country and weight of a query, or spec §8 "order information incomplete". */
function completeQuery(query: ShippingQuery): { country: string; weightGrams: number } {
  const country = query.country?.trim().toUpperCase() ?? '';
  const weight = query.weightGrams;
  if (
    !/^[A-Z]{2}$/.test(country) ||
    typeof weight !== 'number' ||
    !Number.isSafeInteger(weight) ||
    weight <= 0
  )
    throw logisticsError('incomplete');
  return { country, weightGrams: weight };
}

async function pricedOptions(
  tx: Executor,
  tenantId: string,
  query: ShippingQuery,
  methodId?: string,
): Promise<ShippingOption[]> {
  const { country, weightGrams } = completeQuery(query);
  if (!query.factoryId || !isParcelWeight(weightGrams)) return [];
  const rows = await repo.listEnabledRates(tx, tenantId, {
    factoryId: query.factoryId,
    country,
    ...(methodId ? { methodId } : {}),
  });
  const priced = rows.flatMap(({ method, rate }) => {
    const fee = shippingFee(
      {
        first_weight_g: rate.firstWeightG,
        first_price: rate.firstPrice,
        additional_weight_g: rate.additionalWeightG,
        additional_price: rate.additionalPrice,
        max_weight_g: rate.maxWeightG,
      },
      weightGrams,
    );
    if (fee === null) return [];
    return [
      {
        method_id: method.id,
        rate_id: rate.id,
        rate_version: rate.version,
        carrier: method.carrier,
        name: method.name,
        code: method.code,
        delivery_days_min: method.deliveryDaysMin,
        delivery_days_max: method.deliveryDaysMax,
        currency: rate.currency,
        fee,
        sort: method.sort,
      },
    ];
  });
  // Mixed currencies compare at today's USD rate (when finance has set one).
  const isMixed = new Set(priced.map((o) => o.currency)).size > 1;
  const usdRate = isMixed ? await rateAt(tx, 'USD', new Date()) : null;
  return sortShippingOptions(priced, usdRate ? cnyPerUnit(usdRate) : null).map(({ sort: _sort, ...o }) => o);
}

/**
 * The logistics a parcel may take (issue 10 settlement): enabled methods that deliver to the
 * country, with an enabled rate from the factory that takes the weight, each with its fee;
 * cheapest first, then the method's sort. Empty means spec §8 "no logistics available" (an empty
 * list also when factoryId is null). Throws logisticsError('incomplete') (400) without a country
 * or a positive whole weight.
 */
export async function shippingOptions(
  tx: Executor,
  tenantId: string,
  query: ShippingQuery,
): Promise<ShippingOption[]> {
  return pricedOptions(tx, tenantId, query);
}

/**
 * One method's option for the parcel, or null when the method no longer serves it (disabled,
 * deleted, country or factory dropped, over its max weight). Throws 'incomplete' like
 * shippingOptions.
 */
export async function shippingQuote(
  tx: Executor,
  tenantId: string,
  query: ShippingQuery & { methodId: string },
): Promise<ShippingOption | null> {
  const [option] = await pricedOptions(tx, tenantId, query, query.methodId);
  return option ?? null;
}

/**
 * The option chosen at settlement, re-quoted at payment: returned when nothing changed, else
 * logisticsError('changed') (409, spec §8 "current logistics unavailable or changed, refresh and
 * reorder").
 */
export async function confirmShippingOption(
  tx: Executor,
  tenantId: string,
  query: ShippingQuery & { chosen: ChosenShippingOption },
): Promise<ShippingOption> {
  const current = await shippingQuote(tx, tenantId, { ...query, methodId: query.chosen.method_id });
  if (!current || isShippingOptionChanged(query.chosen, current)) throw logisticsError('changed');
  return current;
}

/**
 * confirmShippingOption as a condition of the statement that pays (decision 0024): true while
 * the chosen option still serves the parcel as quoted, so a change committed between settlement
 * and payment cannot slip in between a check and the write. The parcel and the choice are read
 * from SQL expressions (the order row the statement locks). When it is false the caller asks
 * confirmShippingOption which error to give.
 */
export function chosenShippingGuard(parcel: repo.ChosenParcelSql): SQL {
  return repo.chosenRateServes(parcel);
}

// ---- Writing methods and rates (the admin resources and the demo seed share these rules) -----------

type MethodInput = z.output<typeof shippingMethodCreateSchema>;
type RateInput = z.output<typeof shippingRateCreateSchema>;

/** Countries as stored: known ISO codes, each once, in order. 400 naming the unknown ones. */
export function checkedCountries(codes: readonly string[]): string[] {
  const unique = [...new Set(codes)];
  const unknown = unique.filter((c) => !ISO_COUNTRIES.has(c));
  if (unknown.length)
    throw new AppError(
      400,
      'validation.shippingCountryUnknown',
      { codes: unknown.join(', ') },
      { field: 'destination_countries' },
    );
  return unique.sort();
}

/** 409 when another method of the tenant already has the code. */
export async function assertMethodCodeFree(
  tx: Executor,
  tenantId: string,
  code: string,
  exceptId?: string,
): Promise<void> {
  const existing = await repo.findMethodByCode(tx, tenantId, code);
  if (existing && existing.id !== exceptId)
    throw AppError.conflict('logistics.methodCodeTaken', {}, { field: 'code' });
}

/** 400 (on delivery_days_max) when the shortest delivery is longer than the longest. */
export function assertDeliveryRange(min: number, max: number): void {
  if (min > max)
    throw new AppError(400, 'validation.shippingDeliveryDays', {}, { field: 'delivery_days_max' });
}

/** 400 (on max_weight_g) when the max weight is below the first weight. */
export function assertMaxWeight(firstWeightG: number, maxWeightG: number | null): void {
  if (maxWeightG !== null && maxWeightG < firstWeightG)
    throw new AppError(400, 'validation.shippingMaxWeight', {}, { field: 'max_weight_g' });
}

/** The row values of a new method, after the tenant-level rules (unique code, ISO countries). */
export async function newMethodValues(
  tx: Executor,
  tenantId: string,
  input: MethodInput,
): Promise<repo.NewShippingMethod> {
  assertDeliveryRange(input.delivery_days_min, input.delivery_days_max);
  const destinationCountries = checkedCountries(input.destination_countries);
  await assertMethodCodeFree(tx, tenantId, input.code);
  return {
    carrier: input.carrier,
    name: input.name,
    code: input.code,
    destinationCountries,
    deliveryDaysMin: input.delivery_days_min,
    deliveryDaysMax: input.delivery_days_max,
    status: input.status,
    sort: input.sort,
    remark: input.remark,
  };
}

/**
 * The row values of a new rate. The method must be the tenant's (404), the factory must pass
 * `checkFactory` (the caller's factory permissions), and the pair must not have a rate yet (409).
 */
export async function newRateValues(
  tx: Executor,
  tenantId: string,
  input: RateInput,
  checkFactory: (factoryId: string) => Promise<void>,
): Promise<repo.NewShippingRate> {
  if (!(await repo.findMethodById(tx, tenantId, input.method_id)))
    throw new AppError(404, 'logistics.methodNotFound', {}, { field: 'method_id' });
  await checkFactory(input.factory_id);
  assertMaxWeight(input.first_weight_g, input.max_weight_g);
  if (await repo.findRateByPair(tx, tenantId, input.method_id, input.factory_id))
    throw AppError.conflict('logistics.rateTaken', {}, { field: 'factory_id' });
  return {
    methodId: input.method_id,
    factoryId: input.factory_id,
    firstWeightG: input.first_weight_g,
    firstPrice: input.first_price,
    additionalWeightG: input.additional_weight_g,
    additionalPrice: input.additional_price,
    currency: input.currency,
    maxWeightG: input.max_weight_g,
    status: input.status,
  };
}

/** Creates a method of a tenant (the demo seed and tests; admins go through the resource). */
export async function createShippingMethod(
  ctx: { tenantId: string; tx: Executor },
  input: z.input<typeof shippingMethodCreateSchema>,
) {
  const values = await newMethodValues(ctx.tx, ctx.tenantId, shippingMethodCreateSchema.parse(input));
  return repo.insertMethod(ctx.tx, ctx.tenantId, values);
}

/** Creates a rate of a tenant's method from one of its factories (the demo seed and tests). */
export async function createShippingRate(
  ctx: { tenantId: string; tx: Executor },
  input: z.input<typeof shippingRateCreateSchema>,
) {
  const values = await newRateValues(
    ctx.tx,
    ctx.tenantId,
    shippingRateCreateSchema.parse(input),
    async (factoryId) => {
      if (!(await repo.findEnabledFactory(ctx.tx, ctx.tenantId, factoryId)))
        throw AppError.notFound('logistics.factoryNotFound');
    },
  );
  return repo.insertRate(ctx.tx, ctx.tenantId, values);
}
