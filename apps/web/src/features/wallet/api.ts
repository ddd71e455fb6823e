import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  adjustmentCreateSchema,
  alipayCreateSchema,
  merchantWalletSchema,
  transferCreateSchema,
  withdrawalCreateSchema,
} from '@pod/shared';
import {
  alipayOrderSchema,
  alipayPayReplySchema,
  rechargeAccountSchema,
  reconciliationSchema,
  transferSchema,
  walletBalancesSchema,
  walletTransactionSchema,
  withdrawalSchema,
  withdrawalSettingsSchema,
  type WalletCurrency,
} from '@pod/shared';
import { api } from '../../api/client.ts';
import { crudKeys, type CrudResource } from '../crud/api.ts';

/** A payload typed by its shared contract (CONVENTIONS 3: one contract, one source). */
type Shape<S extends { parse(value: unknown): unknown }> = ReturnType<S['parse']>;
export type RechargeAccount = Shape<typeof rechargeAccountSchema>;
export type AlipayOrder = Shape<typeof alipayOrderSchema>;
export type MerchantWallet = Shape<typeof merchantWalletSchema>;

/** The wallet lists, shown through the CRUD kit's table (their replies are `{list, total, page, limit}`). */
export const WALLET_RESOURCES = {
  transaction: { name: 'walletTransaction', prefix: '/api/v1/admin/wallet/transaction' },
  transfer: { name: 'walletRecharge', prefix: '/api/v1/admin/wallet/recharge/transfer' },
  withdrawal: { name: 'walletWithdrawal', prefix: '/api/v1/admin/wallet/withdrawal' },
  financeTransfer: { name: 'financeTransfer', prefix: '/api/v1/admin/finance/transfer' },
  financeTransferPending: {
    name: 'financeTransferPending',
    prefix: '/api/v1/admin/finance/transfer?status=pending',
  },
  financeWithdrawal: { name: 'financeWithdrawal', prefix: '/api/v1/admin/finance/withdrawal' },
  financeWithdrawalPending: {
    name: 'financeWithdrawalPending',
    prefix: '/api/v1/admin/finance/withdrawal?status=pending',
  },
  financeTransaction: { name: 'financeTransaction', prefix: '/api/v1/admin/finance/transaction' },
  financeWallet: { name: 'financeWallet', prefix: '/api/v1/admin/finance/wallet' },
} as const satisfies Record<string, CrudResource>;

/** Query keys of the wallet (CONVENTIONS 14). */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: () => [...walletKeys.all, 'balance'] as const,
  accounts: (currency: WalletCurrency) => [...walletKeys.all, 'accounts', currency] as const,
  transaction: (scope: TransactionScope, id: string) =>
    [...walletKeys.all, 'transaction', scope, id] as const,
  transfer: (scope: TransactionScope, id: string) => [...walletKeys.all, 'transfer', scope, id] as const,
  alipay: (outTradeNo: string) => [...walletKeys.all, 'alipay', outTradeNo] as const,
  withdrawalSettings: () => [...walletKeys.all, 'withdrawalSettings'] as const,
  reconciliation: () => [...walletKeys.all, 'reconciliation'] as const,
};

/** Whose rows: the merchant's own (`/wallet/…`) or the tenant's, for finance (`/finance/…`). */
export type TransactionScope = 'merchant' | 'finance';

/** Every wallet query and list: money moved, so balances, lists and details may all have changed. */
function useRefreshWallet() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      ...Object.values(WALLET_RESOURCES).map((resource) =>
        queryClient.invalidateQueries({ queryKey: crudKeys.resource(resource.name) }),
      ),
    ]);
}

/** The merchant's balance and held amount per currency (`GET /wallet/balance`). */
export function useBalances() {
  return useQuery({
    queryKey: walletKeys.balance(),
    queryFn: ({ signal }) =>
      api.get('/api/v1/admin/wallet/balance', { signal, schema: walletBalancesSchema }),
    // A kept-alive balance page must not show an old balance after a recharge elsewhere.
    staleTime: 0,
  });
}

/** One transaction (`GET /wallet/transaction/:id` or `/finance/transaction/:id`). */
export function useTransaction(scope: TransactionScope, id: string | null) {
  const prefix = scope === 'merchant' ? WALLET_RESOURCES.transaction : WALLET_RESOURCES.financeTransaction;
  return useQuery({
    queryKey: walletKeys.transaction(scope, id ?? ''),
    queryFn: ({ signal }) =>
      api.get(`${prefix.prefix}/${id ?? ''}`, {
        signal,
        schema: walletTransactionSchema,
        showErrorMessage: false,
      }),
    enabled: id !== null,
  });
}

/** The tenant's active payment accounts in a currency, to transfer to. */
export function useRechargeAccounts(currency: WalletCurrency, isEnabled = true) {
  return useQuery({
    queryKey: walletKeys.accounts(currency),
    queryFn: ({ signal }) =>
      api
        .get('/api/v1/admin/wallet/recharge/account', {
          query: { currency },
          signal,
          schema: { parse: (data: unknown) => ({ list: rechargeAccountSchema.array().parse(listOf(data)) }) },
        })
        .then((reply) => reply.list),
    enabled: isEnabled,
  });
}

const listOf = (data: unknown): unknown =>
  typeof data === 'object' && data !== null ? (data as { list?: unknown }).list : undefined;

/** One bank-transfer recharge: the merchant's own, or any of the tenant's for finance. */
export function useTransfer(scope: TransactionScope, id: string | null) {
  const resource = scope === 'merchant' ? WALLET_RESOURCES.transfer : WALLET_RESOURCES.financeTransfer;
  return useQuery({
    queryKey: walletKeys.transfer(scope, id ?? ''),
    queryFn: ({ signal }) =>
      api.get(`${resource.prefix}/${id ?? ''}`, { signal, schema: transferSchema, showErrorMessage: false }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Submits a bank-transfer recharge for review; failures are shown on the form's fields. */
export function useSubmitTransfer() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (body: Shape<typeof transferCreateSchema>) =>
      api.post(WALLET_RESOURCES.transfer.prefix, {
        body,
        schema: transferSchema,
        showSuccessMessage: true,
        showErrorMessage: false,
      }),
    onSuccess: refresh,
  });
}

/** Starts an Alipay recharge; the reply's `pay_url` is Alipay's cashier (or the local sandbox). */
export function useStartAlipay() {
  return useMutation({
    mutationFn: (body: Shape<typeof alipayCreateSchema>) =>
      api.post('/api/v1/admin/wallet/recharge/alipay', {
        body,
        schema: alipayPayReplySchema,
        showErrorMessage: false,
      }),
  });
}

/**
 * An Alipay recharge and whether it is paid. The notification may reach the server a moment after
 * the browser comes back, so a pending order is asked again a few times.
 */
export function useAlipayOrder(outTradeNo: string | null) {
  return useQuery({
    queryKey: walletKeys.alipay(outTradeNo ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/api/v1/admin/wallet/recharge/alipay/${encodeURIComponent(outTradeNo ?? '')}`, {
        signal,
        schema: alipayOrderSchema,
        showErrorMessage: false,
      }),
    enabled: outTradeNo !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < ALIPAY_POLLS ? 1_500 : false,
  });
}
const ALIPAY_POLLS = 20;

/** Withdrawal minimum, maximum, fee scale and methods. */
export function useWithdrawalSettings() {
  return useQuery({
    queryKey: walletKeys.withdrawalSettings(),
    queryFn: ({ signal }) =>
      api.get('/api/v1/admin/wallet/withdrawal/settings', { signal, schema: withdrawalSettingsSchema }),
  });
}

/** Requests a withdrawal: the amount is held at once. */
export function useSubmitWithdrawal() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (body: Shape<typeof withdrawalCreateSchema>) =>
      api.post(WALLET_RESOURCES.withdrawal.prefix, {
        body,
        schema: withdrawalSchema,
        showSuccessMessage: true,
        showErrorMessage: false,
      }),
    onSuccess: refresh,
  });
}

/** What finance reviews: bank-transfer recharges or withdrawals. */
export type ReviewKind = 'transfer' | 'withdrawal';
export type ReviewDecision = 'approve' | 'reject';

/** Approves or rejects a request (`POST /finance/{transfer|withdrawal}/:id/{approve|reject}`). */
export function useReview(kind: ReviewKind) {
  const refresh = useRefreshWallet();
  const resource =
    kind === 'transfer' ? WALLET_RESOURCES.financeTransfer : WALLET_RESOURCES.financeWithdrawal;
  return useMutation({
    mutationFn: ({ id, decision, remark }: { id: string; decision: ReviewDecision; remark: string }) =>
      api.post(`${resource.prefix}/${id}/${decision}`, { body: { remark }, showSuccessMessage: true }),
    onSettled: refresh,
  });
}

/** Finance: a manual adjustment, itself a new transaction. */
export function useAdjust() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (body: Shape<typeof adjustmentCreateSchema>) =>
      api.post('/api/v1/admin/finance/adjustment', {
        body,
        schema: walletTransactionSchema,
        showSuccessMessage: true,
        showErrorMessage: false,
      }),
    onSuccess: refresh,
  });
}

/** Finance: the tenant's ledger check. */
export function useReconciliation() {
  return useQuery({
    queryKey: walletKeys.reconciliation(),
    queryFn: ({ signal }) =>
      api.get('/api/v1/admin/finance/reconciliation', { signal, schema: reconciliationSchema }),
    staleTime: 0,
  });
}
