import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  jobOperations,
  trackingOperations,
  type OpBody,
  type OpData,
  type TrackingJobResult,
} from '@pod/shared';
import { call } from '../../api/call.ts';
import { crudKeys, type ListResource } from '../crud/api.ts';

const ops = trackingOperations;

export type TrackingPushRow = OpData<typeof ops.trackingPushList>['list'][number];
export type TrackingSyncReply = OpData<typeof ops.trackingSync>;
export type TrackingSettings = OpData<typeof ops.trackingShopSettings>;
export type TrackingSettingsBody = OpBody<typeof ops.trackingShopSettingsSave>;

/** The push records, through the CRUD kit's table. */
export const TRACKING_RESOURCE = {
  resource: 'trackingPush',
  list: ops.trackingPushList,
} as const satisfies ListResource;

/** Query keys of tracking (CONVENTIONS 14). */
export const trackingKeys = {
  all: ['tracking'] as const,
  settings: (shopId: string) => [...trackingKeys.all, 'settings', shopId] as const,
  providers: (shopId: string) => [...trackingKeys.all, 'providers', shopId] as const,
  job: (id: string) => [...trackingKeys.all, 'job', id] as const,
};

/** "Sync status" of the selected orders: queues the push job. */
export function useTrackingSync() {
  return useMutation({
    mutationFn: (orderIds: string[]) => call(ops.trackingSync, { body: { order_ids: orderIds } }),
  });
}

/** The push job, polled until it ends; its result is the outcome per order. */
export function useTrackingJob(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: trackingKeys.job(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const job = await call(jobOperations.getJob, { params: { id: id! }, signal, showErrorMessage: false });
      if (job.state === 'completed' || job.state === 'failed')
        void queryClient.invalidateQueries({ queryKey: crudKeys.resource(TRACKING_RESOURCE.resource) });
      return { ...job, result: (job.result ?? null) as TrackingJobResult | null };
    },
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'completed' || state === 'failed' || state === 'cancelled' ? false : 1_000;
    },
  });
}

export function useTrackingSettings(shopId: string | null) {
  return useQuery({
    queryKey: trackingKeys.settings(shopId ?? ''),
    enabled: shopId !== null,
    queryFn: ({ signal }) => call(ops.trackingShopSettings, { params: { id: shopId! }, signal }),
  });
}

export function useShippingProviders(shopId: string | null) {
  return useQuery({
    queryKey: trackingKeys.providers(shopId ?? ''),
    enabled: shopId !== null,
    retry: false,
    queryFn: ({ signal }) =>
      call(ops.trackingShopProviders, { params: { id: shopId! }, signal, showErrorMessage: false }),
  });
}

export function useSaveTrackingSettings(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrackingSettingsBody) =>
      call(ops.trackingShopSettingsSave, { params: { id: shopId }, body, showSuccessMessage: true }),
    onSuccess: (data) => queryClient.setQueryData(trackingKeys.settings(shopId), data),
  });
}
