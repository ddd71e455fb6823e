import type { Executor } from '../../db/client.ts';
import { extensionPoint, type Extensions } from '../../platform/extensions.ts';

/** Figures the merchant list shows that other modules own (spec §3 Merchant). */
export interface MerchantStats {
  /** Bytes of the merchant's uploads (admin module). */
  storageUsed: number;
  /** Wallet balances in minor units (wallet module). */
  balanceCny: number;
  balanceUsd: number;
  /** Marketplace shops (shops module); null until that module provides it. */
  shopCount: number | null;
}

/** A module's figures for merchants of a tenant (the ids are the caller's, already tenant-scoped). */
export type MerchantStatsProvider = (
  tx: Executor,
  tenantId: string | null,
  merchantIds: string[],
) => Promise<Map<string, Partial<MerchantStats>>>;

/**
 * Figures of merchants that other modules own (storage, balances, shops): the owning module
 * provides them in its descriptor, so tenancy depends on none of them (decision 0027).
 */
export const MERCHANT_STATS = extensionPoint<MerchantStatsProvider>('tenancy.merchantStats');

/** Every provided figure for a page of merchants, in one query per provider. */
export async function merchantStats(
  tx: Executor,
  extensions: Extensions,
  tenantId: string | null,
  merchantIds: string[],
): Promise<Map<string, MerchantStats>> {
  const out = new Map<string, MerchantStats>(
    merchantIds.map((id) => [id, { storageUsed: 0, balanceCny: 0, balanceUsd: 0, shopCount: null }]),
  );
  if (!merchantIds.length) return out;
  for (const provider of extensions.all(MERCHANT_STATS)) {
    for (const [id, stats] of await provider(tx, tenantId, merchantIds)) {
      const current = out.get(id);
      if (current) Object.assign(current, stats);
    }
  }
  return out;
}
