import { sql } from 'drizzle-orm';
import type { Reconciliation } from '@pod/shared';
import type { Executor } from '../../db/client.ts';

type Drift = Reconciliation['drifts'][number];
type Currency = Drift['currency'];

/** Raw rows: bigint columns arrive as strings from node-postgres, so everything goes through Number. */
async function rows(tx: Executor, query: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  const result = await tx.execute(query);
  return result.rows;
}
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * Checks the ledger (issue: wallet, Reconciliation) for one tenant, or every tenant when null:
 * - each wallet's balance equals the sum of its successful transactions (`sum`);
 * - its transactions are numbered 1…last_seq without gaps (`sequence`);
 * - each transaction's balance_before equals the previous one's balance_after, and
 *   balance_after = balance_before + amount (`chain`);
 * - the last transaction's balance_after is the wallet's balance (`last`);
 * - no balance, stored or recorded, is negative (`negative`).
 * Reads only; an empty drift list is "0 drift".
 */
export async function reconcile(tx: Executor, tenantId: string | null): Promise<Reconciliation> {
  const walletTenant = tenantId === null ? sql`true` : sql`w.tenant_id = ${tenantId}`;
  const txTenant = tenantId === null ? sql`true` : sql`t.tenant_id = ${tenantId}`;
  const drifts: Drift[] = [];
  const drift = (
    r: Record<string, unknown>,
    kind: Drift['kind'],
    detail: string,
    expected: unknown,
    actual: unknown,
  ) =>
    drifts.push({
      kind,
      wallet_id: String(r.wallet_id),
      merchant_id: String(r.merchant_id),
      currency: r.currency as Currency,
      trade_no: typeof r.trade_no === 'string' ? r.trade_no : null,
      expected: num(expected),
      actual: num(actual),
      detail,
    });

  const totals = await rows(
    tx,
    sql`SELECT w.id AS wallet_id, w.merchant_id, w.currency, w.balance, w.last_seq,
          coalesce(sum(t.amount) FILTER (WHERE t.status = 'success'), 0) AS total,
          count(t.id) FILTER (WHERE t.status = 'success') AS n,
          count(t.id) AS all_rows,
          coalesce(max(t.seq) FILTER (WHERE t.status = 'success'), 0) AS max_seq
        FROM wallets w
          LEFT JOIN wallet_transactions t ON t.tenant_id = w.tenant_id AND t.wallet_id = w.id
        WHERE ${walletTenant}
        GROUP BY w.tenant_id, w.id`,
  );
  let transactions = 0;
  for (const r of totals) {
    transactions += Number(r.all_rows);
    if (Number(r.balance) < 0) drift(r, 'negative', 'wallet balance is negative', 0, r.balance);
    if (Number(r.balance) !== Number(r.total))
      drift(r, 'sum', 'balance differs from the sum of successful transactions', r.total, r.balance);
    if (Number(r.n) !== Number(r.last_seq) || Number(r.max_seq) !== Number(r.last_seq))
      drift(r, 'sequence', 'transaction numbering has gaps or extras', r.last_seq, r.n);
  }

  const chain = await rows(
    tx,
    sql`SELECT * FROM (
          SELECT t.wallet_id, t.merchant_id, t.currency, t.trade_no, t.seq, t.amount,
                 t.balance_before, t.balance_after,
                 lag(t.balance_after) OVER (PARTITION BY t.tenant_id, t.wallet_id ORDER BY t.seq) AS previous
          FROM wallet_transactions t
          WHERE t.status = 'success' AND ${txTenant}
        ) x
        WHERE coalesce(x.previous, 0) <> x.balance_before
           OR x.balance_after <> x.balance_before + x.amount
           OR x.balance_after < 0 OR x.balance_before < 0
        ORDER BY x.wallet_id, x.seq`,
  );
  for (const r of chain) {
    if (Number(r.balance_after) < 0 || Number(r.balance_before) < 0)
      drift(
        r,
        'negative',
        'a recorded balance is negative',
        0,
        Math.min(Number(r.balance_after), Number(r.balance_before)),
      );
    if (Number(r.previous ?? 0) !== Number(r.balance_before))
      drift(
        r,
        'chain',
        "balance_before differs from the previous transaction's balance_after",
        r.previous ?? 0,
        r.balance_before,
      );
    if (Number(r.balance_after) !== Number(r.balance_before) + Number(r.amount))
      drift(
        r,
        'chain',
        'balance_after is not balance_before + amount',
        Number(r.balance_before) + Number(r.amount),
        r.balance_after,
      );
  }

  const last = await rows(
    tx,
    sql`SELECT w.id AS wallet_id, w.merchant_id, w.currency, w.balance, t.trade_no, t.balance_after
        FROM wallets w
          JOIN wallet_transactions t ON t.tenant_id = w.tenant_id AND t.wallet_id = w.id AND t.seq = w.last_seq
        WHERE ${walletTenant} AND t.status = 'success' AND t.balance_after <> w.balance`,
  );
  for (const r of last)
    drift(
      r,
      'last',
      "the last transaction's balance_after differs from the balance",
      r.balance_after,
      r.balance,
    );

  return { wallets: totals.length, transactions, drifts, checked_at: new Date().toISOString() };
}

/** One line per drift, or exactly "0 drift" (the output of `npm run wallet:reconcile`). */
export function formatReconciliation(report: Reconciliation): string[] {
  if (report.drifts.length === 0) return ['0 drift'];
  return report.drifts.map(
    (d) =>
      `drift ${d.kind}: wallet ${d.wallet_id} merchant ${d.merchant_id} ${d.currency}` +
      `${d.trade_no ? ` trade ${d.trade_no}` : ''}: ${d.detail} (expected ${d.expected ?? '-'}, actual ${d.actual ?? '-'})`,
  );
}
