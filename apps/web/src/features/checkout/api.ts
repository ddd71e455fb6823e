import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ADDRESS_LIMITS,
  addressSchema,
  settlementPreviewReplySchema,
  settlementSubmitReplySchema,
  type AddressCreate,
  type settlementPreviewSchema,
  type settlementSubmitSchema,
} from '@pod/shared';
import { api } from '../../api/client.ts';
import { cartKeys } from '../cart/api.ts';
import { useRefreshOrders } from '../orders/api.ts';

export type { ConsigneeAddress, SettlementPreview } from '@pod/shared';
export type SettlementPreviewInput = z.input<typeof settlementPreviewSchema>;
export type SettlementSubmitInput = z.input<typeof settlementSubmitSchema>;
export type SettlementSubmitReply = z.infer<typeof settlementSubmitReplySchema>;

const ADDRESS = '/api/v1/admin/address';

/** Query keys of checkout (CONVENTIONS 14). */
export const checkoutKeys = {
  all: ['checkout'] as const,
  addresses: () => [...checkoutKeys.all, 'addresses'] as const,
  preview: (input: SettlementPreviewInput) => [...checkoutKeys.all, 'preview', input] as const,
};

const addressListSchema = {
  parse: (data: unknown) => {
    const list = (data as { list?: unknown } | null)?.list;
    return { list: addressSchema.array().parse(list) };
  },
};

/** The merchant's consignee addresses, the default first (all of them: at most 200). */
export function useAddresses() {
  return useQuery({
    queryKey: checkoutKeys.addresses(),
    queryFn: ({ signal }) =>
      api
        .get(ADDRESS, {
          query: { page: 1, limit: ADDRESS_LIMITS.perMerchant },
          signal,
          schema: addressListSchema,
          showErrorMessage: false,
        })
        .then((reply) => reply.list),
  });
}

/** Adds an address, or changes one; failures are shown on the form's fields. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AddressCreate }) =>
      id
        ? api.patch(`${ADDRESS}/${id}`, {
            body,
            schema: addressSchema,
            showSuccessMessage: true,
            showErrorMessage: false,
          })
        : api.post(ADDRESS, {
            body,
            schema: addressSchema,
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
      api.patch(`${ADDRESS}/${id}`, {
        body: { is_default: true },
        schema: addressSchema,
        showSuccessMessage: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.all }),
  });
}

/** Deletes an address (orders keep their own copy). */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${ADDRESS}/${id}`, { showSuccessMessage: true }),
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
      api.post('/api/v1/admin/settlement/preview', {
        body: input,
        signal,
        schema: settlementPreviewReplySchema,
        showErrorMessage: false,
      }),
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
      api.post('/api/v1/admin/settlement/submit', {
        body,
        schema: settlementSubmitReplySchema,
        showErrorMessage: false,
      }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: cartKeys.all }), refreshOrders()]),
  });
}
