import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { alipayOrders, bankTransfers, paymentAccounts } from './schema.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import type { AlipayOrderRow, PaymentAccountRow, TransferRow } from './wallet.mappers.ts';

type Currency = TransferRow['currency'];

/** Active accounts of a tenant in a currency, larger sort first (spec §3 Payment account). */
export function activeAccounts(tx: Executor, tenantId: string, currency: Currency) {
  return tx
    .select()
    .from(paymentAccounts)
    .where(
      and(
        eq(paymentAccounts.tenantId, tenantId),
        eq(paymentAccounts.currency, currency),
        eq(paymentAccounts.status, 'enabled'),
      ),
    )
    .orderBy(desc(paymentAccounts.sort), desc(paymentAccounts.createdAt));
}

export async function accountsByIds(tx: Executor, ids: string[]): Promise<PaymentAccountRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(paymentAccounts).where(inArray(paymentAccounts.id, ids));
}

export async function insertTransfer(tx: Executor, values: typeof bankTransfers.$inferInsert) {
  const [row] = await tx.insert(bankTransfers).values(values).returning();
  if (!row) throw new Error('transfer insert returned nothing');
  return row;
}

export async function findTransfer(
  tx: Executor,
  tenantId: string,
  id: string,
  merchantId?: string,
): Promise<TransferRow | undefined> {
  const [row] = await tx
    .select()
    .from(bankTransfers)
    .where(
      and(
        eq(bankTransfers.tenantId, tenantId),
        eq(bankTransfers.id, id),
        ...(merchantId ? [eq(bankTransfers.merchantId, merchantId)] : []),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Moves a pending transfer to its review result. Only one reviewer wins: a concurrent review waits
 * for the row lock, then finds it no longer pending and gets nothing back.
 */
export async function reviewPendingTransfer(
  tx: Executor,
  tenantId: string,
  id: string,
  values: { status: 'approved' | 'rejected'; reviewerId: string; reviewRemark: string },
): Promise<TransferRow | undefined> {
  const [row] = await tx
    .update(bankTransfers)
    .set({ ...values, reviewedAt: new Date() })
    .where(
      and(
        eq(bankTransfers.tenantId, tenantId),
        eq(bankTransfers.id, id),
        eq(bankTransfers.status, 'pending'),
      ),
    )
    .returning();
  return row;
}

export async function linkTransferTransaction(tx: Executor, id: string, transactionId: string) {
  const [row] = await tx
    .update(bankTransfers)
    .set({ transactionId })
    .where(eq(bankTransfers.id, id))
    .returning();
  return row!;
}

export interface ReviewFilters {
  page: number;
  limit: number;
  status?: TransferRow['status'] | undefined;
  currency?: Currency | undefined;
  merchantId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function listTransfers(tx: Executor, tenantId: string, f: ReviewFilters) {
  return pagedRows(
    tx,
    bankTransfers,
    transferConditions(tenantId, f),
    [sql`${bankTransfers.createdAt} desc`, sql`${bankTransfers.id} desc`],
    f.page,
    f.limit,
  );
}

/** The transfer list's WHERE clause (its export uses it too, so both hold the same rows). */
export function transferConditions(tenantId: string, f: Omit<ReviewFilters, 'page' | 'limit'>) {
  const where: SQL[] = [eq(bankTransfers.tenantId, tenantId)];
  if (f.merchantId) where.push(eq(bankTransfers.merchantId, f.merchantId));
  if (f.status) where.push(eq(bankTransfers.status, f.status));
  if (f.currency) where.push(eq(bankTransfers.currency, f.currency));
  if (f.from) where.push(gte(bankTransfers.createdAt, new Date(f.from)));
  if (f.to) where.push(lte(bankTransfers.createdAt, new Date(f.to)));
  return and(...where);
}

// ---- Alipay orders -------------------------------------------------------------------------------

export async function insertAlipayOrder(tx: Executor, values: typeof alipayOrders.$inferInsert) {
  const [row] = await tx.insert(alipayOrders).values(values).returning();
  if (!row) throw new Error('alipay order insert returned nothing');
  return row;
}

/**
 * An Alipay purchase is unique per tenant (tenant_id, out_trade_no), as Citus needs (decision 0077):
 * once found, it is always addressed with its tenant.
 */
export interface AlipayOrderKey {
  tenantId: string;
  outTradeNo: string;
}

export async function findAlipayOrder(
  tx: Executor,
  outTradeNo: string,
  scope?: { tenantId: string; merchantId: string },
): Promise<AlipayOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(alipayOrders)
    .where(
      and(
        eq(alipayOrders.outTradeNo, outTradeNo),
        ...(scope
          ? [eq(alipayOrders.tenantId, scope.tenantId), eq(alipayOrders.merchantId, scope.merchantId)]
          : []),
      ),
    )
    .limit(1);
  return row;
}

/** Marks a pending order paid (or closed); nothing comes back when another delivery got there first. */
export async function settlePendingAlipayOrder(
  tx: Executor,
  { tenantId, outTradeNo }: AlipayOrderKey,
  values: { status: 'paid' | 'closed'; alipayTradeNo: string; paidAt: Date | null },
): Promise<AlipayOrderRow | undefined> {
  const [row] = await tx
    .update(alipayOrders)
    .set({ ...values, notifyCount: sql`${alipayOrders.notifyCount} + 1` })
    .where(
      and(
        eq(alipayOrders.tenantId, tenantId),
        eq(alipayOrders.outTradeNo, outTradeNo),
        eq(alipayOrders.status, 'pending'),
      ),
    )
    .returning();
  return row;
}

export async function countAlipayNotify(
  tx: Executor,
  { tenantId, outTradeNo }: AlipayOrderKey,
): Promise<void> {
  await tx
    .update(alipayOrders)
    .set({ notifyCount: sql`${alipayOrders.notifyCount} + 1` })
    .where(and(eq(alipayOrders.tenantId, tenantId), eq(alipayOrders.outTradeNo, outTradeNo)));
}

export async function linkAlipayTransaction(
  tx: Executor,
  { tenantId, outTradeNo }: AlipayOrderKey,
  transactionId: string,
) {
  await tx
    .update(alipayOrders)
    .set({ transactionId })
    .where(and(eq(alipayOrders.tenantId, tenantId), eq(alipayOrders.outTradeNo, outTradeNo)));
}

/**
 * The paid Alipay purchase that paid an order (purpose `order`), for refunding to Alipay itself
 * (issue 22); undefined when the order was not paid through Alipay.
 */
export async function paidAlipayPurchaseOf(
  tx: Executor,
  scope: { tenantId: string; merchantId: string },
  orderNo: string,
): Promise<Pick<AlipayOrderRow, 'outTradeNo' | 'amount' | 'alipayTradeNo'> | undefined> {
  const [row] = await tx
    .select({
      outTradeNo: alipayOrders.outTradeNo,
      amount: alipayOrders.amount,
      alipayTradeNo: alipayOrders.alipayTradeNo,
    })
    .from(alipayOrders)
    .where(
      and(
        eq(alipayOrders.tenantId, scope.tenantId),
        eq(alipayOrders.merchantId, scope.merchantId),
        eq(alipayOrders.purpose, 'order'),
        eq(alipayOrders.status, 'paid'),
        sql`${alipayOrders.orderNos} @> ${JSON.stringify([orderNo])}::jsonb`,
      ),
    )
    .orderBy(desc(alipayOrders.paidAt))
    .limit(1);
  return row;
}
