import { type Transfer, walletOperations } from '@pod/shared';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { arrayOverlaps } from 'drizzle-orm';
import { bankTransfers } from './schema.ts';
import type { Config } from '../../config.ts';
import { alipayProviderFor, type AlipayProvider } from '../../integrations/alipay/index.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { registerCrud } from '../../platform/crud/crud.ts';
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

/** Wallet rows are merchant- or tenant-wide: no department data scope (see merchantWideContext). */
const walletContext = merchantWideContext;

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

  route(app, walletOperations.walletBalance, async (request) =>
    ok(await read(request, transactions.myBalances)),
  );

  route(app, walletOperations.walletTransactionList, async (request) =>
    ok(await read(request, (ctx) => transactions.listTransactions(ctx, request.query, mine(ctx)))),
  );

  route(app, walletOperations.walletTransactionGet, async (request) =>
    ok(await read(request, (ctx) => transactions.getTransaction(ctx, request.params.id, mine(ctx)))),
  );

  route(app, walletOperations.walletRechargeAccounts, async (request) =>
    ok(
      await read(request, async (ctx) => {
        const { tenantId } = recharge.merchantScope(ctx);
        return { list: (await activeAccounts(ctx.tx, tenantId, request.query.currency)).map(toAccount) };
      }),
    ),
  );

  route(app, walletOperations.walletTransferCreate, async (request) =>
    ok(
      await withReceipts(services, await write(request, (ctx) => recharge.submitTransfer(ctx, request.body))),
      t(request.ctx.lang, 'wallet.transferSubmitted'),
    ),
  );

  route(app, walletOperations.walletTransferList, async (request) =>
    ok(
      await withReceipts(
        services,
        await read(request, (ctx) => recharge.listTransfers(ctx, request.query, mine(ctx))),
      ),
    ),
  );

  route(app, walletOperations.walletTransferGet, async (request) =>
    ok(
      await withReceipts(
        services,
        await read(request, (ctx) => recharge.getTransfer(ctx, request.params.id, mine(ctx))),
      ),
    ),
  );

  route(app, walletOperations.walletAlipayCreate, async (request) =>
    ok(
      await write(request, (ctx) =>
        recharge.startAlipay(ctx, alipay, request.body, alipayUrls(services.config, request)),
      ),
    ),
  );

  route(app, walletOperations.walletAlipayGet, async (request) =>
    ok(await read(request, (ctx) => recharge.getAlipayOrder(ctx, request.params.out_trade_no))),
  );

  route(app, walletOperations.walletWithdrawalSettings, () =>
    Promise.resolve(ok(withdrawal.withdrawalSettings(services.config))),
  );

  route(app, walletOperations.walletWithdrawalCreate, async (request) =>
    ok(
      await write(request, (ctx) => withdrawal.submitWithdrawal(ctx, services.config, request.body)),
      t(request.ctx.lang, 'wallet.withdrawalSubmitted'),
    ),
  );

  route(app, walletOperations.walletWithdrawalList, async (request) =>
    ok(await read(request, (ctx) => withdrawal.listWithdrawals(ctx, request.query, mine(ctx)))),
  );

  route(app, walletOperations.walletWithdrawalGet, async (request) =>
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

  route(app, walletOperations.financeTransferList, async (request) =>
    ok(
      await withReceipts(services, await read(request, (ctx) => recharge.listTransfers(ctx, request.query))),
    ),
  );

  route(app, walletOperations.financeTransferGet, async (request) =>
    ok(
      await withReceipts(
        services,
        await read(request, (ctx) => recharge.getTransfer(ctx, request.params.id)),
      ),
    ),
  );

  route(app, walletOperations.financeTransferApprove, async (request) =>
    ok(
      await withReceipts(
        services,
        await write(request, (ctx) => recharge.approveTransfer(ctx, request.params.id, request.body.remark)),
      ),
      done(request),
    ),
  );

  route(app, walletOperations.financeTransferReject, async (request) =>
    ok(
      await withReceipts(
        services,
        await write(request, (ctx) => recharge.rejectTransfer(ctx, request.params.id, request.body.remark)),
      ),
      done(request),
    ),
  );

  route(app, walletOperations.financeWithdrawalList, async (request) =>
    ok(await read(request, (ctx) => withdrawal.listWithdrawals(ctx, request.query))),
  );

  route(app, walletOperations.financeWithdrawalGet, async (request) =>
    ok(await read(request, (ctx) => withdrawal.getWithdrawal(ctx, request.params.id))),
  );

  route(app, walletOperations.financeWithdrawalApprove, async (request) =>
    ok(
      await write(request, (ctx) =>
        withdrawal.approveWithdrawal(ctx, request.params.id, request.body.remark),
      ),
      done(request),
    ),
  );

  route(app, walletOperations.financeWithdrawalReject, async (request) =>
    ok(
      await write(request, (ctx) => withdrawal.rejectWithdrawal(ctx, request.params.id, request.body.remark)),
      done(request),
    ),
  );

  route(app, walletOperations.financeTransactionList, async (request) =>
    ok(await read(request, (ctx) => transactions.listTransactions(ctx, request.query))),
  );

  route(app, walletOperations.financeTransactionGet, async (request) =>
    ok(await read(request, (ctx) => transactions.getTransaction(ctx, request.params.id))),
  );

  route(app, walletOperations.financeWalletList, async (request) =>
    ok(await read(request, (ctx) => transactions.listMerchantWallets(ctx, request.query))),
  );

  route(app, walletOperations.financeAdjustmentCreate, async (request) => {
    const { tenantId, row } = await write(request, (ctx) => transactions.adjust(ctx, request.body));
    return ok((await transactionsReply(db, tenantId, [row], request.ctx.lang))[0]!, done(request));
  });

  route(app, walletOperations.financeReconciliation, async (request) =>
    ok(await read(request, (ctx) => reconcile(ctx.tx, recharge.financeTenant(ctx)))),
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
    route(
      scope.withTypeProvider<ZodTypeProvider>(),
      walletOperations.alipayNotify,
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
