import { walletOperations } from '@pod/shared';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { arrayOverlaps } from 'drizzle-orm';
import { z } from 'zod';
import { bankTransfers } from './schema.ts';
import {
  alipayCreateSchema,
  alipayOrderSchema,
  alipayPayReplySchema,
  envelope,
  financeTransactionQuerySchema,
  merchantWalletQuerySchema,
  merchantWalletSchema,
  outTradeNoParamsSchema,
  rechargeAccountQuerySchema,
  rechargeAccountSchema,
  reconciliationSchema,
  reviewApproveSchema,
  reviewListQuerySchema,
  reviewRejectSchema,
  transferCreateSchema,
  transferSchema,
  type Transfer,
  walletBalancesSchema,
  walletListReply,
  walletTransactionQuerySchema,
  walletTransactionSchema,
  withdrawalCreateSchema,
  withdrawalSchema,
  withdrawalSettingsSchema,
} from '@pod/shared';
import type { Config } from '../../config.ts';
import { alipayProviderFor, type AlipayProvider } from '../../integrations/alipay/index.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { registerCrud } from '../../platform/crud/crud.ts';
import { idParamsSchema } from '../../platform/crud/crud-schemas.ts';
import { ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { attachmentsLinkedTo, groupReferences, type AttachmentReferenceProvider } from '../admin/index.ts';
import type { MerchantStatsProvider } from '../tenancy/index.ts';
import { balancesFor } from './ledger.service.ts';
import { adminContext, merchantWideContext } from '../access/index.ts';
import { exchangeRateResource } from './exchange-rate.ts';
import { paymentAccountResource } from './payment-account.resource.ts';
import * as recharge from './recharge.service.ts';
import { reconcile } from './reconcile.service.ts';
import * as transactions from './transaction.service.ts';
import { toAccount, transactionsReply } from './wallet.mappers.ts';
import * as withdrawal from './withdrawal.service.ts';
import { activeAccounts } from './recharge.repo.ts';

const TAGS = ['wallet'];

/** Wallet rows are merchant- or tenant-wide: no department data scope (see merchantWideContext). */
const walletContext = merchantWideContext;
const admin = (permission: string) => ({ audience: 'admin' as const, permission });

/** The recharge a receipt image belongs to (the attachments page shows it and keeps it). */
export const receiptAttachmentUses: AttachmentReferenceProvider = async (tx, ids) => {
  const rows = await tx
    .select({
      id: bankTransfers.id,
      receiptNo: bankTransfers.receiptNo,
      images: bankTransfers.receiptImageIds,
    })
    .from(bankTransfers)
    .where(arrayOverlaps(bankTransfers.receiptImageIds, ids));
  return groupReferences(
    rows.flatMap((r) =>
      r.images
        .filter((image) => ids.includes(image))
        .map((attachmentId) => ({ attachmentId, kind: 'rechargeReceipt', id: r.id, label: r.receiptNo })),
    ),
  );
};

/** The merchant list's balance columns (spec §3 Merchant: balance read from the wallet). */
export const walletMerchantStats: MerchantStatsProvider = async (tx, tenantId, ids) => {
  if (!tenantId) return new Map();
  const balances = await balancesFor(tx, tenantId, ids);
  return new Map([...balances].map(([id, b]) => [id, { balanceCny: b.CNY, balanceUsd: b.USD }]));
};

/** Where Alipay posts its notifications and sends the browser back to (issue: wallet, Alipay). */
export function alipayUrls(
  config: Config,
  request: FastifyRequest,
  resultPath = '/admin/rechargeResult?type=alipay&',
) {
  const origin = request.headers.origin;
  const browserBase =
    config.publicUrl ??
    (typeof origin === 'string' && /^https?:\/\/[\w.:[\]-]+$/.test(origin)
      ? origin
      : `${request.protocol}://${request.host}`);
  const serverBase = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
  return {
    notifyUrl: `${serverBase}/api/v1/wallet/alipay/notify`,
    returnUrl: (outTradeNo: string) =>
      `${browserBase}${resultPath}out_trade_no=${encodeURIComponent(outTradeNo)}`,
  };
}

/**
 * Wallet routes: payment accounts and exchange rates (CRUD kit); the merchant's balance,
 * transactions, recharges and withdrawals; finance review queues, merchant transactions,
 * adjustments and reconciliation; and Alipay's notification.
 */
/** Adds signed receipt image URLs to transfer replies (the rows were already authorised). */
async function withReceipts<T extends Transfer | { list: Transfer[] }>(
  services: AppServices,
  reply: T,
): Promise<T> {
  const list: Transfer[] = 'receipt_image_ids' in reply ? [reply] : reply.list;
  const rows = await attachmentsLinkedTo(
    services.database.db,
    list.flatMap((r) => r.receipt_image_ids),
  );
  for (const transfer of list)
    transfer.receipt_images = transfer.receipt_image_ids.flatMap((id) => {
      const row = rows.find((a) => a.id === id);
      if (!row) return [];
      const thumb = row.thumbnailKey ? services.files.url(row.thumbnailKey) : null;
      return [{ id, url: services.files.url(row.storageKey), thumb_url: thumb }];
    });
  return reply;
}

export function walletRoutes(app: ZodApp, services: AppServices, provider?: AlipayProvider): void {
  registerCrud(app, services.crud, adminContext, paymentAccountResource);
  registerCrud(app, services.crud, adminContext, exchangeRateResource);
  const alipay = provider ?? alipayProviderFor(services.config.alipay);
  merchantRoutes(app, services, alipay);
  financeRoutes(app, services);
  alipayNotifyRoute(app, services, alipay);
}

function merchantRoutes(app: ZodApp, services: AppServices, alipay: AlipayProvider): void {
  const db = services.database.db;
  const read = <T>(request: FastifyRequest, fn: (ctx: ServiceContext) => Promise<T>) =>
    fn(walletContext(request, db));
  const write = <T>(request: FastifyRequest, fn: (ctx: ServiceContext) => Promise<T>) =>
    db.transaction((tx) => fn(walletContext(request, tx)));
  const mine = (ctx: ServiceContext) => recharge.merchantScope(ctx).merchantId;

  app.get(
    '/api/v1/admin/wallet/balance',
    {
      config: admin('walletBalance:list'),
      schema: {
        tags: TAGS,
        operationId: 'walletBalance',
        summary: "The merchant's balance and held amount per currency",
        response: { 200: envelope(walletBalancesSchema) },
      },
    },
    async (request) => ok(await read(request, transactions.myBalances)),
  );

  app.get(
    '/api/v1/admin/wallet/transaction',
    {
      config: admin('walletTransaction:list'),
      schema: {
        tags: TAGS,
        operationId: 'walletTransactionList',
        summary: "The merchant's transactions (type, status, currency, trade_no, a range of at most a year)",
        querystring: walletTransactionQuerySchema,
        response: { 200: envelope(walletListReply(walletTransactionSchema)) },
      },
    },
    async (request) =>
      ok(await read(request, (ctx) => transactions.listTransactions(ctx, request.query, mine(ctx)))),
  );

  app.get(
    '/api/v1/admin/wallet/transaction/:id',
    {
      config: admin('walletTransaction:list'),
      schema: {
        tags: TAGS,
        operationId: 'walletTransactionGet',
        params: idParamsSchema,
        response: { 200: envelope(walletTransactionSchema) },
      },
    },
    async (request) =>
      ok(await read(request, (ctx) => transactions.getTransaction(ctx, request.params.id, mine(ctx)))),
  );

  app.get(
    '/api/v1/admin/wallet/recharge/account',
    {
      config: admin('walletRecharge:list'),
      schema: {
        tags: TAGS,
        operationId: 'walletRechargeAccounts',
        summary: "The tenant's active payment accounts in a currency, to transfer to",
        querystring: rechargeAccountQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(rechargeAccountSchema) })) },
      },
    },
    async (request) =>
      ok(
        await read(request, async (ctx) => {
          const { tenantId } = recharge.merchantScope(ctx);
          return { list: (await activeAccounts(ctx.tx, tenantId, request.query.currency)).map(toAccount) };
        }),
      ),
  );

  app.post(
    '/api/v1/admin/wallet/recharge/transfer',
    {
      config: admin('walletRecharge:add'),
      schema: {
        tags: TAGS,
        operationId: 'walletTransferCreate',
        summary: 'Submit a bank-transfer recharge for finance review',
        body: transferCreateSchema,
        response: { 200: envelope(transferSchema) },
      },
    },
    async (request) =>
      ok(
        await withReceipts(
          services,
          await write(request, (ctx) => recharge.submitTransfer(ctx, request.body)),
        ),
        t(request.ctx.lang, 'wallet.transferSubmitted'),
      ),
  );

  app.get(
    '/api/v1/admin/wallet/recharge/transfer',
    {
      config: admin('walletRecharge:list'),
      schema: {
        tags: TAGS,
        operationId: 'walletTransferList',
        querystring: reviewListQuerySchema,
        response: { 200: envelope(walletListReply(transferSchema)) },
      },
    },
    async (request) =>
      ok(
        await withReceipts(
          services,
          await read(request, (ctx) => recharge.listTransfers(ctx, request.query, mine(ctx))),
        ),
      ),
  );

  app.get(
    '/api/v1/admin/wallet/recharge/transfer/:id',
    {
      config: admin('walletRecharge:list'),
      schema: {
        tags: TAGS,
        operationId: 'walletTransferGet',
        params: idParamsSchema,
        response: { 200: envelope(transferSchema) },
      },
    },
    async (request) =>
      ok(
        await withReceipts(
          services,
          await read(request, (ctx) => recharge.getTransfer(ctx, request.params.id, mine(ctx))),
        ),
      ),
  );

  app.post(
    '/api/v1/admin/wallet/recharge/alipay',
    {
      config: admin('walletRecharge:add'),
      schema: {
        tags: TAGS,
        operationId: 'walletAlipayCreate',
        summary: 'Start an Alipay page-pay recharge; open pay_url in the browser',
        body: alipayCreateSchema,
        response: { 200: envelope(alipayPayReplySchema) },
      },
    },
    async (request) =>
      ok(
        await write(request, (ctx) =>
          recharge.startAlipay(ctx, alipay, request.body, alipayUrls(services.config, request)),
        ),
      ),
  );

  app.get(
    '/api/v1/admin/wallet/recharge/alipay/:out_trade_no',
    {
      config: admin('walletRecharge:list'),
      schema: {
        tags: TAGS,
        operationId: 'walletAlipayGet',
        summary: 'An Alipay recharge and whether it has been paid (the recharge result page)',
        params: outTradeNoParamsSchema,
        response: { 200: envelope(alipayOrderSchema) },
      },
    },
    async (request) =>
      ok(await read(request, (ctx) => recharge.getAlipayOrder(ctx, request.params.out_trade_no))),
  );

  app.get(
    '/api/v1/admin/wallet/withdrawal/settings',
    {
      config: admin('walletWithdrawal:list'),
      schema: {
        tags: TAGS,
        operationId: 'walletWithdrawalSettings',
        summary: 'Withdrawal minimum, maximum, fee scale and methods',
        response: { 200: envelope(withdrawalSettingsSchema) },
      },
    },
    () => Promise.resolve(ok(withdrawal.withdrawalSettings(services.config))),
  );

  app.post(
    '/api/v1/admin/wallet/withdrawal',
    {
      config: admin('walletWithdrawal:add'),
      schema: {
        tags: TAGS,
        operationId: 'walletWithdrawalCreate',
        summary: 'Request a withdrawal; the amount is held until finance reviews it',
        body: withdrawalCreateSchema,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) =>
      ok(
        await write(request, (ctx) => withdrawal.submitWithdrawal(ctx, services.config, request.body)),
        t(request.ctx.lang, 'wallet.withdrawalSubmitted'),
      ),
  );

  app.get(
    '/api/v1/admin/wallet/withdrawal',
    {
      config: admin('walletWithdrawal:list'),
      schema: {
        tags: TAGS,
        operationId: 'walletWithdrawalList',
        querystring: reviewListQuerySchema,
        response: { 200: envelope(walletListReply(withdrawalSchema)) },
      },
    },
    async (request) =>
      ok(await read(request, (ctx) => withdrawal.listWithdrawals(ctx, request.query, mine(ctx)))),
  );

  app.get(
    '/api/v1/admin/wallet/withdrawal/:id',
    {
      config: admin('walletWithdrawal:list'),
      schema: {
        tags: TAGS,
        operationId: 'walletWithdrawalGet',
        params: idParamsSchema,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) =>
      ok(await read(request, (ctx) => withdrawal.getWithdrawal(ctx, request.params.id, mine(ctx)))),
  );
}

function financeRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  const read = <T>(request: FastifyRequest, fn: (ctx: ServiceContext) => Promise<T>) =>
    fn(walletContext(request, db));
  const write = <T>(request: FastifyRequest, fn: (ctx: ServiceContext) => Promise<T>) =>
    db.transaction((tx) => fn(walletContext(request, tx)));
  const done = (request: FastifyRequest) => t(request.ctx.lang, 'common.ok');

  app.get(
    '/api/v1/admin/finance/transfer',
    {
      config: admin('financeTransfer:list'),
      schema: {
        tags: TAGS,
        operationId: 'financeTransferList',
        summary: 'Bank-transfer recharges of the tenant (the review queue: status=pending)',
        querystring: reviewListQuerySchema,
        response: { 200: envelope(walletListReply(transferSchema)) },
      },
    },
    async (request) =>
      ok(
        await withReceipts(
          services,
          await read(request, (ctx) => recharge.listTransfers(ctx, request.query)),
        ),
      ),
  );

  app.get(
    '/api/v1/admin/finance/transfer/:id',
    {
      config: admin('financeTransfer:list'),
      schema: {
        tags: TAGS,
        operationId: 'financeTransferGet',
        params: idParamsSchema,
        response: { 200: envelope(transferSchema) },
      },
    },
    async (request) =>
      ok(
        await withReceipts(
          services,
          await read(request, (ctx) => recharge.getTransfer(ctx, request.params.id)),
        ),
      ),
  );

  app.post(
    '/api/v1/admin/finance/transfer/:id/approve',
    {
      config: admin('financeTransfer:approve'),
      schema: {
        tags: TAGS,
        operationId: 'financeTransferApprove',
        summary: 'Approve a transfer: credits the wallet once (idempotent)',
        params: idParamsSchema,
        body: reviewApproveSchema,
        response: { 200: envelope(transferSchema) },
      },
    },
    async (request) =>
      ok(
        await withReceipts(
          services,
          await write(request, (ctx) =>
            recharge.approveTransfer(ctx, request.params.id, request.body.remark),
          ),
        ),
        done(request),
      ),
  );

  app.post(
    '/api/v1/admin/finance/transfer/:id/reject',
    {
      config: admin('financeTransfer:reject'),
      schema: {
        tags: TAGS,
        operationId: 'financeTransferReject',
        params: idParamsSchema,
        body: reviewRejectSchema,
        response: { 200: envelope(transferSchema) },
      },
    },
    async (request) =>
      ok(
        await withReceipts(
          services,
          await write(request, (ctx) => recharge.rejectTransfer(ctx, request.params.id, request.body.remark)),
        ),
        done(request),
      ),
  );

  app.get(
    '/api/v1/admin/finance/withdrawal',
    {
      config: admin('financeWithdrawal:list'),
      schema: {
        tags: TAGS,
        operationId: 'financeWithdrawalList',
        summary: 'Withdrawals of the tenant (the review queue: status=pending)',
        querystring: reviewListQuerySchema,
        response: { 200: envelope(walletListReply(withdrawalSchema)) },
      },
    },
    async (request) => ok(await read(request, (ctx) => withdrawal.listWithdrawals(ctx, request.query))),
  );

  app.get(
    '/api/v1/admin/finance/withdrawal/:id',
    {
      config: admin('financeWithdrawal:list'),
      schema: {
        tags: TAGS,
        operationId: 'financeWithdrawalGet',
        params: idParamsSchema,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) => ok(await read(request, (ctx) => withdrawal.getWithdrawal(ctx, request.params.id))),
  );

  app.post(
    '/api/v1/admin/finance/withdrawal/:id/approve',
    {
      config: admin('financeWithdrawal:approve'),
      schema: {
        tags: TAGS,
        operationId: 'financeWithdrawalApprove',
        summary: 'Approve a withdrawal: the hold is captured',
        params: idParamsSchema,
        body: reviewApproveSchema,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) =>
      ok(
        await write(request, (ctx) =>
          withdrawal.approveWithdrawal(ctx, request.params.id, request.body.remark),
        ),
        done(request),
      ),
  );

  app.post(
    '/api/v1/admin/finance/withdrawal/:id/reject',
    {
      config: admin('financeWithdrawal:reject'),
      schema: {
        tags: TAGS,
        operationId: 'financeWithdrawalReject',
        summary: 'Reject a withdrawal: the hold is released back to the balance',
        params: idParamsSchema,
        body: reviewRejectSchema,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (request) =>
      ok(
        await write(request, (ctx) =>
          withdrawal.rejectWithdrawal(ctx, request.params.id, request.body.remark),
        ),
        done(request),
      ),
  );

  app.get(
    '/api/v1/admin/finance/transaction',
    {
      config: admin('financeTransaction:list'),
      schema: {
        tags: TAGS,
        operationId: 'financeTransactionList',
        summary: "Transactions across the tenant's merchants",
        querystring: financeTransactionQuerySchema,
        response: { 200: envelope(walletListReply(walletTransactionSchema)) },
      },
    },
    async (request) => ok(await read(request, (ctx) => transactions.listTransactions(ctx, request.query))),
  );

  app.get(
    '/api/v1/admin/finance/transaction/:id',
    {
      config: admin('financeTransaction:list'),
      schema: {
        tags: TAGS,
        operationId: 'financeTransactionGet',
        params: idParamsSchema,
        response: { 200: envelope(walletTransactionSchema) },
      },
    },
    async (request) => ok(await read(request, (ctx) => transactions.getTransaction(ctx, request.params.id))),
  );

  app.get(
    '/api/v1/admin/finance/wallet',
    {
      config: admin('financeTransaction:list'),
      schema: {
        tags: TAGS,
        operationId: 'financeWalletList',
        summary: 'Merchant wallets of the tenant with balance and held amount',
        querystring: merchantWalletQuerySchema,
        response: { 200: envelope(walletListReply(merchantWalletSchema)) },
      },
    },
    async (request) => ok(await read(request, (ctx) => transactions.listMerchantWallets(ctx, request.query))),
  );

  route(app, walletOperations.financeAdjustmentCreate, async (request) => {
    const { tenantId, row } = await write(request, (ctx) => transactions.adjust(ctx, request.body));
    return ok((await transactionsReply(db, tenantId, [row]))[0]!, done(request));
  });

  app.get(
    '/api/v1/admin/finance/reconciliation',
    {
      config: admin('financeReconciliation:list'),
      schema: {
        tags: TAGS,
        operationId: 'financeReconciliation',
        summary:
          "Checks the tenant's ledger: balance = sum of transactions, the before/after chain, no negatives",
        response: { 200: envelope(reconciliationSchema) },
      },
    },
    async (request) => ok(await read(request, (ctx) => reconcile(ctx.tx, recharge.financeTenant(ctx)))),
  );
}

/**
 * Alipay's asynchronous notification (form-encoded). Alipay wants the bare text `success`;
 * anything else makes it retry, which is what a refused notification should get.
 */
function alipayNotifyRoute(app: ZodApp, services: AppServices, alipay: AlipayProvider): void {
  const db = services.database.db;
  // A plugin of its own, so the form-body parser applies to this route only.
  void app.register((scope, _options, registered) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    }
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/wallet/alipay/notify',
      {
        config: { audience: 'public', permission: null },
        schema: {
          tags: TAGS,
          operationId: 'alipayNotify',
          summary: 'Alipay asynchronous notification (RSA2-signed); replies success or failure as text',
          consumes: ['application/x-www-form-urlencoded'],
          body: z.record(z.string().max(100), z.string().max(4000)),
        },
      },
      async (request, reply) => {
        const outcome = await db.transaction((tx) =>
          recharge.handleAlipayNotify({ tx }, services.extensions, alipay, request.body, request.log),
        );
        if (outcome === 'refused') request.log.warn({ outcome }, 'alipay notification refused');
        return reply
          .code(outcome === 'refused' ? 400 : 200)
          .type('text/plain; charset=utf-8')
          .send(outcome === 'refused' ? 'failure' : 'success');
      },
    );
    registered();
  });
}
