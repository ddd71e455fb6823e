import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { aftersalesOperations, type OpBody, type OpData } from '@pod/shared';
import { call } from '../../api/call.ts';
import { crudKeys, type ListResource } from '../crud/api.ts';
import { walletKeys } from '../wallet/api.ts';

const ops = aftersalesOperations;

export type AftersalesRow = OpData<typeof ops.aftersalesList>['list'][number];
export type AftersalesDetail = OpData<typeof ops.aftersalesGet>;
export type Refundable = OpData<typeof ops.aftersalesRefundable>;

/** The lists, through the CRUD kit's table: the merchant's requests and the supplier's queue. */
export const AFTERSALES_RESOURCES = {
  mine: { resource: 'afterSales', list: ops.aftersalesList },
  pending: {
    resource: 'afterSalesReviewPending',
    list: ops.aftersalesReviewList,
    fixedQuery: { status: 'pending_review' },
  },
  all: { resource: 'afterSalesReview', list: ops.aftersalesReviewList },
} as const satisfies Record<string, ListResource>;

/** Query keys of after-sales (CONVENTIONS 14). */
export const aftersalesKeys = {
  all: ['aftersales'] as const,
  detail: (scope: Scope, id: string) => [...aftersalesKeys.all, 'detail', scope, id] as const,
  refundable: (order: string) => [...aftersalesKeys.all, 'refundable', order] as const,
};

/** The merchant's own requests, or the supplier's review of its tenant's. */
export type Scope = 'merchant' | 'reviewer';

/** A request moved: lists, details, balances and orders may all have changed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: aftersalesKeys.all }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      queryClient.invalidateQueries({ queryKey: crudKeys.resource('order') }),
      ...Object.values(AFTERSALES_RESOURCES).map((r) =>
        queryClient.invalidateQueries({ queryKey: crudKeys.resource(r.resource) }),
      ),
    ]);
}

export function useAftersalesDetail(scope: Scope, id: string | null) {
  return useQuery({
    queryKey: aftersalesKeys.detail(scope, id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) =>
      call(scope === 'merchant' ? ops.aftersalesGet : ops.aftersalesReviewGet, {
        params: { id: id ?? '' },
        signal,
      }),
  });
}

/** What a request of this order may ask for (its id or its number). */
export function useRefundable(order: string | null) {
  return useQuery({
    queryKey: aftersalesKeys.refundable(order ?? ''),
    enabled: !!order,
    retry: false,
    queryFn: ({ signal }) =>
      call(ops.aftersalesRefundable, { params: { order_no: order ?? '' }, signal, showErrorMessage: false }),
  });
}

export function useCreateAftersales() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: OpBody<typeof ops.aftersalesCreate>) =>
      call(ops.aftersalesCreate, { body, showSuccessMessage: true }),
    onSuccess: refresh,
  });
}

export function useCloseAftersales(scope: Scope) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      call(scope === 'merchant' ? ops.aftersalesClose : ops.aftersalesReviewClose, {
        params: { id },
        body: { confirm: true },
        showSuccessMessage: true,
      }),
    onSuccess: refresh,
  });
}

export function useApproveAftersales() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; body: OpBody<typeof ops.aftersalesApprove> }) =>
      call(ops.aftersalesApprove, {
        params: { id: input.id },
        body: input.body,
        showSuccessMessage: true,
      }),
    onSuccess: refresh,
  });
}

export function useRejectAftersales() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; note: string }) =>
      call(ops.aftersalesReject, {
        params: { id: input.id },
        body: { note: input.note },
        showSuccessMessage: true,
      }),
    onSuccess: refresh,
  });
}
