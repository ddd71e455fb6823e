import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletOperations, type OpBody, type OpData, type WalletCurrency } from '@pod/shared';
import { call } from '../../api/call.ts';
import { crudKeys, type ListResource } from '../crud/api.ts';

const ops = walletOperations;

export type RechargeAccount = OpData<typeof ops.walletRechargeAccounts>['list'][number];
export type AlipayOrder = OpData<typeof ops.walletAlipayGet>;
export type MerchantWallet = OpData<typeof ops.financeWalletList>['list'][number];

/** The wallet lists, shown through the CRUD kit's table (their replies are `{list, total, page, limit}`). */
export const WALLET_RESOURCES = {
  transaction: { resource: 'walletTransaction', list: ops.walletTransactionList },
  transfer: { resource: 'walletRecharge', list: ops.walletTransferList },
  withdrawal: { resource: 'walletWithdrawal', list: ops.walletWithdrawalList },
  financeTransfer: { resource: 'financeTransfer', list: ops.financeTransferList },
  financeTransferPending: {
    resource: 'financeTransferPending',
    list: ops.financeTransferList,
    fixedQuery: { status: 'pending' },
  },
  financeWithdrawal: { resource: 'financeWithdrawal', list: ops.financeWithdrawalList },
  financeWithdrawalPending: {
    resource: 'financeWithdrawalPending',
    list: ops.financeWithdrawalList,
    fixedQuery: { status: 'pending' },
  },
  financeTransaction: { resource: 'financeTransaction', list: ops.financeTransactionList },
  financeWallet: { resource: 'financeWallet', list: ops.financeWalletList },
} as const satisfies Record<string, ListResource>;

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
        queryClient.invalidateQueries({ queryKey: crudKeys.resource(resource.resource) }),
      ),
    ]);
}

/** The merchant's balance and held amount per currency (`GET /wallet/balance`). */
export function useBalances() {
  return useQuery({
    queryKey: walletKeys.balance(),
    queryFn: ({ signal }) => call(ops.walletBalance, { signal }),
    // A kept-alive balance page must not show an old balance after a recharge elsewhere.
    staleTime: 0,
  });
}

/** One transaction (`GET /wallet/transaction/:id` or `/finance/transaction/:id`). */
export function useTransaction(scope: TransactionScope, id: string | null) {
  const get = scope === 'merchant' ? ops.walletTransactionGet : ops.financeTransactionGet;
  return useQuery({
    queryKey: walletKeys.transaction(scope, id ?? ''),
    queryFn: ({ signal }) => call(get, { params: { id: id ?? '' }, signal, showErrorMessage: false }),
    enabled: id !== null,
  });
}

/** The tenant's active payment accounts in a currency, to transfer to. */
export function useRechargeAccounts(currency: WalletCurrency, isEnabled = true) {
  return useQuery({
    queryKey: walletKeys.accounts(currency),
    queryFn: ({ signal }) =>
      call(ops.walletRechargeAccounts, { query: { currency }, signal }).then((reply) => reply.list),
    enabled: isEnabled,
  });
}

/** One bank-transfer recharge: the merchant's own, or any of the tenant's for finance. */
export function useTransfer(scope: TransactionScope, id: string | null) {
  const get = scope === 'merchant' ? ops.walletTransferGet : ops.financeTransferGet;
  return useQuery({
    queryKey: walletKeys.transfer(scope, id ?? ''),
    queryFn: ({ signal }) => call(get, { params: { id: id ?? '' }, signal, showErrorMessage: false }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Submits a bank-transfer recharge for review; failures are shown on the form's fields. */
export function useSubmitTransfer() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (body: OpBody<typeof ops.walletTransferCreate>) =>
      call(ops.walletTransferCreate, { body, showSuccessMessage: true, showErrorMessage: false }),
    onSuccess: refresh,
  });
}

/** Starts an Alipay recharge; the reply's `pay_url` is Alipay's cashier (or the local sandbox). */
export function useStartAlipay() {
  return useMutation({
    mutationFn: (body: OpBody<typeof ops.walletAlipayCreate>) =>
      call(ops.walletAlipayCreate, { body, showErrorMessage: false }),
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
      call(ops.walletAlipayGet, {
        params: { out_trade_no: outTradeNo ?? '' },
        signal,
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
    queryFn: ({ signal }) => call(ops.walletWithdrawalSettings, { signal }),
  });
}

/** Requests a withdrawal: the amount is held at once. */
export function useSubmitWithdrawal() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (body: OpBody<typeof ops.walletWithdrawalCreate>) =>
      call(ops.walletWithdrawalCreate, { body, showSuccessMessage: true, showErrorMessage: false }),
    onSuccess: refresh,
  });
}

/** What finance reviews: bank-transfer recharges or withdrawals. */
export type ReviewKind = 'transfer' | 'withdrawal';
export type ReviewDecision = 'approve' | 'reject';

const REVIEWS = {
  transfer: { approve: ops.financeTransferApprove, reject: ops.financeTransferReject },
  withdrawal: { approve: ops.financeWithdrawalApprove, reject: ops.financeWithdrawalReject },
} as const;

/** Approves or rejects a request (`POST /finance/{transfer|withdrawal}/:id/{approve|reject}`). */
export function useReview(kind: ReviewKind) {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: ({ id, decision, remark }: { id: string; decision: ReviewDecision; remark: string }) =>
      call(REVIEWS[kind][decision], { params: { id }, body: { remark }, showSuccessMessage: true }),
    onSettled: refresh,
  });
}

/** Finance: a manual adjustment, itself a new transaction. */
export function useAdjust() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (body: OpBody<typeof ops.financeAdjustmentCreate>) =>
      call(ops.financeAdjustmentCreate, { body, showSuccessMessage: true, showErrorMessage: false }),
    onSuccess: refresh,
  });
}

/** Finance: the tenant's ledger check. */
export function useReconciliation() {
  return useQuery({
    queryKey: walletKeys.reconciliation(),
    queryFn: ({ signal }) => call(ops.financeReconciliation, { signal }),
    staleTime: 0,
  });
}
