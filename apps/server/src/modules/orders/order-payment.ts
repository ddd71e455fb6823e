import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { OrderPayReply, orderPaySchema } from '@pod/shared';
import { alipayProviderFor } from '../../integrations/alipay/index.ts';
import { systemContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AppServices } from '../../services.ts';
import { merchantWideContext } from '../access/index.ts';
import { alipayUrls, registerAlipaySettlement, startAlipayPurchase } from '../wallet/index.ts';
import * as repo from './order.repo.ts';
import { findPayableOrders, orderScope, payableOrders, payFromBalance } from './order.service.ts';
import { confirmOrderShipping } from './shipping.ts';

/** Where the browser comes back to after Alipay's cashier (spec §2 payResult). */
const PAY_RESULT = '/admin/payResult?type=alipay&';

/**
 * A merchant pays orders (spec §4: Alipay or account balance). Balance: one transaction debits
 * and marks every order paid, or none. Alipay: a purchase for the CNY total is opened and the
 * orders are paid when Alipay's signed notification arrives (see registerOrderPurchases).
 */
export async function payOrders(
  services: AppServices,
  request: FastifyRequest,
  body: z.output<typeof orderPaySchema>,
): Promise<OrderPayReply> {
  const db = services.database.db;
  // One balance-paid order is one statement (decision 0024): no explicit transaction needed.
  if (body.method === 'balance' && body.order_nos.length === 1) {
    const ctx = merchantWideContext(request, db);
    const scope = orderScope(ctx);
    return payFromBalance(ctx, scope, body.order_nos);
  }
  return db.transaction(async (tx) => {
    const ctx = merchantWideContext(request, tx);
    const scope = orderScope(ctx);
    if (body.method === 'balance') return payFromBalance(ctx, scope, body.order_nos);

    const rows = await findPayableOrders(tx, scope, body.order_nos);
    const { candidates, alreadyPaid } = payableOrders(rows);
    if (!candidates.length) throw AppError.badRequest('order.noPayable');
    if (candidates.some((r) => r.currency !== 'CNY')) throw AppError.badRequest('order.alipayCnyOnly');
    for (const row of candidates) await confirmOrderShipping(tx, scope.tenantId, row);
    const amount = candidates.reduce((sum, r) => sum + r.totalAmount, 0);
    const orderNos = candidates.map((r) => r.orderNo);
    const { outTradeNo, payUrl } = await startAlipayPurchase(
      ctx,
      alipayProviderFor(services.config.alipay),
      {
        merchantId: scope.merchantId,
        amount,
        subject: `Orders 订单 ${orderNos.slice(0, 3).join(',')}${orderNos.length > 3 ? '…' : ''}`,
        orderNos,
      },
      alipayUrls(
        services.config,
        request,
        `${PAY_RESULT}order_nos=${encodeURIComponent(orderNos.join(','))}&`,
      ),
    );
    return {
      method: 'alipay',
      paid: [],
      already_paid: alreadyPaid.map((r) => r.orderNo),
      amounts: [{ currency: 'CNY', amount }],
      balances: [],
      pay_url: payUrl,
      out_trade_no: outTradeNo,
    };
  });
}

/**
 * When Alipay confirms a purchase, the wallet credits it and hands it here: the orders still
 * unpaid are paid from that credit (pay method alipay). Ones that can no longer be paid leave the
 * money in the balance.
 */
export function registerOrderPurchases(): void {
  registerAlipaySettlement('order', async (tx, purchase) => {
    const scope = { tenantId: purchase.tenantId, merchantId: purchase.merchantId };
    const unpaid = (await repo.findPayable(tx, scope, purchase.orderNos))
      .filter((r) => r.status === 'unpaid')
      .map((r) => r.orderNo);
    if (unpaid.length)
      await payFromBalance(systemContext(tx, scope, 'alipay-notify'), scope, unpaid, 'alipay');
  });
}
