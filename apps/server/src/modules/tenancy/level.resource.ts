import { eq, sql } from 'drizzle-orm';
import type { levelCreateSchema } from '@pod/shared';
import { tenancyOperations, type Level } from '@pod/shared';
import type { z } from 'zod';
import { levels } from './schema.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { tenantForNewRow, tenantNames } from './tenant-choice.ts';

type LevelRow = typeof levels.$inferSelect & { tenantName?: string };
type LevelInput = Partial<z.infer<typeof levelCreateSchema>>;

const COLUMNS: Record<string, keyof LevelRow> = {
  validity_days: 'validityDays',
  annual_fee: 'annualFee',
  price_type: 'priceType',
  price_mode: 'priceMode',
  discount_type: 'discountType',
  discount_rate: 'discountRate',
  discount_start: 'discountStart',
  discount_end: 'discountEnd',
  design_count: 'designCount',
  storage_count: 'storageCount',
  supplier_user_count: 'supplierUserCount',
  factory_count: 'factoryCount',
  factory_user_count: 'factoryUserCount',
  merchant_count: 'merchantCount',
  merchant_user_count: 'merchantUserCount',
  product_template_count: 'productTemplateCount',
  platform_ids: 'platformIds',
  shop_count: 'shopCount',
  is_default: 'isDefault',
};

function toValues(input: LevelInput): Partial<LevelRow> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    // The owner is the kit's (supplier levels) or toInsert's (merchant levels), never a column copy.
    if (value === undefined || key === 'tenant_id') continue;
    out[COLUMNS[key] ?? key] = key === 'discount_rate' ? Number(value).toFixed(2) : value;
  }
  return out;
}

function toItem(r: Record<string, unknown>): Level {
  const l = r as LevelRow;
  return {
    id: l.id,
    kind: l.kind,
    tenant_id: l.tenantId,
    tenant_name: l.tenantName ?? '',
    name: l.name,
    sequence: l.sequence,
    validity_days: l.validityDays,
    annual_fee: l.annualFee,
    price_type: l.priceType,
    price: l.price,
    price_mode: l.priceMode,
    discount_type: l.discountType,
    discount_rate: Number(l.discountRate),
    discount_start: l.discountStart,
    discount_end: l.discountEnd,
    design_count: l.designCount,
    storage_count: l.storageCount,
    supplier_user_count: l.supplierUserCount,
    factory_count: l.factoryCount,
    factory_user_count: l.factoryUserCount,
    merchant_count: l.merchantCount,
    merchant_user_count: l.merchantUserCount,
    product_template_count: l.productTemplateCount,
    platform_ids: l.platformIds as Level['platform_ids'],
    shop_count: l.shopCount,
    is_default: l.isDefault,
    status: l.status,
    created_at: l.createdAt.toISOString(),
  };
}

/**
 * Supplier levels (the platform's, no tenant) and merchant levels (each supplier's own, which the
 * platform manages too: spec §1, decision 0069). One default per kind and owner: making a level
 * default clears the flag on the others of its owner.
 */
function levelResource(kind: 'supplier' | 'merchant') {
  const def: CrudDefinition<typeof tenancyOperations.supplierLevel | typeof tenancyOperations.merchantLevel> =
    {
      operations: kind === 'supplier' ? tenancyOperations.supplierLevel : tenancyOperations.merchantLevel,
      table: levels,
      owner: { level: 'tenant', tenant: levels.tenantId, platformSupervises: kind === 'merchant' },
      columns: { id: levels.id, sort: levels.sequence },
      toItem,
      async toInsert(ctx, input) {
        const values = { ...toValues(input), kind };
        if (kind === 'supplier') return values;
        const chosen = (input as { tenant_id?: string | null }).tenant_id;
        return { ...values, tenantId: await tenantForNewRow(ctx, chosen) };
      },
      toUpdate: (_ctx, input) => toValues(input),
      async afterWrite(ctx, row) {
        if (!row.isDefault) return;
        await ctx.tx
          .update(levels)
          .set({ isDefault: false })
          .where(
            sql`${levels.kind} = ${kind} AND ${levels.id} <> ${String(row.id)} AND ${levels.tenantId} IS NOT DISTINCT FROM ${row.tenantId ?? null}`,
          );
      },
      async enrichMany(ctx, rows) {
        const names = await tenantNames(
          ctx.tx,
          rows.map((r) => (r.tenantId as string | null) ?? null),
        );
        return rows.map((r) => ({ ...r, tenantName: names.get(String(r.tenantId)) ?? '' }));
      },
      async enrich(ctx, row) {
        const names = await tenantNames(ctx.tx, [(row.tenantId as string | null) ?? null]);
        return { ...row, tenantName: names.get(String(row.tenantId)) ?? '' };
      },
      extraScope: () => [eq(levels.kind, kind)],
      filters: {
        status: { column: levels.status, op: 'eq' },
        name: { column: levels.name, op: 'like' },
        ...(kind === 'merchant' ? { tenant_id: { column: levels.tenantId, op: 'eq' as const } } : {}),
      },
      quickSearch: [levels.name],
      orderable: { sequence: levels.sequence, name: levels.name },
      defaultOrder: [[levels.sequence, 'desc']],
      selectLabel: levels.name,
      recyclable: true,
    };
  return def;
}

export const supplierLevelResource = levelResource('supplier');
export const merchantLevelResource = levelResource('merchant');
