import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  materialUploadReplySchema,
  type LibraryMaterial,
  type Material,
  type MaterialCategory,
} from '@pod/shared';
import { api, type QueryParams } from '../../api/client.ts';
import { crudKeys, type CrudResource, type ListPage } from '../crud/api.ts';
import { uploadRequest } from '../uploads/upload-request.ts';

/** The material library's resources, served by the CRUD kit (spec §7 generic CRUD). */
export const MATERIAL_RESOURCES = {
  material: { name: 'material', prefix: '/api/v1/admin/material' },
  category: { name: 'materialCategory', prefix: '/api/v1/admin/materialCategory' },
} as const satisfies Record<string, CrudResource>;

export type MaterialUploadReply = ReturnType<typeof materialUploadReplySchema.parse>;

/** Query keys of the material library (CONVENTIONS §14), under the CRUD kit's so its mutations refresh them. */
export const materialKeys = {
  all: crudKeys.resource(MATERIAL_RESOURCES.material.name),
  summary: () => [...materialKeys.all, 'summary'] as const,
  library: (params: QueryParams) => [...materialKeys.all, 'library', params] as const,
  categories: () => [...crudKeys.resource(MATERIAL_RESOURCES.category.name), 'all'] as const,
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
        const reply = await api.get<ListPage<MaterialCategory>>(MATERIAL_RESOURCES.category.prefix, {
          query: { page, limit },
          signal,
          showErrorMessage: false,
        });
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
    queryFn: ({ signal }) =>
      api.get<{ total: number; uncategorised: number }>(`${MATERIAL_RESOURCES.material.prefix}/summary`, {
        signal,
        showErrorMessage: false,
      }),
  });
}

/** A page of the caller's own library (the grid). */
export function useMaterialList(params: QueryParams) {
  return useQuery({
    queryKey: crudKeys.list(MATERIAL_RESOURCES.material.name, params),
    queryFn: ({ signal }) =>
      api.get<ListPage<Material>>(MATERIAL_RESOURCES.material.prefix, {
        query: params,
        signal,
        showErrorMessage: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A page of what a merchant may design with: its own, official and shared materials. */
export function useLibraryList(params: QueryParams) {
  return useQuery({
    queryKey: materialKeys.library(params),
    queryFn: ({ signal }) =>
      api.get<ListPage<LibraryMaterial>>(`${MATERIAL_RESOURCES.material.prefix}/library`, {
        query: params,
        signal,
        showErrorMessage: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Refreshes the materials and the categories (whose counts change with them). */
function useRefreshLibrary() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: crudKeys.resource(MATERIAL_RESOURCES.material.name) }),
      queryClient.invalidateQueries({ queryKey: crudKeys.resource(MATERIAL_RESOURCES.category.name) }),
    ]);
}

export interface BatchUploadInput {
  files: readonly File[];
  query: { category_id?: string; type: string; visibility: string };
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
      return uploadRequest(`${MATERIAL_RESOURCES.material.prefix}/upload`, form, {
        query,
        onProgress,
        signal,
        schema: materialUploadReplySchema,
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
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      api.patch<Material>(`${MATERIAL_RESOURCES.material.prefix}/${id}`, {
        body,
        showSuccessMessage: true,
        showErrorMessage: false,
      }),
    onSuccess: () => refresh(),
  });
}

/** Official authorisation (spec §6), switched on or off at once. */
export function useAuthoriseMaterial() {
  const refresh = useRefreshLibrary();
  return useMutation({
    mutationFn: ({ id, isAuthorised }: { id: string; isAuthorised: boolean }) =>
      api.put<Material>(`${MATERIAL_RESOURCES.material.prefix}/${id}/authorise`, {
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
      api.delete(`${MATERIAL_RESOURCES.material.prefix}/del`, {
        query: { ids: ids.join(',') },
        showSuccessMessage: true,
      }),
    onSuccess: () => refresh(),
  });
}

/** Category writes: add, rename or move (PATCH), delete, and sibling order (`sortable`). */
export function useCategoryMutations() {
  const refresh = useRefreshLibrary();
  const prefix = MATERIAL_RESOURCES.category.prefix;
  return {
    create: useMutation({
      mutationFn: (body: { name: string; parent_id: string | null }) =>
        api.post<MaterialCategory>(prefix, { body, showSuccessMessage: true, showErrorMessage: false }),
      onSuccess: () => refresh(),
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: { name?: string; parent_id?: string | null } }) =>
        api.patch<MaterialCategory>(`${prefix}/${id}`, {
          body,
          showSuccessMessage: true,
          showErrorMessage: false,
        }),
      onSettled: () => refresh(),
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`${prefix}/${id}`, { showSuccessMessage: true }),
      onSuccess: () => refresh(),
    }),
    sortable: useMutation({
      mutationFn: (body: { id: string; targetId: string }) => api.post(`${prefix}/sortable`, { body }),
      onSettled: () => refresh(),
    }),
  };
}
