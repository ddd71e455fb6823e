import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  orderDetailSchema,
  orderPayReplySchema,
  orderPayStatusSchema,
  orderSchema,
  type OrderPayMethod,
} from '@pod/shared';
import type { z } from 'zod';
import { api, type QueryParams } from '../../api/client.ts';
import { crudKeys, type CrudResource, type ListPage } from '../crud/api.ts';
import { walletKeys } from '../wallet/api.ts';

export type { Order, OrderDetail, OrderPayReply } from '@pod/shared';
export type PayStatus = z.infer<typeof orderPayStatusSchema>;

/** The orders (spec §2 /admin/order/list), listed through the CRUD kit's table. */
export const ORDER_RESOURCE = {
  name: 'order',
  prefix: '/api/v1/admin/order',
} as const satisfies CrudResource;

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
      queryClient.invalidateQueries({ queryKey: crudKeys.resource(ORDER_RESOURCE.name) }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
    ]);
}

/** A page of the merchant's orders with the list's filters. */
export function useOrders(params: QueryParams) {
  return useQuery({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ListPage<z.infer<typeof orderSchema>>>(ORDER_RESOURCE.prefix, {
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
      api.get(`${ORDER_RESOURCE.prefix}/${encodeURIComponent(orderNo ?? '')}`, {
        signal,
        schema: orderDetailSchema,
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
      api.get(`${ORDER_RESOURCE.prefix}/payStatus`, {
        query: { order_nos: orderNos.join(',') },
        signal,
        schema: orderPayStatusSchema,
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
    mutationFn: (body: { order_nos: string[]; method: OrderPayMethod }) =>
      api.post(`${ORDER_RESOURCE.prefix}/pay`, {
        body,
        schema: orderPayReplySchema,
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
      api.post(`${ORDER_RESOURCE.prefix}/${encodeURIComponent(orderNo)}/cancel`, {
        body: {},
        schema: orderSchema,
        showSuccessMessage: true,
      }),
    onSettled: refresh,
  });
}
