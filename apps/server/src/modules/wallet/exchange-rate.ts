import { and, desc, eq, lte } from 'drizzle-orm';
import { toCnyMinorAt, walletOperations } from '@pod/shared';

import type { Executor } from '../../db/client.ts';
import { exchangeRates } from './schema.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';

type Row = typeof exchangeRates.$inferSelect;

/** The rate in force for a currency at a moment: the newest row effective at or before it. */
export async function rateAt(tx: Executor, currency: 'USD', at: Date): Promise<string | null> {
  const [row] = await tx
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), lte(exchangeRates.effectiveFrom, at)))
    .orderBy(desc(exchangeRates.effectiveFrom), desc(exchangeRates.createdAt))
    .limit(1);
  return row?.rate ?? null;
}

/**
 * Converts minor units of a currency to fen at the rate in force at `at` ("RMB = 1 : x", so the
 * amount is divided by x; see toCnyMinorAt). CNY converts to itself.
 */
export async function toCnyMinor(
  tx: Executor,
  amountMinor: number,
  currency: 'CNY' | 'USD',
  at: Date,
): Promise<number> {
  if (currency === 'CNY') return amountMinor;
  const rate = await rateAt(tx, currency, at);
  if (!rate) throw AppError.conflict('wallet.noRate', { currency });
  return toCnyMinorAt(amountMinor, rate);
}

/** Records a new rate in force from now (the demo seed; the platform's form goes through the CRUD kit). */
export async function addExchangeRate(
  tx: Executor,
  input: { currency: 'USD'; rate: string; createdBy: string | null },
): Promise<void> {
  await tx.insert(exchangeRates).values({
    currency: input.currency,
    rate: input.rate,
    effectiveFrom: new Date(),
    createdBy: input.createdBy,
  });
}

/**
 * Exchange rates (platform): created, listed, never edited or deleted. A new rate applies from
 * its creation on; earlier conversions keep the rate of their moment.
 */
export const exchangeRateResource: CrudDefinition<typeof walletOperations.exchangeRate> = {
  operations: walletOperations.exchangeRate,
  table: exchangeRates,
  owner: { level: 'platform' },
  columns: { id: exchangeRates.id },
  toItem: (r) => {
    const x = r as Row;
    return {
      id: x.id,
      currency: x.currency,
      rate: Number(x.rate).toFixed(2),
      update_mode: x.updateMode,
      effective_from: x.effectiveFrom.toISOString(),
      next_update_at: x.nextUpdateAt?.toISOString() ?? null,
      created_at: x.createdAt.toISOString(),
    };
  },
  toInsert: (ctx, input) => ({
    currency: input.currency,
    rate: input.rate.toFixed(2),
    updateMode: input.update_mode,
    nextUpdateAt: input.next_update_at ? new Date(input.next_update_at) : null,
    effectiveFrom: new Date(),
    createdBy: ctx.actor.id,
  }),
  // spec §5: a rate is immutable once set; a change is a new rate.
  toUpdate: () => {
    throw AppError.conflict('wallet.rateImmutable');
  },
  beforeDelete: () => Promise.reject(AppError.conflict('wallet.rateImmutable')),
  filters: { currency: { column: exchangeRates.currency, op: 'eq' } },
  orderable: { effective_from: exchangeRates.effectiveFrom },
  defaultOrder: [[exchangeRates.effectiveFrom, 'desc']],
  selectLabel: exchangeRates.rate,
};
