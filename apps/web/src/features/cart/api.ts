import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cartOperations, type OpBody } from '@pod/shared';
import { call } from '../../api/call.ts';

export type { CartLine } from '@pod/shared';
export type CartItem = OpBody<typeof cartOperations.cartAdd>['items'][number];

/** Query keys of the cart (CONVENTIONS 14). */
export const cartKeys = {
  all: ['cart'] as const,
  list: () => [...cartKeys.all, 'list'] as const,
};

/** The merchant's cart: each line with the price when added and today's price. */
export function useCart() {
  return useQuery({
    queryKey: cartKeys.list(),
    queryFn: ({ signal }) => call(cartOperations.cartList, { signal, showErrorMessage: false }),
    // A kept-alive cart must show what was added from the finished products a moment ago.
    staleTime: 0,
  });
}

function useRefreshCart() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cartKeys.all });
}

/** Adds finished products (spec §5: colour and size of an in-stock item; at most 50 at once). */
export function useAddToCart() {
  const refresh = useRefreshCart();
  return useMutation({
    mutationFn: (items: CartItem[]) =>
      call(cartOperations.cartAdd, {
        body: { items },
        showSuccessMessage: true,
        // Failures naming a product are shown beside it.
        showErrorMessage: false,
      }),
    onSuccess: refresh,
  });
}

/** Changes a line's quantity, colour or size; it is priced again. */
export function useUpdateCartLine() {
  const refresh = useRefreshCart();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: OpBody<typeof cartOperations.cartUpdate> }) =>
      call(cartOperations.cartUpdate, { params: { id }, body: patch }),
    onSettled: refresh,
  });
}

/** Deletes the selected lines (spec §5: selected lines and a confirmation). */
export function useDeleteCartLines() {
  const refresh = useRefreshCart();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      call(cartOperations.cartDelete, { query: { ids: ids.join(',') }, showSuccessMessage: true }),
    onSettled: refresh,
  });
}
