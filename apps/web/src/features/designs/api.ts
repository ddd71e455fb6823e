import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  catalogOperations,
  designOperations,
  jobOperations,
  materialOperations,
  personalisationOperations,
  type DesignBatch,
  type PersonalisationSlot,
  type FinishedProductSave,
  type FinishedProductUpdate,
  type Job,
  type OpData,
} from '@pod/shared';
import { call } from '../../api/call.ts';
import type { QueryParams } from '../../api/client.ts';

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
      call(catalogOperations.catalogProductGet, { params: { id: id! }, signal, showErrorMessage: false }),
    retry: false,
  });
}

/** A product of the merchant's catalogue, as its list shows it. */
export type CatalogProductItem = OpData<typeof catalogOperations.catalogProductList>['list'][number];

export function useCatalogProducts(params: QueryParams, isEnabled = true) {
  return useQuery({
    queryKey: designKeys.products(params),
    enabled: isEnabled,
    queryFn: ({ signal }) => call(catalogOperations.catalogProductList, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The materials a merchant may design with (usable only). */
export function useDesignLibrary(params: QueryParams) {
  return useQuery({
    queryKey: designKeys.library(params),
    queryFn: ({ signal }) =>
      call(materialOperations.materialLibrary, {
        query: { usable: 'true', ...params },
        signal,
        showErrorMessage: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One material a saved design names, for its signed URL. */
export function libraryMaterial(id: string) {
  return call(materialOperations.materialLibraryGet, { params: { id }, showErrorMessage: false });
}

export function useFinishedDetail(id: string | null) {
  return useQuery({
    queryKey: designKeys.finished(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      call(designOperations.finishedProductGet, { params: { id: id! }, signal, showErrorMessage: false }),
    retry: false,
  });
}

export type SaveReply = OpData<typeof designOperations.finishedProductCreate>;

export function saveFinished(body: FinishedProductSave): Promise<SaveReply> {
  return call(designOperations.finishedProductCreate, { body });
}

export function updateFinished(id: string, body: FinishedProductUpdate): Promise<SaveReply> {
  return call(designOperations.finishedProductUpdate, { params: { id }, body });
}

export function useFinishedList(params: QueryParams) {
  return useQuery({
    queryKey: designKeys.finishedList(params),
    queryFn: ({ signal }) => call(designOperations.finishedProductList, { query: params, signal }),
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
    queryFn: ({ signal }) => call(designOperations.finishedGroupTree, { signal }),
  });
}

export function startBatch(body: DesignBatch): Promise<OpData<typeof designOperations.designBatch>> {
  return call(designOperations.designBatch, { body });
}

/** A background job, polled until it ends (progress bars). */
export function useJob(id: string | null) {
  return useQuery({
    queryKey: designKeys.job(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      call(jobOperations.getJob, { params: { id: id! }, signal, showErrorMessage: false }),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'completed' || state === 'failed' || state === 'cancelled' ? false : 1_000;
    },
  });
}

export const isJobOver = (job: Job | undefined) =>
  job !== undefined && (job.state === 'completed' || job.state === 'failed' || job.state === 'cancelled');

// ---- Buyer personalisation (issue 20, decision 0053) ---------------------------------------------

export function useFinishedSlots(id: string | null) {
  return useQuery({
    queryKey: ['designs', 'finished', id ?? '', 'slots'],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      call(personalisationOperations.finishedSlotsGet, { params: { id: id! }, signal }),
  });
}

export function saveFinishedSlots(id: string, slots: PersonalisationSlot[]) {
  return call(personalisationOperations.finishedSlotsUpdate, { params: { id }, body: { slots } });
}

/** An order line's personalisation, to edit its design in the editor. */
export function useOrderPersonalisation(orderNo: string | null) {
  return useQuery({
    queryKey: ['designs', 'personalisation', orderNo ?? ''],
    enabled: orderNo !== null,
    queryFn: ({ signal }) =>
      call(personalisationOperations.orderPersonalisation, { params: { order_no: orderNo! }, signal }),
  });
}

export function saveLinePersonalisation(
  orderNo: string,
  lineId: string,
  document: Record<string, unknown>,
  confirmedBlurry: boolean,
) {
  return call(personalisationOperations.orderPersonalisationSave, {
    params: { order_no: orderNo, line_id: lineId },
    body: { document, confirmed_blurry: confirmedBlurry },
    showErrorMessage: false,
  });
}
