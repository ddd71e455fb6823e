import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  designOperations,
  jobOperations,
  publishingOperations,
  shopOperations,
  type ListingFieldsInput,
  type OpData,
  type PublishPlatform,
} from '@pod/shared';
import type { Mockup } from './listing-values.ts';
import { call } from '../../api/call.ts';

export type ListingPage = OpData<typeof publishingOperations.listing.list>;
export type PreflightReply = OpData<typeof publishingOperations.preflight>;

/** Query keys of publishing (CONVENTIONS 14). */
export const publishingKeys = {
  all: ['publishing'] as const,
  listings: (query: Record<string, unknown>) => [...publishingKeys.all, 'listings', query] as const,
  choices: () => [...publishingKeys.all, 'choices'] as const,
  job: (id: string) => [...publishingKeys.all, 'job', id] as const,
  templates: (platform: string) => [...publishingKeys.all, 'templates', platform] as const,
  mockups: (finishedId: string) => [...publishingKeys.all, 'mockups', finishedId] as const,
};

export type PublishTemplate = OpData<typeof publishingOperations.template.get>;

/** The merchant's listing templates (of one platform, or all). */
export function useTemplates(platform?: PublishPlatform) {
  return useQuery({
    queryKey: publishingKeys.templates(platform ?? ''),
    queryFn: async ({ signal }) => {
      const reply = await call(publishingOperations.template.list, {
        query: { page: 1, limit: 100, ...(platform ? { platform } : {}) },
        signal,
      });
      return 'list' in reply ? reply.list : [];
    },
  });
}

/** Saves a listing's reusable fields as a template ("Template name cannot be empty"). */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; platform: PublishPlatform; fields: ListingFieldsInput }) =>
      call(publishingOperations.template.create, { body, showErrorMessage: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...publishingKeys.all, 'templates'] }),
  });
}

/** Applies a template to many finished products' listings in a shop. */
export function useApplyTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; shop_id: string; finished_ids: string[] }) =>
      call(publishingOperations.templateApply, {
        params: { id: input.id },
        body: { shop_id: input.shop_id, finished_ids: input.finished_ids },
        showErrorMessage: false,
      }),
    onSuccess: refresh,
  });
}

/** The finished product's rendered mockups (the images a listing may use), with their pictures. */
export function useMockups(finishedId: string | undefined) {
  return useQuery({
    queryKey: publishingKeys.mockups(finishedId ?? ''),
    enabled: !!finishedId,
    queryFn: async ({ signal }): Promise<Mockup[]> => {
      const detail = await call(designOperations.finishedProductGet, { params: { id: finishedId! }, signal });
      return detail.surfaces
        .filter((s) => s.mockup_url)
        .map((s) => ({
          ref: `${s.color_id}:${s.surface_key}`,
          url: s.thumb_url ?? s.mockup_url!,
          label: `${detail.colors.find((c) => c.id === s.color_id)?.name ?? ''} ${s.surface_name}`.trim(),
        }));
    },
  });
}

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
    mutationFn: (input: {
      id?: string;
      finished_id: string;
      shop_id: string;
      template_id?: string | null;
      fields: ListingFieldsInput;
    }) =>
      input.id
        ? call(publishingOperations.listing.update, {
            params: { id: input.id },
            body: {
              fields: input.fields,
              ...(input.template_id !== undefined ? { template_id: input.template_id } : {}),
            },
            showErrorMessage: false,
          })
        : call(publishingOperations.listing.create, {
            body: {
              finished_id: input.finished_id,
              shop_id: input.shop_id,
              fields: input.fields,
              ...(input.template_id ? { template_id: input.template_id } : {}),
            },
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
