import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderOperations, type OpBody, type OpData } from '@pod/shared';
import { call } from '../../api/call.ts';
import type { QueryParams } from '../../api/client.ts';
import { crudKeys, type ListResource } from '../crud/api.ts';
import { walletKeys } from '../wallet/api.ts';

export type { Order, OrderDetail, OrderPayReply } from '@pod/shared';
export type PayStatus = OpData<typeof orderOperations.orderPayStatus>;

/** The orders (spec §2 /admin/order/list), listed through the CRUD kit's table. */
export const ORDER_RESOURCE = {
  resource: 'order',
  list: orderOperations.orderList,
} as const satisfies ListResource;

/** Query keys of the orders (CONVENTIONS 14). */
export const orderKeys = {
  all: ['orders'] as const,
  list: (params: QueryParams) => [...orderKeys.all, 'list', params] as const,
  detail: (orderNo: string) => [...orderKeys.all, 'detail', orderNo] as const,
  payStatus: (orderNos: readonly string[]) => [...orderKeys.all, 'payStatus', orderNos.join(',')] as const,
};

/**
 * Everything that shows an order or money: paying or cancelling changes the order lists, the
 * details, the result pages and the balances.
 */
export function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: crudKeys.resource(ORDER_RESOURCE.resource) }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
    ]);
}

/** A page of the merchant's orders with the list's filters. */
export function useOrders(params: QueryParams) {
  return useQuery({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) =>
      call(orderOperations.orderList, {
        query: params,
        signal,
        showErrorMessage: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One order with its lines, address, customs and logistics (`GET /order/:order_no`). */
export function useOrder(orderNo: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(orderNo ?? ''),
    queryFn: ({ signal }) =>
      call(orderOperations.orderDetail, {
        params: { order_no: orderNo ?? '' },
        signal,
        showErrorMessage: false,
      }),
    enabled: orderNo !== null && orderNo !== '',
    staleTime: 0,
  });
}

/** How many times a result page asks again while Alipay's notification has not arrived. */
export const PAY_STATUS_POLLS = 20;
const PAY_STATUS_INTERVAL_MS = 1_500;

/**
 * Whether orders are paid, with their amounts and the balances (the result pages). After Alipay the
 * notification may reach the server a moment after the browser comes back, so `isWaiting` asks
 * again a few times while they are not paid.
 */
export function usePayStatus(orderNos: readonly string[], isWaiting: boolean) {
  return useQuery({
    queryKey: orderKeys.payStatus(orderNos),
    queryFn: ({ signal }) =>
      call(orderOperations.orderPayStatus, {
        query: { order_nos: orderNos.join(',') },
        signal,
        showErrorMessage: false,
      }),
    enabled: orderNos.length > 0,
    staleTime: 0,
    refetchInterval: (query) =>
      isWaiting && query.state.data?.success === false && query.state.dataUpdateCount < PAY_STATUS_POLLS
        ? PAY_STATUS_INTERVAL_MS
        : false,
  });
}

/**
 * Pays unpaid orders from the balance (charged once per order whatever the retries), or starts an
 * Alipay payment whose `pay_url` the browser opens. Failures are shown by the caller.
 */
export function usePayOrders() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: OpBody<typeof orderOperations.orderPay>) =>
      call(orderOperations.orderPay, {
        body,
        showErrorMessage: false,
      }),
    onSettled: refresh,
  });
}

/** Cancels an unpaid order. */
export function useCancelOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (orderNo: string) =>
      call(orderOperations.orderCancel, {
        params: { order_no: orderNo },
        body: {},
        showSuccessMessage: true,
      }),
    onSettled: refresh,
  });
}

// ---- The order centre's actions (issue 19, decision 0039) -------------------------------------------

/** How many orders of each status match the list's filters (the status tabs). */
export function useOrderStatusCounts(params: QueryParams) {
  return useQuery({
    queryKey: [...orderKeys.all, 'statusCounts', params] as const,
    queryFn: ({ signal }) =>
      call(orderOperations.orderStatusCounts, { query: params, signal, showErrorMessage: false }),
    placeholderData: keepPreviousData,
  });
}

/** The logistics methods serving the order's parcel now (modify logistics). */
export function useOrderShippingOptions(orderNo: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.all, 'shippingOptions', orderNo] as const,
    queryFn: ({ signal }) =>
      call(orderOperations.orderShippingOptions, { params: { order_no: orderNo }, signal }),
    enabled: isEnabled,
    staleTime: 0,
  });
}

/** One mutation per action; each refreshes the lists, details and balances. */
function useOrderMutation<V, R>(fn: (v: V) => Promise<R>) {
  const refresh = useRefreshOrders();
  return useMutation({ mutationFn: fn, onSettled: refresh });
}

export const useRestoreOrders = () =>
  useOrderMutation((orderNos: string[]) =>
    call(orderOperations.orderRestore, { body: { order_nos: orderNos }, showSuccessMessage: true }),
  );

export const useCopyOrder = () =>
  useOrderMutation((orderNo: string) =>
    call(orderOperations.orderCopy, { params: { order_no: orderNo }, body: {}, showSuccessMessage: true }),
  );

export const useSplitOrder = () =>
  useOrderMutation((v: { orderNo: string; lines: OpBody<typeof orderOperations.orderSplit>['lines'] }) =>
    call(orderOperations.orderSplit, {
      params: { order_no: v.orderNo },
      body: { lines: v.lines },
      showSuccessMessage: true,
    }),
  );

export const useModifyLogistics = () =>
  useOrderMutation((v: { orderNo: string; methodId: string }) =>
    call(orderOperations.orderModifyLogistics, {
      params: { order_no: v.orderNo },
      body: { shipping_method_id: v.methodId },
      showSuccessMessage: true,
    }),
  );

export const useModifyAddress = () =>
  useOrderMutation(
    (v: { orderNo: string; address: OpBody<typeof orderOperations.orderModifyAddress>['address'] }) =>
      call(orderOperations.orderModifyAddress, {
        params: { order_no: v.orderNo },
        body: { address: v.address },
        showSuccessMessage: true,
      }),
  );

export const useOrderRemark = () =>
  useOrderMutation((v: { orderNo: string; remark: string }) =>
    call(orderOperations.orderRemark, {
      params: { order_no: v.orderNo },
      body: { remark: v.remark },
      showSuccessMessage: true,
    }),
  );

export const useLinkLine = () =>
  useOrderMutation(
    (v: { orderNo: string; lineId: string; body: OpBody<typeof orderOperations.orderLinkLine> }) =>
      call(orderOperations.orderLinkLine, {
        params: { order_no: v.orderNo, line_id: v.lineId },
        body: v.body,
        showSuccessMessage: true,
      }),
  );

/** Cancels up to 20 unpaid orders by number (the 20-number box, decision 0062): a result per order. */
export const useCancelOrders = () =>
  useOrderMutation((orderNos: string[]) =>
    call(orderOperations.orderCancelBatch, {
      body: { order_nos: orderNos },
      showErrorMessage: false,
    }),
  );
