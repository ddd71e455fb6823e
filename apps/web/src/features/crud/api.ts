import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '../../api/client.ts';

/** A back-office resource served by the server's CRUD kit (spec §7 generic CRUD). */
export interface CrudResource {
  /** Permission prefix, e.g. `role` → buttons `role:add`, `role:edit`, `role:del`, `role:sortable`. */
  name: string;
  /** e.g. `/api/v1/admin/role` */
  prefix: string;
}

/** One page of a list (`GET P?page&limit&order&quickSearch&…`). */
export interface ListPage<Row> {
  list: Row[];
  total: number;
  page: number;
  limit: number;
}

export interface SelectOption {
  value: string;
  label: string;
}

/** Query keys of the CRUD kit (CONVENTIONS §14); everything of one resource sits under its key. */
export const crudKeys = {
  all: ['crud'] as const,
  resource: (name: string) => [...crudKeys.all, name] as const,
  list: (name: string, params: QueryParams) => [...crudKeys.resource(name), 'list', params] as const,
  detail: (name: string, id: string) => [...crudKeys.resource(name), 'detail', id] as const,
  select: (name: string) => [...crudKeys.resource(name), 'select'] as const,
};

/** A page of the resource's list; the previous page stays shown while the next loads. */
export function useCrudList<Row>(resource: CrudResource, params: QueryParams) {
  return useQuery({
    queryKey: crudKeys.list(resource.name, params),
    // The table shows the failure inline with a retry.
    queryFn: ({ signal }) =>
      api.get<ListPage<Row>>(resource.prefix, { query: params, signal, showErrorMessage: false }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET P?select=true`: the resource's options for select inputs. Quiet on failure: a page may offer a
 * select of a resource the user cannot list (spec §6), and then shows the ids' labels as a dash.
 */
export function useCrudSelect(resource: CrudResource, isEnabled = true) {
  return useQuery({
    queryKey: crudKeys.select(resource.name),
    queryFn: ({ signal }) =>
      api
        .get<{ options: SelectOption[] }>(resource.prefix, {
          query: { select: 'true' },
          signal,
          showErrorMessage: false,
        })
        .then((reply) => reply.options),
    enabled: isEnabled,
  });
}

/** `GET P/{id}`: one row, for the edit form. */
export function useCrudDetail<Row>(resource: CrudResource, id: string | null) {
  return useQuery({
    queryKey: crudKeys.detail(resource.name, id ?? ''),
    queryFn: ({ signal }) => api.get<Row>(`${resource.prefix}/${id ?? ''}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Create, update, delete, batch delete and sortable; each refreshes the resource's lists. */
export function useCrudMutations(resource: CrudResource) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: crudKeys.resource(resource.name) });
  return {
    create: useMutation({
      // Form failures are shown on the form's fields.
      mutationFn: (body: unknown) =>
        api.post(resource.prefix, { body, showSuccessMessage: true, showErrorMessage: false }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: unknown }) =>
        api.patch(`${resource.prefix}/${id}`, { body, showSuccessMessage: true, showErrorMessage: false }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`${resource.prefix}/${id}`, { showSuccessMessage: true }),
      onSuccess,
    }),
    removeMany: useMutation({
      mutationFn: (ids: readonly string[]) =>
        api.delete(`${resource.prefix}/del`, { query: { ids: ids.join(',') }, showSuccessMessage: true }),
      onSuccess,
    }),
    sortable: useMutation({
      mutationFn: (body: { id: string; targetId: string }) =>
        api.post(`${resource.prefix}/sortable`, { body }),
      onSuccess,
    }),
  };
}
