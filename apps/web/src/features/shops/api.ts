import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shopOperations, type OpData, type ShopTokenSlot } from '@pod/shared';
import { call } from '../../api/call.ts';
import { crudKeys } from '../crud/api.ts';

export type ShopWarehouses = OpData<typeof shopOperations.shopWarehouses>;
export type OauthResult = OpData<typeof shopOperations.shopOauthCallback>;

/** Query keys of shops (CONVENTIONS 14); the CRUD lists sit under the kit's own keys. */
export const shopKeys = {
  all: ['shops'] as const,
  warehouses: (shopId: string) => [...shopKeys.all, 'warehouses', shopId] as const,
};

/** After a change to a shop: its list and detail, and its warehouses. */
function useRefreshShops() {
  const queryClient = useQueryClient();
  return (shopId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: crudKeys.resource(shopOperations.shop.resource) }),
      shopId ? queryClient.invalidateQueries({ queryKey: shopKeys.warehouses(shopId) }) : null,
    ]);
}

/** Asks for the vendor's authorisation page and opens it in this tab (the seller comes back to tkRedirect). */
export function useAuthoriseShop() {
  return useMutation({
    mutationFn: ({ shopId, slot }: { shopId: string; slot?: ShopTokenSlot }) =>
      call(shopOperations.shopAuthorise, { params: { id: shopId }, body: slot ? { slot } : {} }),
    onSuccess: (reply) => {
      window.location.assign(reply.url);
    },
  });
}

/** The seller's warehouses on the marketplace and which are linked (asked of the vendor each time). */
export function useShopWarehouses(shopId: string | null) {
  return useQuery({
    queryKey: shopKeys.warehouses(shopId ?? ''),
    queryFn: ({ signal }) =>
      call(shopOperations.shopWarehouses, { params: { id: shopId ?? '' }, signal, showErrorMessage: false }),
    enabled: shopId !== null,
    retry: false,
  });
}

export function useWarehouseMutations(shopId: string) {
  const refresh = useRefreshShops();
  const onSuccess = () => refresh(shopId);
  return {
    link: useMutation({
      mutationFn: (warehouseId: string) =>
        call(shopOperations.shopWarehouseLink, {
          params: { id: shopId },
          body: { warehouse_id: warehouseId },
          showSuccessMessage: true,
        }),
      onSuccess,
    }),
    unlink: useMutation({
      mutationFn: (warehouseId: string) =>
        call(shopOperations.shopWarehouseUnlink, {
          params: { id: shopId, warehouse_id: warehouseId },
          showSuccessMessage: true,
        }),
      onSuccess,
    }),
    system: useMutation({
      mutationFn: (warehouseId: string | null) =>
        call(shopOperations.shopSystemWarehouse, {
          params: { id: shopId },
          body: { warehouse_id: warehouseId },
          showSuccessMessage: true,
        }),
      onSuccess,
    }),
  };
}

/** spec §5: several risk words at once, one per line. */
export function useAddRiskWords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { words: string; level: string }) =>
      call(shopOperations.riskWordBatch, { body, showErrorMessage: false }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: crudKeys.resource(shopOperations.riskWord.resource) }),
  });
}

/** The landing page's exchange of the code the seller came back with (public: the state is the proof). */
export function completeShopAuthorisation(body: {
  platform: 'tiktok' | 'temu';
  code: string;
  state: string;
}) {
  return call(shopOperations.shopOauthCallback, { body, showErrorMessage: false, skipTokenRefresh: true });
}
