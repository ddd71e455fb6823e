import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  materialOperations,
  type MaterialCategory,
  type OpBody,
  type OpData,
  type OpQuery,
} from '@pod/shared';
import { call } from '../../api/call.ts';
import type { QueryParams } from '../../api/client.ts';
import { asPage, crudKeys } from '../crud/api.ts';
import { uploadCall } from '../uploads/upload-request.ts';

const { material, materialCategory } = materialOperations;

export type MaterialUploadReply = OpData<typeof materialOperations.materialUpload>;

/** Query keys of the material library (CONVENTIONS §14), under the CRUD kit's so its mutations refresh them. */
export const materialKeys = {
  all: crudKeys.resource(material.resource),
  summary: () => [...materialKeys.all, 'summary'] as const,
  library: (params: QueryParams) => [...materialKeys.all, 'library', params] as const,
  categories: () => [...crudKeys.resource(materialCategory.resource), 'all'] as const,
};

/** At most this many pages of categories are read for the tree (100 per page). */
const CATEGORY_PAGES = 20;

/** Every category of the caller's library, page by page (the list serves at most 100 a page). */
export function useMaterialCategories(isEnabled = true) {
  return useQuery({
    queryKey: materialKeys.categories(),
    enabled: isEnabled,
    queryFn: async ({ signal }) => {
      const limit = LIMITS.pagination.maxPageSize;
      const rows: MaterialCategory[] = [];
      for (let page = 1; page <= CATEGORY_PAGES; page += 1) {
        const reply = asPage(
          await call(materialCategory.list, { query: { page, limit }, signal, showErrorMessage: false }),
        );
        rows.push(...reply.list);
        if (rows.length >= reply.total || reply.list.length < limit) break;
      }
      return rows;
    },
  });
}

/** All materials and the Uncategorised ones of the caller's library (the tree's counts). */
export function useMaterialSummary() {
  return useQuery({
    queryKey: materialKeys.summary(),
    queryFn: ({ signal }) => call(materialOperations.materialSummary, { signal, showErrorMessage: false }),
  });
}

/** A page of the caller's own library (the grid). */
export function useMaterialList(params: QueryParams) {
  return useQuery({
    queryKey: crudKeys.list(material.resource, params),
    queryFn: async ({ signal }) =>
      asPage(await call(material.list, { query: params, signal, showErrorMessage: false })),
    placeholderData: keepPreviousData,
  });
}

/** A page of what a merchant may design with: its own, official and shared materials. */
export function useLibraryList(params: QueryParams) {
  return useQuery({
    queryKey: materialKeys.library(params),
    queryFn: ({ signal }) =>
      call(materialOperations.materialLibrary, { query: params, signal, showErrorMessage: false }),
    placeholderData: keepPreviousData,
  });
}

/** Refreshes the materials and the categories (whose counts change with them). */
function useRefreshLibrary() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: crudKeys.resource(material.resource) }),
      queryClient.invalidateQueries({ queryKey: crudKeys.resource(materialCategory.resource) }),
    ]);
}

export interface BatchUploadInput {
  files: readonly File[];
  query: OpQuery<typeof materialOperations.materialUpload>;
  /** The request's uploaded bytes so far, of its whole body. */
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends the files in ONE multipart request (`POST material/upload`, spec §5: at most 50, 20 MB
 * each); the reply says per file whether it became a material and why not.
 */
export function useBatchUpload() {
  const refresh = useRefreshLibrary();
  return useMutation({
    mutationFn: ({ files, query, onProgress, signal }: BatchUploadInput) => {
      const form = new FormData();
      for (const file of files) form.append('file', file, file.name);
      return uploadCall(materialOperations.materialUpload, form, {
        query,
        onProgress,
        signal,
        showErrorMessage: false,
      });
    },
    onSettled: () => refresh(),
  });
}

/** Saves a material's fields and sharing (PATCH); failures are shown on the form. */
export function useUpdateMaterial() {
  const refresh = useRefreshLibrary();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OpBody<typeof material.update> }) =>
      call(material.update, { params: { id }, body, showSuccessMessage: true, showErrorMessage: false }),
    onSuccess: () => refresh(),
  });
}

/** Official authorisation (spec §6), switched on or off at once. */
export function useAuthoriseMaterial() {
  const refresh = useRefreshLibrary();
  return useMutation({
    mutationFn: ({ id, isAuthorised }: { id: string; isAuthorised: boolean }) =>
      call(materialOperations.materialAuthorise, {
        params: { id },
        body: { is_authorised: isAuthorised },
        showSuccessMessage: true,
      }),
    onSuccess: () => refresh(),
  });
}

/** Deletes materials (one or many, `DELETE material/del?ids=`). */
export function useDeleteMaterials() {
  const refresh = useRefreshLibrary();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      call(material.deleteMany, { query: { ids: ids.join(',') }, showSuccessMessage: true }),
    onSuccess: () => refresh(),
  });
}

/** Category writes: add, rename or move (PATCH), delete, and sibling order (`sortable`). */
export function useCategoryMutations() {
  const refresh = useRefreshLibrary();
  return {
    create: useMutation({
      mutationFn: (body: OpBody<typeof materialCategory.create>) =>
        call(materialCategory.create, { body, showSuccessMessage: true, showErrorMessage: false }),
      onSuccess: () => refresh(),
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: OpBody<typeof materialCategory.update> }) =>
        call(materialCategory.update, {
          params: { id },
          body,
          showSuccessMessage: true,
          showErrorMessage: false,
        }),
      onSettled: () => refresh(),
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(materialCategory.delete, { params: { id }, showSuccessMessage: true }),
      onSuccess: () => refresh(),
    }),
    sortable: useMutation({
      mutationFn: (body: OpBody<typeof materialCategory.sort>) => call(materialCategory.sort, { body }),
      onSettled: () => refresh(),
    }),
  };
}
