import { shopOperations } from '@pod/shared';
import { and, eq, ne } from 'drizzle-orm';

import { SHOP_LIMITS, splitRiskWords, type RiskWord } from '@pod/shared';
import type { AnyContext, ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedBy, type Ownership } from '../../platform/ownership.ts';
import { riskWords } from './schema.ts';

/** A merchant's own risk words (spec §3, §5); its supplier supervises them. */
export const RISK_WORD_OWNER: Ownership = {
  level: 'merchant',
  tenant: riskWords.tenantId,
  merchant: riskWords.merchantId,
};

type Row = typeof riskWords.$inferSelect;

const toItem = (row: Record<string, unknown>): RiskWord => {
  const r = row as Row;
  return { id: r.id, word: r.word, level: r.level, created_at: r.createdAt.toISOString() };
};

/** The merchant's scope, which a risk word is written in (only a merchant keeps a list). */
function merchantOf(ctx: ServiceContext): { tenantId: string; merchantId: string } {
  const { tenantId, merchantId } = ctx.scope;
  if (ctx.scope.tier !== 'merchant' || !tenantId || !merchantId) throw AppError.forbidden();
  return { tenantId, merchantId };
}

async function assertFree(ctx: ServiceContext, word: string, exceptId?: string): Promise<void> {
  const { tenantId, merchantId } = merchantOf(ctx);
  const [taken] = await ctx.tx
    .select({ id: riskWords.id })
    .from(riskWords)
    .where(
      and(
        eq(riskWords.tenantId, tenantId),
        eq(riskWords.merchantId, merchantId),
        eq(riskWords.word, word),
        ...(exceptId ? [ne(riskWords.id, exceptId)] : []),
      ),
    );
  if (taken) throw AppError.field('word', 'shops.riskWordTaken');
}

/** Risk words, one at a time (the batch form is riskWordBatch). */
export const riskWordResource: CrudDefinition<typeof shopOperations.riskWord> = {
  operations: shopOperations.riskWord,
  table: riskWords,
  owner: RISK_WORD_OWNER,
  // A merchant's list, merchant-wide (no creator data scope).
  columns: { id: riskWords.id },
  toItem,
  async toInsert(ctx, input) {
    await assertFree(ctx, input.word);
    return { word: input.word, level: input.level, createdBy: ctx.actor.id };
  },
  async toUpdate(ctx, input, existing) {
    if (input.word !== undefined) await assertFree(ctx, input.word, String(existing.id));
    return {
      ...(input.word !== undefined ? { word: input.word } : {}),
      ...(input.level !== undefined ? { level: input.level } : {}),
    };
  },
  filters: {
    level: { column: riskWords.level, op: 'eq' },
  },
  quickSearch: [riskWords.word, riskWords.level],
  orderable: { created_at: riskWords.createdAt, word: riskWords.word, level: riskWords.level },
  defaultOrder: [[riskWords.createdAt, 'desc']],
  selectLabel: riskWords.word,
  recyclable: true,
};

/**
 * spec §5: several risk words at once, one per line, each at most 500 characters; blank lines,
 * repeats within the batch and words already in the list are skipped.
 */
export async function addRiskWords(
  ctx: ServiceContext,
  input: { words: string; level: string },
): Promise<{ added: number; skipped: number }> {
  const owner = merchantOf(ctx);
  const lines = input.words
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length) throw AppError.field('words', 'shops.riskWordsEmpty');
  if (lines.length > SHOP_LIMITS.riskWordBatch)
    throw AppError.field('words', 'shops.riskWordTooMany', { max: SHOP_LIMITS.riskWordBatch });
  if (lines.some((l) => l.length > SHOP_LIMITS.riskWordChars))
    throw AppError.field('words', 'shops.riskWordTooLong', { max: SHOP_LIMITS.riskWordChars });
  const words = splitRiskWords(input.words);
  const inserted = await ctx.tx
    .insert(riskWords)
    .values(words.map((word) => ({ ...owner, word, level: input.level, createdBy: ctx.actor.id })))
    .onConflictDoNothing()
    .returning({ id: riskWords.id });
  return { added: inserted.length, skipped: lines.length - inserted.length };
}

/** The merchant's risk words (for publishing's title check, issue 18 → publishing). */
export async function riskWordsOf(ctx: AnyContext): Promise<Array<{ word: string; level: string }>> {
  return ctx.tx
    .select({ word: riskWords.word, level: riskWords.level })
    .from(riskWords)
    .where(and(...ownedBy(RISK_WORD_OWNER, ctx.scope)));
}
