import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  catalogProductSchema,
  finishedGroupSchema,
  finishedProductDetailSchema,
  finishedProductSaveReplySchema,
  jobSchema,
  type CatalogProduct,
  type FinishedGroup,
  type FinishedProduct,
  type FinishedProductDetail,
  type FinishedProductSave,
  type FinishedProductUpdate,
  type DesignBatch,
  type Job,
  type LibraryMaterial,
} from '@pod/shared';
import type { z } from 'zod';
import { api, type QueryParams } from '../../api/client.ts';
import type { ListPage } from '../crud/api.ts';

/** The design API (issue 8), served by the server's designs module. */
export const DESIGN_API = {
  catalogProduct: (id: string) => `/api/v1/admin/catalog/products/${id}`,
  catalogProducts: '/api/v1/admin/catalog/products',
  library: '/api/v1/admin/material/library',
  libraryMaterial: (id: string) => `/api/v1/admin/material/library/${id}`,
  finished: '/api/v1/admin/design/finished',
  finishedOne: (id: string) => `/api/v1/admin/design/finished/${id}`,
  finishedCopy: (id: string) => `/api/v1/admin/design/finished/${id}/copy`,
  finishedMove: '/api/v1/admin/design/finished/move',
  finishedExport: '/api/v1/admin/design/finished/export',
  groups: '/api/v1/admin/design/groups',
  group: (id: string) => `/api/v1/admin/design/groups/${id}`,
  batch: '/api/v1/admin/design/batch',
  job: (id: string) => `/api/v1/jobs/${id}`,
} as const;

export const designKeys = {
  all: ['designs'] as const,
  product: (id: string) => ['designs', 'product', id] as const,
  products: (params: QueryParams) => ['designs', 'products', params] as const,
  library: (params: QueryParams) => ['designs', 'library', params] as const,
  finishedList: (params: QueryParams) => ['designs', 'finished', 'list', params] as const,
  finished: (id: string) => ['designs', 'finished', id] as const,
  groups: () => ['designs', 'groups'] as const,
  job: (id: string) => ['designs', 'job', id] as const,
};

export function useCatalogProduct(id: string | null) {
  return useQuery({
    queryKey: designKeys.product(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.get<CatalogProduct>(DESIGN_API.catalogProduct(id!), {
        signal,
        schema: catalogProductSchema,
        showErrorMessage: false,
      }),
    retry: false,
  });
}

export interface CatalogProductItem {
  id: string;
  name: string;
  style_code: string;
  colors: Array<{ id: string; name: string; hex: string }>;
  surfaces: Array<{ id: string; key: string; name: string }>;
}

export function useCatalogProducts(params: QueryParams, isEnabled = true) {
  return useQuery({
    queryKey: designKeys.products(params),
    enabled: isEnabled,
    queryFn: ({ signal }) =>
      api.get<ListPage<CatalogProductItem>>(DESIGN_API.catalogProducts, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The materials a merchant may design with (usable only). */
export function useDesignLibrary(params: QueryParams) {
  return useQuery({
    queryKey: designKeys.library(params),
    queryFn: ({ signal }) =>
      api.get<ListPage<LibraryMaterial>>(DESIGN_API.library, {
        query: { usable: 'true', ...params },
        signal,
        showErrorMessage: false,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useFinishedDetail(id: string | null) {
  return useQuery({
    queryKey: designKeys.finished(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.get<FinishedProductDetail>(DESIGN_API.finishedOne(id!), {
        signal,
        schema: finishedProductDetailSchema,
        showErrorMessage: false,
      }),
    retry: false,
  });
}

export type SaveReply = z.infer<typeof finishedProductSaveReplySchema>;

export function saveFinished(body: FinishedProductSave): Promise<SaveReply> {
  return api.post(DESIGN_API.finished, { body, schema: finishedProductSaveReplySchema });
}

export function updateFinished(id: string, body: FinishedProductUpdate): Promise<SaveReply> {
  return api.put(DESIGN_API.finishedOne(id), { body, schema: finishedProductSaveReplySchema });
}

export function useFinishedList(params: QueryParams) {
  return useQuery({
    queryKey: designKeys.finishedList(params),
    queryFn: ({ signal }) =>
      api.get<ListPage<FinishedProduct>>(DESIGN_API.finished, { query: params, signal }),
    placeholderData: keepPreviousData,
    // Rows still rendering are polled until their thumbnails arrive.
    refetchInterval: (query) =>
      query.state.data?.list.some(
        (row) => row.render_status === 'pending' || row.render_status === 'rendering',
      )
        ? 2_000
        : false,
  });
}

export function useFinishedGroups() {
  return useQuery({
    queryKey: designKeys.groups(),
    queryFn: ({ signal }) =>
      api.get<FinishedGroup[]>(DESIGN_API.groups, { signal, schema: finishedGroupSchema.array() }),
  });
}

export function startBatch(body: DesignBatch): Promise<{ job_id: string }> {
  return api.post(DESIGN_API.batch, { body });
}

/** A background job, polled until it ends (progress bars). */
export function useJob(id: string | null) {
  return useQuery({
    queryKey: designKeys.job(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.get<Job>(DESIGN_API.job(id!), { signal, schema: jobSchema, showErrorMessage: false }),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'completed' || state === 'failed' || state === 'cancelled' ? false : 1_000;
    },
  });
}

export const isJobOver = (job: Job | undefined) =>
  job !== undefined && (job.state === 'completed' || job.state === 'failed' || job.state === 'cancelled');
