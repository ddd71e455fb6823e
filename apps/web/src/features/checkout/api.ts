import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADDRESS_LIMITS,
  checkoutOperations,
  type AddressCreate,
  type OpBody,
  type OpData,
} from '@pod/shared';
import { call } from '../../api/call.ts';
import { cartKeys } from '../cart/api.ts';
import { useRefreshOrders } from '../orders/api.ts';

export type { ConsigneeAddress, SettlementPreview } from '@pod/shared';
export type SettlementPreviewInput = OpBody<typeof checkoutOperations.settlementPreview>;
export type SettlementSubmitInput = OpBody<typeof checkoutOperations.settlementSubmit>;
export type SettlementSubmitReply = OpData<typeof checkoutOperations.settlementSubmit>;

/** Query keys of checkout (CONVENTIONS 14). */
export const checkoutKeys = {
  all: ['checkout'] as const,
  addresses: () => [...checkoutKeys.all, 'addresses'] as const,
  preview: (input: SettlementPreviewInput) => [...checkoutKeys.all, 'preview', input] as const,
};

/** The merchant's consignee addresses, the default first (all of them: at most 200). */
export function useAddresses() {
  return useQuery({
    queryKey: checkoutKeys.addresses(),
    queryFn: ({ signal }) =>
      call(checkoutOperations.addressList, {
        query: { page: 1, limit: ADDRESS_LIMITS.perMerchant },
        signal,
        showErrorMessage: false,
      }).then((reply) => reply.list),
  });
}

/** Adds an address, or changes one; failures are shown on the form's fields. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AddressCreate }) =>
      id
        ? call(checkoutOperations.addressUpdate, {
            params: { id },
            body,
            showSuccessMessage: true,
            showErrorMessage: false,
          })
        : call(checkoutOperations.addressCreate, {
            body,
            showSuccessMessage: true,
            showErrorMessage: false,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.all }),
  });
}

/** Makes an address the merchant's default. */
export function useMakeDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(checkoutOperations.addressUpdate, {
        params: { id },
        body: { is_default: true },
        showSuccessMessage: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.all }),
  });
}

/** Deletes an address (orders keep their own copy). */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(checkoutOperations.addressDelete, { params: { id }, showSuccessMessage: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.all }),
  });
}

/**
 * The settlement preview: the selected lines priced now and, per chosen address, its logistics
 * options and amounts, with the balances. The previous preview stays shown while the next loads.
 */
export function useSettlementPreview(input: SettlementPreviewInput, isEnabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.preview(input),
    queryFn: ({ signal }) =>
      call(checkoutOperations.settlementPreview, { body: input, signal, showErrorMessage: false }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/**
 * Creates the orders (one per address) and, with `pay: 'balance'`, pays them. A refused submit
 * (price or logistics changed) is shown by the page, which fetches the preview again.
 */
export function useSubmitSettlement() {
  const queryClient = useQueryClient();
  const refreshOrders = useRefreshOrders();
  return useMutation({
    mutationFn: (body: SettlementSubmitInput) =>
      call(checkoutOperations.settlementSubmit, { body, showErrorMessage: false }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: cartKeys.all }), refreshOrders()]),
  });
}
