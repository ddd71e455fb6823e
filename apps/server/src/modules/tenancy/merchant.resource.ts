import { and, eq } from 'drizzle-orm';
import type { merchantCreateSchema } from '@pod/shared';
import { tenancyOperations } from '@pod/shared';
import type { z } from 'zod';
import { levels, merchants } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import {
  cascadeMerchantStatus,
  createAdminUser,
  findAdminUserByUsername,
  merchantPrimaryAccounts,
  merchantStaffCounts,
} from '../access/index.ts';
import type { Extensions } from '../../platform/extensions.ts';
import { merchantStats, type MerchantStats } from './merchant-stats.ts';
import { assertMerchantSlot } from './quota.service.ts';
import { tenantForNewRow, tenantNames } from './tenant-choice.ts';

type MerchantRow = typeof merchants.$inferSelect & {
  tenantName?: string;
  primaryUsername?: string;
  primaryMobile?: string;
  subAccountCount?: number;
  stats?: MerchantStats;
};
type Input = Partial<z.infer<typeof merchantCreateSchema>>;

/** A merchant's level must be one of its supplier's merchant levels. */
async function checkLevel(ctx: ServiceContext, tenantId: string, levelId: string | null | undefined) {
  if (!levelId) return;
  const [level] = await ctx.tx
    .select({ id: levels.id })
    .from(levels)
    .where(and(eq(levels.id, levelId), eq(levels.kind, 'merchant'), eq(levels.tenantId, tenantId)));
  if (!level) throw AppError.notFound('crud.notFound');
}

/**
 * Supplier name, primary account, sub-account count and the other modules' figures, in a few
 * queries per page (the platform's page may hold several suppliers' merchants).
 */
async function withAccounts(extensions: Extensions, ctx: ServiceContext, rows: Record<string, unknown>[]) {
  const ids = rows.map((r) => String(r.id));
  if (ids.length === 0) return rows;
  const primaries = await merchantPrimaryAccounts(ctx.tx, ids);
  const staff = await merchantStaffCounts(ctx.tx, ids);
  const byTenant = new Map<string, string[]>();
  for (const r of rows as MerchantRow[])
    byTenant.set(r.tenantId, [...(byTenant.get(r.tenantId) ?? []), r.id]);
  const stats = new Map<string, MerchantStats>();
  for (const [tenantId, merchantIds] of byTenant)
    for (const [id, figures] of await merchantStats(ctx.tx, extensions, tenantId, merchantIds))
      stats.set(id, figures);
  const names = await tenantNames(ctx.tx, [...byTenant.keys()]);
  return rows.map((r) => {
    const primary = primaries.find((p) => p.merchantId === r.id);
    return {
      ...r,
      tenantName: names.get(String(r.tenantId)) ?? '',
      stats: stats.get(String(r.id)),
      primaryUsername: primary?.username ?? '',
      primaryMobile: primary?.mobile ?? '',
      subAccountCount: staff.find((s) => s.merchantId === r.id)?.n ?? 0,
    };
  });
}

/**
 * A supplier's merchants; the platform manages every supplier's (spec §1, decision 0069). Creating one creates its primary account in the same transaction;
 * disabling one disables its accounts, and enabling it restores those that were enabled (spec §4).
 */
export const merchantResource = (
  extensions: Extensions,
): CrudDefinition<typeof tenancyOperations.merchant> => ({
  operations: tenancyOperations.merchant,
  table: merchants,
  owner: { level: 'tenant', tenant: merchants.tenantId, platformSupervises: true },
  columns: { id: merchants.id },
  toItem: (r) => {
    const m = r as MerchantRow;
    return {
      id: m.id,
      tenant_id: m.tenantId,
      tenant_name: m.tenantName ?? '',
      name: m.name,
      number: m.number,
      level_id: m.levelId,
      level_expires_at: m.levelExpiresAt?.toISOString() ?? null,
      status: m.status,
      primary_username: m.primaryUsername ?? '',
      primary_mobile: m.primaryMobile ?? '',
      sub_account_count: m.subAccountCount ?? 0,
      storage_used: m.stats?.storageUsed ?? 0,
      balance_cny: m.stats?.balanceCny ?? 0,
      balance_usd: m.stats?.balanceUsd ?? 0,
      shop_count: m.stats?.shopCount ?? null,
      created_at: m.createdAt.toISOString(),
    };
  },
  async toInsert(ctx, input) {
    const tenantId = await tenantForNewRow(ctx, input.tenant_id);
    await checkLevel(ctx, tenantId, input.level_id);
    await assertMerchantSlot(ctx.tx, tenantId);
    return {
      tenantId,
      name: input.name,
      number: input.number,
      levelId: input.level_id,
      levelExpiresAt: input.level_expires_at ? new Date(input.level_expires_at) : null,
      status: input.status,
    };
  },
  async toUpdate(ctx, input, existing) {
    await checkLevel(ctx, String(existing.tenantId), input.level_id);
    if (input.status && input.status !== existing.status) {
      await cascadeMerchantStatus(ctx.tx, String(existing.id), input.status, true);
    }
    return {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.number !== undefined ? { number: input.number } : {}),
      ...(input.level_id !== undefined ? { levelId: input.level_id } : {}),
      ...(input.level_expires_at !== undefined
        ? { levelExpiresAt: input.level_expires_at ? new Date(input.level_expires_at) : null }
        : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
    };
  },
  async afterWrite(ctx, row, input) {
    const i = input as Input;
    if (!i.primary_username || !i.primary_password) return;
    if (await findAdminUserByUsername(ctx.tx, i.primary_username)) {
      throw AppError.conflict('auth.usernameTaken', {}, { field: 'primary_username' });
    }
    await createAdminUser(ctx.tx, {
      tier: 'merchant',
      tenantId: String(row.tenantId),
      merchantId: String(row.id),
      isPrimary: true,
      username: i.primary_username,
      password: i.primary_password,
      mobile: i.primary_mobile ?? '',
      createdBy: ctx.actor.id,
    });
  },
  enrichMany: (ctx, rows) => withAccounts(extensions, ctx, rows),
  async enrich(ctx, row) {
    const [enriched] = await withAccounts(extensions, ctx, [row]);
    return enriched ?? row;
  },
  filters: {
    status: { column: merchants.status, op: 'eq' },
    level_id: { column: merchants.levelId, op: 'eq' },
    tenant_id: { column: merchants.tenantId, op: 'eq' },
  },
  quickSearch: [merchants.name, merchants.number],
  orderable: { name: merchants.name, number: merchants.number, created_at: merchants.createdAt },
  defaultOrder: [[merchants.createdAt, 'desc']],
  selectLabel: merchants.name,
});
