import { and, eq, sql } from 'drizzle-orm';

import { logisticsOperations } from '@pod/shared';
import { factories, shippingRates } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition, Row as CrudRow } from '../../platform/crud/crud-definition.ts';
import { AppError } from '../../platform/http/errors.ts';
import { permittedFactories } from './factory.resource.ts';
import { rateLabels, type ShippingRateRow } from './shipping.repo.ts';
import { assertMaxWeight, newRateValues } from './shipping.service.ts';

type Row = ShippingRateRow & {
  methodName?: string;
  methodCode?: string;
  carrier?: string;
  factoryName?: string;
};

/** Fields whose change makes the rate another price: each bumps `version` (decision 0023). */
const PRICED = [
  ['first_weight_g', 'firstWeightG'],
  ['first_price', 'firstPrice'],
  ['additional_weight_g', 'additionalWeightG'],
  ['additional_price', 'additionalPrice'],
  ['currency', 'currency'],
  ['max_weight_g', 'maxWeightG'],
  ['status', 'status'],
] as const;

/** The factory must be one of the tenant's that the caller may see (factory permissions), else 404. */
async function checkFactory(ctx: ServiceContext, factoryId: string): Promise<void> {
  if (!ctx.scope.tenantId) throw AppError.forbidden();
  const [factory] = await ctx.tx
    .select({ id: factories.id })
    .from(factories)
    .where(and(eq(factories.id, factoryId), ...permittedFactories(ctx)));
  if (!factory) throw new AppError(404, 'logistics.factoryNotFound', {}, { field: 'factory_id' });
}

async function withLabels(ctx: ServiceContext, rows: CrudRow[]): Promise<CrudRow[]> {
  if (!ctx.scope.tenantId || !rows.length) return rows;
  const list = rows as Row[];
  const labels = await rateLabels(
    ctx.tx,
    ctx.scope.tenantId,
    [...new Set(list.map((r) => r.methodId))],
    [...new Set(list.map((r) => r.factoryId))],
  );
  return list.map((r) => {
    const method = labels.methods.get(r.methodId);
    return {
      ...r,
      methodName: method?.name ?? '',
      methodCode: method?.code ?? '',
      carrier: method?.carrier ?? '',
      factoryName: labels.factories.get(r.factoryId) ?? '',
    };
  });
}

/**
 * What a method costs from each factory (issue 10: rates per factory region): first and additional
 * weight pricing in grams and minor units. Staff limited to some factories see and write only
 * their rates; the method and factory of a rate never change.
 */
export const shippingRateResource: CrudDefinition<typeof logisticsOperations.shippingRate> = {
  operations: logisticsOperations.shippingRate,
  table: shippingRates,
  // spec §6 factory permissions: the factories the caller may act for.
  owner: { level: 'factory', tenant: shippingRates.tenantId, factory: shippingRates.factoryId },
  columns: { id: shippingRates.id, createdBy: shippingRates.createdBy },
  toItem: (r) => {
    const rate = r as Row;
    return {
      id: rate.id,
      method_id: rate.methodId,
      method_name: rate.methodName ?? '',
      method_code: rate.methodCode ?? '',
      carrier: rate.carrier ?? '',
      factory_id: rate.factoryId,
      factory_name: rate.factoryName ?? '',
      first_weight_g: rate.firstWeightG,
      first_price: rate.firstPrice,
      additional_weight_g: rate.additionalWeightG,
      additional_price: rate.additionalPrice,
      currency: rate.currency,
      max_weight_g: rate.maxWeightG,
      status: rate.status,
      version: rate.version,
      created_at: rate.createdAt.toISOString(),
      updated_at: rate.updatedAt.toISOString(),
    };
  },
  async toInsert(ctx, input) {
    if (!ctx.scope.tenantId) throw AppError.forbidden();
    return newRateValues(ctx.tx, ctx.scope.tenantId, input, (factoryId) => checkFactory(ctx, factoryId));
  },
  toUpdate(_ctx, input, existing) {
    const before = existing as Row;
    const firstWeight = input.first_weight_g ?? before.firstWeightG;
    const maxWeight = input.max_weight_g !== undefined ? input.max_weight_g : before.maxWeightG;
    assertMaxWeight(firstWeight, maxWeight);
    const values: Record<string, unknown> = {};
    for (const [key, column] of PRICED) {
      const value = input[key];
      if (value !== undefined) values[column] = value;
    }
    // A checkout compares the version it quoted: any change of price or availability bumps it.
    const isRepriced = PRICED.some(
      ([key, column]) => input[key] !== undefined && input[key] !== before[column],
    );
    if (isRepriced) values.version = sql`${shippingRates.version} + 1`;
    return values;
  },
  enrichMany: withLabels,
  enrich: async (ctx, row) => (await withLabels(ctx, [row]))[0]!,
  filters: {
    method_id: { column: shippingRates.methodId, op: 'eq' },
    factory_id: { column: shippingRates.factoryId, op: 'eq' },
    status: { column: shippingRates.status, op: 'eq' },
    currency: { column: shippingRates.currency, op: 'eq' },
  },
  orderable: {
    first_price: shippingRates.firstPrice,
    additional_price: shippingRates.additionalPrice,
    created_at: shippingRates.createdAt,
  },
  defaultOrder: [[shippingRates.createdAt, 'desc']],
  selectLabel: shippingRates.id,
  recyclable: true,
};
