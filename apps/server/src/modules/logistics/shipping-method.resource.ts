import { logisticsOperations } from '@pod/shared';
import { shippingMethods } from './schema.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import { countRatesByMethod, type ShippingMethodRow } from './shipping.repo.ts';
import {
  assertDeliveryRange,
  assertMethodCodeFree,
  checkedCountries,
  newMethodValues,
} from './shipping.service.ts';

type Row = ShippingMethodRow & { rateCount?: number };

/**
 * A supplier's logistics methods (issue 10): carrier, name and code, destination countries and
 * delivery days. Deleting a method deletes its rates.
 */
export const shippingMethodResource: CrudDefinition<typeof logisticsOperations.shippingMethod> = {
  operations: logisticsOperations.shippingMethod,
  table: shippingMethods,
  owner: { level: 'tenant', tenant: shippingMethods.tenantId },
  columns: { id: shippingMethods.id, sort: shippingMethods.sort, createdBy: shippingMethods.createdBy },
  toItem: (r) => {
    const m = r as Row;
    return {
      id: m.id,
      carrier: m.carrier,
      name: m.name,
      code: m.code,
      destination_countries: m.destinationCountries,
      delivery_days_min: m.deliveryDaysMin,
      delivery_days_max: m.deliveryDaysMax,
      status: m.status,
      sort: m.sort,
      remark: m.remark,
      rate_count: m.rateCount ?? 0,
      created_at: m.createdAt.toISOString(),
      updated_at: m.updatedAt.toISOString(),
    };
  },
  async toInsert(ctx, input) {
    if (!ctx.scope.tenantId) throw AppError.forbidden();
    return newMethodValues(ctx.tx, ctx.scope.tenantId, input);
  },
  async toUpdate(ctx, input, existing) {
    if (!ctx.scope.tenantId) throw AppError.forbidden();
    const before = existing as Row;
    assertDeliveryRange(
      input.delivery_days_min ?? before.deliveryDaysMin,
      input.delivery_days_max ?? before.deliveryDaysMax,
    );
    if (input.code !== undefined && input.code !== before.code)
      await assertMethodCodeFree(ctx.tx, ctx.scope.tenantId, input.code, before.id);
    return {
      ...(input.carrier !== undefined ? { carrier: input.carrier } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.code !== undefined ? { code: input.code } : {}),
      ...(input.destination_countries !== undefined
        ? { destinationCountries: checkedCountries(input.destination_countries) }
        : {}),
      ...(input.delivery_days_min !== undefined ? { deliveryDaysMin: input.delivery_days_min } : {}),
      ...(input.delivery_days_max !== undefined ? { deliveryDaysMax: input.delivery_days_max } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
      ...(input.remark !== undefined ? { remark: input.remark } : {}),
    };
  },
  async enrichMany(ctx, rows) {
    if (!ctx.scope.tenantId) return rows;
    const counts = await countRatesByMethod(
      ctx.tx,
      ctx.scope.tenantId,
      rows.map((r) => String(r.id)),
    );
    return rows.map((r) => ({ ...r, rateCount: counts.get(String(r.id)) ?? 0 }));
  },
  async enrich(ctx, row) {
    if (!ctx.scope.tenantId) return row;
    const counts = await countRatesByMethod(ctx.tx, ctx.scope.tenantId, [String(row.id)]);
    return { ...row, rateCount: counts.get(String(row.id)) ?? 0 };
  },
  filters: {
    status: { column: shippingMethods.status, op: 'eq' },
    carrier: { column: shippingMethods.carrier, op: 'like' },
  },
  quickSearch: [shippingMethods.name, shippingMethods.code, shippingMethods.carrier],
  orderable: {
    sort: shippingMethods.sort,
    name: shippingMethods.name,
    code: shippingMethods.code,
    created_at: shippingMethods.createdAt,
  },
  defaultOrder: [
    [shippingMethods.sort, 'desc'],
    [shippingMethods.createdAt, 'desc'],
  ],
  selectLabel: shippingMethods.name,
  recyclable: true,
};
