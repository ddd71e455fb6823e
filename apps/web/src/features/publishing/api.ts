import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  designOperations,
  jobOperations,
  publishingOperations,
  shopOperations,
  type ListingFieldsInput,
  type OpData,
} from '@pod/shared';
import { call } from '../../api/call.ts';

export type ListingPage = OpData<typeof publishingOperations.listing.list>;
export type PreflightReply = OpData<typeof publishingOperations.preflight>;

/** Query keys of publishing (CONVENTIONS 14). */
export const publishingKeys = {
  all: ['publishing'] as const,
  listings: (query: Record<string, unknown>) => [...publishingKeys.all, 'listings', query] as const,
  choices: () => [...publishingKeys.all, 'choices'] as const,
  job: (id: string) => [...publishingKeys.all, 'job', id] as const,
};

export function useListings(query: { page: number; limit: number; status?: string }) {
  return useQuery({
    queryKey: publishingKeys.listings(query),
    queryFn: ({ signal }) =>
      call(publishingOperations.listing.list, { query: { ...query, status: query.status as never }, signal }),
  });
}

/** The finished products and marketplace shops a listing may be made of. */
export function useListingChoices() {
  return useQuery({
    queryKey: publishingKeys.choices(),
    queryFn: async ({ signal }) => {
      const [finished, shops] = await Promise.all([
        call(designOperations.finishedProductList, { query: { page: 1, limit: 100 }, signal }),
        call(shopOperations.shop.list, { query: { page: 1, limit: 100 }, signal }),
      ]);
      const shopList = 'list' in shops ? shops.list : [];
      return {
        finished: finished.list,
        shops: shopList.filter((s) => s.platform === 'tiktok' || s.platform === 'temu'),
      };
    },
  });
}

/** Refreshes the listings (never the job being polled: that would cancel its own fetch). */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...publishingKeys.all, 'listings'] });
}

export function useSaveListing() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id?: string; finished_id: string; shop_id: string; fields: ListingFieldsInput }) =>
      input.id
        ? call(publishingOperations.listing.update, {
            params: { id: input.id },
            body: { fields: input.fields },
            showErrorMessage: false,
          })
        : call(publishingOperations.listing.create, {
            body: { finished_id: input.finished_id, shop_id: input.shop_id, fields: input.fields },
            showErrorMessage: false,
          }),
    onSuccess: refresh,
  });
}

export function usePublishAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ action, ids }: { action: 'publish' | 'unpublish'; ids: string[] }) =>
      call(action === 'publish' ? publishingOperations.publish : publishingOperations.unpublish, {
        body: { listing_ids: ids },
        showErrorMessage: false,
      }),
    onSuccess: refresh,
  });
}

export function usePreflight() {
  return useMutation({
    mutationFn: (ids: string[]) => call(publishingOperations.preflight, { body: { listing_ids: ids } }),
  });
}

/** A publish job's progress, polled until it is over; the list refreshes when it ends. */
export function usePublishJob(id: string | null) {
  const refresh = useRefresh();
  return useQuery({
    queryKey: publishingKeys.job(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const job = await call(jobOperations.getJob, { params: { id: id! }, signal, showErrorMessage: false });
      if (job.state === 'completed' || job.state === 'failed') void refresh();
      return job;
    },
    // A finished job is not fetched again, so the list is refreshed once per job.
    staleTime: Infinity,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      // `skipped`: publishing was switched off for the tenant before the job ran (decision 0059).
      return state === 'completed' || state === 'failed' || state === 'cancelled' || state === 'skipped'
        ? false
        : 800;
    },
  });
}
