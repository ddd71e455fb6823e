import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { alipayCreateSchema, reviewListQuerySchema, transferCreateSchema } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { systemContext, type ServiceContext } from '../../platform/context.ts';
import { extensionPoint, type Extensions } from '../../platform/extensions.ts';
import { AppError } from '../../platform/http/errors.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AlipayProvider } from '../../integrations/alipay/index.ts';
import { findAttachments } from '../admin/index.ts';
import { findTransactionsByIds } from './ledger.repo.ts';
import { credit, type WalletContext } from './ledger.service.ts';
import { merchantScopeOf, type MerchantScope } from '../../platform/tenant-scope.ts';
import * as repo from './recharge.repo.ts';
import { Names, toAlipayOrder, toTransfer, type TransferRow } from './wallet.mappers.ts';

/** The merchant a merchant-tier caller acts for; wallets are merchants' (spec §3). */
export function merchantScope(ctx: ServiceContext): MerchantScope {
  return merchantScopeOf(ctx, 'wallet.merchantOnly');
}

/** The tenant a finance (supplier-tier) caller reviews for. */
export function financeTenant(ctx: ServiceContext): string {
  if (ctx.scope.tier === 'merchant' || !ctx.scope.tenantId) throw AppError.forbidden();
  return ctx.scope.tenantId;
}

// ---- Bank transfer --------------------------------------------------------------------------------

const RECEIPT_MIMES = ['image/jpeg', 'image/png'];

/**
 * Records a bank-transfer recharge for finance review (spec §3, §5). The account must be an active
 * one of the merchant's tenant in the same currency; receipts must be the merchant's own jpg/png
 * uploads (the upload pipeline applies EXIF orientation, decisions 0014 and 0015).
 */
export async function submitTransfer(ctx: ServiceContext, input: z.output<typeof transferCreateSchema>) {
  const scope = merchantScope(ctx);
  const [account] = await repo.accountsByIds(ctx.tx, [input.payment_account_id]);
  // Another tenant's account is not found, like any other tenant's object (decision 0026).
  if (!account || account.tenantId !== scope.tenantId) throw AppError.notFound('crud.notFound');
  if (account.status !== 'enabled' || account.currency !== input.currency) {
    throw AppError.badRequest(
      'wallet.accountUnavailable',
      { currency: input.currency },
      { field: 'payment_account_id' },
    );
  }
  const images = await findAttachments(ctx.tx, scope, input.receipt_image_ids, { imagesOnly: true });
  if (images.some((a) => !RECEIPT_MIMES.includes(a.mimeType))) {
    throw AppError.badRequest('wallet.receiptImageType', {}, { field: 'receipt_image_ids' });
  }
  const row = await repo.insertTransfer(ctx.tx, {
    tenantId: scope.tenantId,
    merchantId: scope.merchantId,
    receiptNo: input.receipt_no,
    amount: input.amount,
    currency: input.currency,
    transferType: input.transfer_type,
    paymentAccountId: account.id,
    receiptImageIds: images.map((a) => a.id),
    bankName: input.bank_name,
    bankAccountName: input.bank_account_name,
    bankAccountNo: input.bank_account_no,
    remark: input.remark,
    agreedAt: new Date(),
    createdBy: ctx.actor.id,
  });
  return (await transfersReply(ctx, scope.tenantId, [row]))[0]!;
}

export async function transfersReply(
  ctx: { tx: ServiceContext['tx'] },
  tenantId: string,
  rows: TransferRow[],
) {
  const names = await new Names(ctx.tx, tenantId).load(
    rows.map((r) => r.merchantId),
    rows.map((r) => r.reviewerId),
  );
  const accounts = await repo.accountsByIds(
    ctx.tx,
    rows.flatMap((r) => (r.paymentAccountId ? [r.paymentAccountId] : [])),
  );
  const trades = await findTransactionsByIds(
    ctx.tx,
    rows.flatMap((r) => (r.transactionId ? [r.transactionId] : [])),
  );
  return rows.map((r) =>
    toTransfer(r, names, {
      account: accounts.find((a) => a.id === r.paymentAccountId),
      tradeNo: trades.find((t) => t.id === r.transactionId)?.tradeNo ?? null,
    }),
  );
}

export async function getTransfer(ctx: ServiceContext, id: string, merchantId?: string) {
  const tenantId = merchantId ? merchantScope(ctx).tenantId : financeTenant(ctx);
  const row = await repo.findTransfer(ctx.tx, tenantId, id, merchantId);
  if (!row) throw AppError.notFound('wallet.notFound');
  return (await transfersReply(ctx, tenantId, [row]))[0]!;
}

export async function listTransfers(
  ctx: ServiceContext,
  q: z.output<typeof reviewListQuerySchema>,
  merchantId?: string,
) {
  const tenantId = merchantId ? merchantScope(ctx).tenantId : financeTenant(ctx);
  const { rows, total } = await repo.listTransfers(ctx.tx, tenantId, {
    ...q,
    merchantId: merchantId ?? q.merchant_id,
  });
  return { list: await transfersReply(ctx, tenantId, rows), total, page: q.page, limit: q.limit };
}

/**
 * Finance approves a transfer: the wallet is credited once with the reviewer recorded. Approving
 * again (or from two sessions at once) returns the approved request without crediting again.
 */
export async function approveTransfer(ctx: ServiceContext, id: string, remark: string) {
  const tenantId = financeTenant(ctx);
  const row = await repo.reviewPendingTransfer(ctx.tx, tenantId, id, {
    status: 'approved',
    reviewerId: ctx.actor.id,
    reviewRemark: remark,
  });
  if (!row) return settledTransfer(ctx, tenantId, id, 'approved');
  const { transaction } = await credit(ctx, {
    type: 'top_up',
    merchantId: row.merchantId,
    currency: row.currency,
    amount: row.amount,
    idempotencyKey: `bank_transfer:${row.id}`,
    payMethod: 'bank_transfer',
    referenceType: 'bank_transfer',
    reference: row.id,
    thirdPartyNo: row.receiptNo,
    remark: remark || row.remark,
    paidAt: row.createdAt,
  });
  const linked = await repo.linkTransferTransaction(ctx.tx, row.id, transaction.id);
  return (await transfersReply(ctx, tenantId, [linked]))[0]!;
}

/** Finance rejects a transfer with a remark; nothing is credited. */
export async function rejectTransfer(ctx: ServiceContext, id: string, remark: string) {
  const tenantId = financeTenant(ctx);
  const row = await repo.reviewPendingTransfer(ctx.tx, tenantId, id, {
    status: 'rejected',
    reviewerId: ctx.actor.id,
    reviewRemark: remark,
  });
  if (!row) return settledTransfer(ctx, tenantId, id, 'rejected');
  return (await transfersReply(ctx, tenantId, [row]))[0]!;
}

/** A review of a request that is no longer pending: the same result again, or 409 for the other one. */
async function settledTransfer(
  ctx: ServiceContext,
  tenantId: string,
  id: string,
  wanted: 'approved' | 'rejected',
) {
  const existing = await repo.findTransfer(ctx.tx, tenantId, id);
  if (!existing) throw AppError.notFound('wallet.notFound');
  if (existing.status !== wanted) throw AppError.conflict('wallet.alreadyReviewed');
  return (await transfersReply(ctx, tenantId, [existing]))[0]!;
}

// ---- Alipay ---------------------------------------------------------------------------------------

/**
 * A merchant-facing out_trade_no: at most 64 characters of letters and digits. The database
 * enforces it per tenant only (Citus, decision 0077) and Alipay's notification finds the purchase by
 * it alone, so it carries enough randomness to be unique platform-wide in practice (12 random digits
 * within one millisecond).
 */
const outTradeNo = () => `AP${Date.now()}${String(randomInt(1_000_000_000_000)).padStart(12, '0')}`;

/** Creates an Alipay page-pay recharge and the cashier address the browser opens. */
export async function startAlipay(
  ctx: ServiceContext,
  provider: AlipayProvider,
  input: z.output<typeof alipayCreateSchema>,
  urls: { notifyUrl: string; returnUrl: (outTradeNo: string) => string },
) {
  const scope = merchantScope(ctx);
  const row = await repo.insertAlipayOrder(ctx.tx, {
    tenantId: scope.tenantId,
    merchantId: scope.merchantId,
    outTradeNo: outTradeNo(),
    amount: input.amount,
    currency: input.currency,
    // The payer reads the subject on Alipay's page: in their language, not both (issue 26).
    subject: t(ctx.lang, 'wallet.alipaySubject'),
    createdBy: ctx.actor.id,
  });
  const payUrl = provider.pagePayUrl({
    outTradeNo: row.outTradeNo,
    amount: row.amount,
    subject: row.subject,
    notifyUrl: urls.notifyUrl,
    returnUrl: urls.returnUrl(row.outTradeNo),
  });
  return { ...toAlipayOrder(row, null), pay_url: payUrl };
}

export async function getAlipayOrder(ctx: ServiceContext, outTradeNo: string) {
  const scope = merchantScope(ctx);
  const row = await repo.findAlipayOrder(ctx.tx, outTradeNo, scope);
  if (!row) throw AppError.notFound('wallet.notFound');
  const [trade] = await findTransactionsByIds(ctx.tx, row.transactionId ? [row.transactionId] : []);
  return toAlipayOrder(row, trade?.tradeNo ?? null);
}

/** What a purchase paid through Alipay buys: the orders it names, for the module that sells them. */
export interface AlipayPurchase {
  tenantId: string;
  merchantId: string;
  outTradeNo: string;
  amount: number;
  currency: 'CNY' | 'USD';
  orderNos: string[];
}
export type PurchaseSettlement = (tx: Executor, purchase: AlipayPurchase) => Promise<void>;

/**
 * How a paid purchase is spent, by purpose (the payment workflow provides `order`: it pays the
 * orders from the credited balance). It runs in a savepoint after the credit: if the orders can
 * no longer be paid (timed out, cancelled), the money stays in the balance and the notification
 * is still acknowledged.
 */
export const ALIPAY_SETTLEMENT = extensionPoint<PurchaseSettlement>('wallet.alipaySettlement');

/**
 * Starts an Alipay page payment of orders: a purchase row and the cashier address. When Alipay
 * notifies, the amount is credited as a top-up and then spent on the orders (decision 0024).
 */
export async function startAlipayPurchase(
  ctx: ServiceContext,
  provider: AlipayProvider,
  purchase: { merchantId: string; amount: number; subject: string; orderNos: string[] },
  urls: { notifyUrl: string; returnUrl: (outTradeNo: string) => string },
) {
  if (!ctx.scope.tenantId) throw AppError.notFound('wallet.notFound');
  const row = await repo.insertAlipayOrder(ctx.tx, {
    tenantId: ctx.scope.tenantId,
    merchantId: purchase.merchantId,
    outTradeNo: outTradeNo(),
    amount: purchase.amount,
    currency: 'CNY',
    subject: purchase.subject,
    purpose: 'order',
    orderNos: purchase.orderNos,
    createdBy: ctx.actor.id,
  });
  const payUrl = provider.pagePayUrl({
    outTradeNo: row.outTradeNo,
    amount: row.amount,
    subject: row.subject,
    notifyUrl: urls.notifyUrl,
    returnUrl: urls.returnUrl(row.outTradeNo),
  });
  return { outTradeNo: row.outTradeNo, payUrl };
}

export type NotifyOutcome = 'credited' | 'duplicate' | 'closed' | 'ignored' | 'refused';

/**
 * Handles Alipay's asynchronous notification inside the caller's transaction. Refused: a bad
 * signature or app id, an unknown order, a different amount, or a paid order notified with
 * another Alipay trade number (a replay of someone else's payment). A re-delivery of the
 * notification that paid the order is acknowledged without crediting again.
 */
export async function handleAlipayNotify(
  ctx: Pick<WalletContext, 'tx'>,
  extensions: Extensions,
  provider: AlipayProvider,
  params: Record<string, string>,
  log?: { warn(details: object, message: string): void },
): Promise<NotifyOutcome> {
  const notification = provider.verifyNotification(params);
  if (!notification) return 'refused';
  const order = await repo.findAlipayOrder(ctx.tx, notification.outTradeNo);
  if (!order || order.amount !== notification.totalAmount || order.currency !== 'CNY') return 'refused';

  if (notification.tradeStatus === 'WAIT_BUYER_PAY') return 'ignored';
  if (notification.tradeStatus === 'TRADE_CLOSED') {
    const closed = await repo.settlePendingAlipayOrder(ctx.tx, order, {
      status: 'closed',
      alipayTradeNo: notification.tradeNo,
      paidAt: null,
    });
    return closed ? 'closed' : 'ignored';
  }

  const paid = await repo.settlePendingAlipayOrder(ctx.tx, order, {
    status: 'paid',
    alipayTradeNo: notification.tradeNo,
    paidAt: notification.paidAt ?? new Date(),
  });
  if (!paid) {
    const current = await repo.findAlipayOrder(ctx.tx, order.outTradeNo, order);
    if (current?.status !== 'paid' || current.alipayTradeNo !== notification.tradeNo) return 'refused';
    await repo.countAlipayNotify(ctx.tx, order);
    return 'duplicate';
  }
  const { transaction } = await credit(systemContext(ctx.tx, { tenantId: paid.tenantId }, 'alipay-notify'), {
    type: 'top_up',
    merchantId: paid.merchantId,
    currency: paid.currency,
    amount: paid.amount,
    idempotencyKey: `alipay:${paid.outTradeNo}`,
    payMethod: 'alipay',
    referenceType: 'alipay',
    reference: paid.outTradeNo,
    thirdPartyNo: notification.tradeNo,
    paidAt: paid.paidAt,
  });
  await repo.linkAlipayTransaction(ctx.tx, paid, transaction.id);
  const settle = paid.purpose === 'order' ? extensions.one(ALIPAY_SETTLEMENT, 'order') : undefined;
  if (settle) {
    const purchase: AlipayPurchase = {
      tenantId: paid.tenantId,
      merchantId: paid.merchantId,
      outTradeNo: paid.outTradeNo,
      amount: paid.amount,
      currency: paid.currency,
      orderNos: paid.orderNos,
    };
    // A savepoint: an order that can no longer be paid leaves the credit in the balance.
    await ctx.tx
      .transaction((sp) => settle(sp, purchase))
      .catch((error: unknown) =>
        log?.warn({ err: error, outTradeNo: paid.outTradeNo }, 'purchase left in balance'),
      );
  }
  return 'credited';
}
