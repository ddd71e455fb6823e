import type { OrderPayReply, orderPaySchema } from '@pod/shared';
import type { z } from 'zod';
import type { AlipayProvider } from '../../integrations/alipay/index.ts';
import {
  systemContext,
  type AnyContext,
  type DataScope,
  type ServiceContext,
} from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import { chosenShippingGuard } from '../logistics/index.ts';
import {
  confirmOrderShipping,
  findPayableOrders,
  orderParcel,
  orderScope,
  PAID_STATUSES,
  payableOrder,
  payableOrders,
  totalsByCurrency,
  unpayable,
} from '../orders/index.ts';
import { debitGuarded, startAlipayPurchase, type AlipayPurchase, type DebitGuard } from '../wallet/index.ts';

/**
 * The payment workflow (decision 0024, 0027): paying an order touches orders, logistics and the
 * wallet, and is ONE statement. This is the one place that composes it, step by step:
 *
 * 1. orders: lock the merchant's unpaid, unexpired order with this number, within the caller's data
 *    scope (decision 0061: staff pay only orders they can see); its total is the amount;
 * 2. logistics: ...while the method chosen at settlement still serves its parcel at the same rate
 *    (read from the locked row's own columns);
 * 3. wallet: claim the idempotency key `order:<order_no>`, take the amount under the balance guard,
 *    write the ledger row;
 * 4. orders: mark the order paid with the ledger row's trade number.
 *
 * Nothing is undone by hand: every step is in the one statement, which happens whole or not at
 * all. `payment.workflow.test.ts` snapshots the rendered SQL, so a change to any module's part
 * shows up there.
 */
export function orderPaymentGuard(
  scope: MerchantScope,
  orderNo: string,
  payMethod: 'balance' | 'alipay',
  dataScope: DataScope = { kind: 'all' },
): DebitGuard {
  const order = payableOrder(scope, orderNo, payMethod, dataScope);
  return {
    shape: 'order_pay',
    build: () => ({ lock: order.lock(chosenShippingGuard(orderParcel())), then: order.markPaid() }),
    values: order.values,
  };
}

/**
 * Pays the merchant's unpaid orders with these numbers from the balance, inside the caller's
 * transaction (spec §4), one statement per order (see above), so a retry or a concurrent second
 * payer is charged once. Only when that statement finds nothing is the order read, to say why:
 * already paid (reported, not charged), not the merchant's (404), timed out or cancelled (409),
 * logistics changed (409 "current logistics unavailable or changed"). One failure (these, or
 * insufficient balance) rolls every order of the call back, unless `perOrder` (a merchant's batch
 * pay): then each order is paid in its own savepoint and the failures are listed in the reply.
 */
export async function payFromBalance(
  ctx: AnyContext,
  scope: MerchantScope,
  orderNos: readonly string[],
  payMethod: 'balance' | 'alipay' = 'balance',
  options: { perOrder?: boolean } = {},
): Promise<OrderPayReply> {
  const now = new Date();
  const paid: Array<{ orderNo: string; currency: string; totalAmount: number }> = [];
  const alreadyPaid: string[] = [];
  const failed: Array<{ order_no: string; message: string; error: AppError }> = [];
  const balances = new Map<string, number>();
  const payOne = async (c: AnyContext, orderNo: string) => {
    const result = await debitGuarded(
      c,
      {
        type: 'order_payment',
        merchantId: scope.merchantId,
        idempotencyKey: `order:${orderNo}`,
        payMethod,
        referenceType: 'order',
        reference: orderNo,
        paidAt: now,
        remark: { key: 'wallet.remark.orderPayment', params: { order_no: orderNo } },
      },
      orderPaymentGuard(scope, orderNo, payMethod, ctx.dataScope),
    );
    if (result === 'unguarded') {
      const [current] = await findPayableOrders(c.tx, scope, [orderNo], ctx.dataScope);
      if (!current) throw AppError.notFound('order.notFound');
      if (PAID_STATUSES.has(current.status)) {
        alreadyPaid.push(orderNo);
        return;
      }
      const refusal = unpayable(current, new Date());
      if (refusal) throw refusal;
      await confirmOrderShipping(c.tx, scope.tenantId, current);
      throw AppError.conflict('order.notPayable', { order_no: orderNo });
    }
    if (result.replayed) throw AppError.conflict('order.notPayable', { order_no: orderNo });
    const { currency, amount, balanceAfter } = result.transaction;
    paid.push({ orderNo, currency, totalAmount: -amount });
    balances.set(currency, balanceAfter);
  };
  const unique = [...new Set(orderNos)].sort();
  for (const orderNo of unique) {
    if (!options.perOrder || unique.length === 1) {
      await payOne(ctx, orderNo);
      continue;
    }
    // Batch pay (issue 19): each order in its own savepoint, so one short of balance (or timed
    // out, or unlinked) is reported beside the others instead of undoing them. Another
    // merchant's order is still a 404 for the whole request.
    try {
      await ctx.tx.transaction((sp) => payOne({ ...ctx, tx: sp }, orderNo));
    } catch (error) {
      if (!(error instanceof AppError) || error.status === 404) throw error;
      failed.push({ order_no: orderNo, message: t(ctx.lang, error.key, error.params), error });
    }
  }
  if (!paid.length && !alreadyPaid.length) {
    if (failed.length) throw failed[0]!.error;
    throw AppError.badRequest('order.noPayable');
  }
  return {
    method: payMethod,
    paid: paid.map((r) => r.orderNo),
    already_paid: alreadyPaid,
    failed: failed.map(({ order_no, message }) => ({ order_no, message })),
    amounts: totalsByCurrency(paid),
    balances: [...balances].map(([currency, balance]) => ({ currency, balance })),
    pay_url: null,
    out_trade_no: null,
  };
}

/** Where Alipay sends the buyer back and notifies the server (built by the route from the request). */
export interface AlipayReturn {
  notifyUrl: string;
  returnUrl: (outTradeNo: string) => string;
}

/**
 * A merchant pays orders (spec §4: Alipay or account balance), inside the caller's transaction.
 * Balance: every order is paid, or none. Alipay: a purchase for the CNY total is opened (with the
 * provider and return addresses `alipay` gives) and the orders are paid when Alipay's signed
 * notification arrives (settleOrderPurchase).
 */
export async function payOrders(
  ctx: ServiceContext,
  body: z.output<typeof orderPaySchema>,
  alipay: () => { provider: AlipayProvider; urls: AlipayReturn },
): Promise<OrderPayReply> {
  const scope = orderScope(ctx);
  if (body.method === 'balance')
    return payFromBalance(ctx, scope, body.order_nos, 'balance', { perOrder: true });

  const rows = await findPayableOrders(ctx.tx, scope, body.order_nos, ctx.dataScope);
  const { candidates, alreadyPaid } = payableOrders(rows);
  // A repeat (every order already paid) answers as the balance does (issue 27, decision 0071):
  // success, nothing charged, the orders listed as already paid; no purchase is opened.
  if (!candidates.length)
    return {
      method: 'alipay',
      paid: [],
      already_paid: alreadyPaid.map((r) => r.orderNo),
      failed: [],
      amounts: [],
      balances: [],
      pay_url: null,
      out_trade_no: null,
    };
  if (candidates.some((r) => r.currency !== 'CNY')) throw AppError.badRequest('order.alipayCnyOnly');
  for (const row of candidates) await confirmOrderShipping(ctx.tx, scope.tenantId, row);
  const amount = candidates.reduce((sum, r) => sum + r.totalAmount, 0);
  const orderNos = candidates.map((r) => r.orderNo);
  const { provider, urls } = alipay();
  const { outTradeNo, payUrl } = await startAlipayPurchase(
    ctx,
    provider,
    {
      merchantId: scope.merchantId,
      amount,
      subject: `Orders 订单 ${orderNos.slice(0, 3).join(',')}${orderNos.length > 3 ? '…' : ''}`,
      orderNos,
    },
    urls,
  );
  return {
    method: 'alipay',
    paid: [],
    already_paid: alreadyPaid.map((r) => r.orderNo),
    failed: [],
    amounts: [{ currency: 'CNY', amount }],
    balances: [],
    pay_url: payUrl,
    out_trade_no: outTradeNo,
  };
}

/**
 * When Alipay confirms a purchase, the wallet credits it and hands it here: the orders still
 * unpaid are paid from that credit (pay method alipay). Ones that can no longer be paid leave the
 * money in the balance.
 */
export async function settleOrderPurchase(
  tx: ServiceContext['tx'],
  purchase: Pick<AlipayPurchase, 'tenantId' | 'merchantId' | 'orderNos'>,
): Promise<void> {
  const scope = { tenantId: purchase.tenantId, merchantId: purchase.merchantId };
  const unpaid = (await findPayableOrders(tx, scope, purchase.orderNos))
    .filter((r) => r.status === 'unpaid')
    .map((r) => r.orderNo);
  if (unpaid.length) await payFromBalance(systemContext(tx, scope, 'alipay-notify'), scope, unpaid, 'alipay');
}
