import { checkoutOperations } from '@pod/shared';
import { orderOperations, type OrderPayReply } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { dataScopedMerchantContext, merchantWideContext } from '../access/index.ts';
import { alipayProviderFor } from '../../integrations/alipay/index.ts';
import { withTx } from '../../platform/context.ts';
import { route } from '../../platform/http/route.ts';
import { findOrdersByIds, toOrder } from '../orders/index.ts';
import { alipayUrls } from '../wallet/index.ts';
import { payFromBalance, payOrders } from './payment.workflow.ts';
import * as repo from './address.repo.ts';
import { addressScope, createAddress, deleteAddress, toAddress, updateAddress } from './address.service.ts';
import { previewSettlement, submitSettlement } from './settlement.service.ts';

/** Consignee addresses and settlement (spec §2 /admin/settlement, §3 Address, Cart and settlement line). */
export function checkoutRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  // ---- Paying orders (the payment workflow) --------------------------------------------------------
  route(app, orderOperations.orderPay, async (request) => {
    const body = request.body;
    // Staff pay only the orders their data scope shows them (decision 0061): the paying statement
    // carries the scope.
    const ctx = await dataScopedMerchantContext(request, db);
    // Worked out only when an Alipay purchase is opened (a balance payment needs none of it).
    const alipay = () => ({
      provider: alipayProviderFor(services.config.alipay),
      urls: alipayUrls(
        services.config,
        request,
        `/admin/payResult?type=alipay&order_nos=${encodeURIComponent(body.order_nos.join(','))}&`,
      ),
    });
    // One balance-paid order is one statement (decision 0024): no explicit transaction needed.
    const reply =
      body.method === 'balance' && body.order_nos.length === 1
        ? await payOrders(ctx, body, alipay)
        : await db.transaction((tx) => payOrders(withTx(ctx, tx), body, alipay));
    // A repeat — nothing left to pay, every order already paid — says so, whatever the method.
    const repeat = !reply.pay_url && reply.paid.length === 0 && reply.already_paid.length > 0;
    const message = repeat ? 'order.alreadyPaid' : reply.pay_url ? 'common.ok' : 'order.paySuccess';
    return ok(reply, t(request.ctx.lang, message));
  });

  // ---- Consignee addresses ------------------------------------------------------------------------
  route(app, checkoutOperations.addressList, async (request) => {
    const scope = addressScope(merchantWideContext(request, db));
    const q = request.query;
    const { rows, total } = await repo.listAddresses(db, scope, q);
    return ok({ list: rows.map(toAddress), total, page: q.page, limit: q.limit });
  });

  route(app, checkoutOperations.addressCreate, async (request) => {
    const row = await db.transaction((tx) => createAddress(merchantWideContext(request, tx), request.body));
    return ok(toAddress(row), t(request.ctx.lang, 'common.ok'));
  });

  route(app, checkoutOperations.addressUpdate, async (request) => {
    const row = await db.transaction((tx) =>
      updateAddress(merchantWideContext(request, tx), request.params.id, request.body),
    );
    return ok(toAddress(row), t(request.ctx.lang, 'common.ok'));
  });

  route(app, checkoutOperations.addressDelete, async (request) => {
    await db.transaction((tx) => deleteAddress(merchantWideContext(request, tx), request.params.id));
    return ok(null, t(request.ctx.lang, 'common.ok'));
  });

  // ---- Settlement ---------------------------------------------------------------------------------
  route(app, checkoutOperations.settlementPreview, async (request) => {
    const preview = await previewSettlement(
      merchantWideContext(request, db),
      request.ctx.lang,
      services.files,
      request.body,
    );
    return ok(preview);
  });

  route(app, checkoutOperations.settlementSubmit, async (request) => {
    const lang = request.ctx.lang;
    const body = request.body;
    const result = await db.transaction((tx) =>
      submitSettlement(merchantWideContext(request, tx), lang, body, services.config.orders.timeoutMinutes),
    );
    let payment: OrderPayReply | null = null;
    let paymentError: string | null = null;
    let orders = result.orders;
    if (body.pay === 'balance') {
      // Paying is its own step: when it fails the orders stay unpaid and can be paid again.
      try {
        const paid = await db.transaction(async (tx) => {
          const ctx = merchantWideContext(request, tx);
          const scope = addressScope(ctx);
          // The submit's orders as it committed them (a replay reads them back).
          const reply = await payFromBalance(
            ctx,
            scope,
            result.orders.map((o) => o.orderNo),
          );
          const ids = result.orders.map((o) => o.id);
          return { reply, fresh: await findOrdersByIds(tx, scope, ids) };
        });
        payment = paid.reply;
        orders = paid.fresh;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        paymentError = t(lang, error.key, error.params);
      }
    }
    return ok(
      { orders: orders.map(toOrder), payment, payment_error: paymentError, replayed: result.replayed },
      t(lang, paymentError ? 'order.payFailed' : payment ? 'order.paySuccess' : 'checkout.submitted'),
    );
  });
}
