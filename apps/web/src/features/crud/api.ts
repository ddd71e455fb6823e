import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  idParamsSchema,
  idsQuerySchema,
  ListPage,
  selectOptionsSchema,
  SelectOption,
  sortableBodySchema,
} from '@pod/shared';
import type { z } from 'zod';
import { LIMITS } from '@pod/shared';
import { call, type JsonOperation } from '../../api/call.ts';
import type { QueryParams } from '../../api/client.ts';
import { invalidReply } from '../../api/failures.ts';
import { useMayCall } from '../../session/use-may-call.ts';

export type { ListPage, SelectOption };

type Op<Shape> = JsonOperation & Shape;
type ListReply<Row> = ListPage<Row> | z.output<typeof selectOptionsSchema>;

/**
 * What a CRUD page lists and edits (spec §7 generic CRUD): a resource's list, and the CRUD kit's
 * other operations when it has them. A kit resource's `crudOperations(...)` from @pod/shared is one;
 * a hand-written list is `{ resource, list }`.
 */
export interface CrudResource<Row = unknown> {
  /** Permission prefix (`role` → buttons `role:add`, `role:edit`…), also names query keys. */
  readonly resource: string;
  /** The list's fixed filters, sent with every page (e.g. a review queue's `status=pending`). */
  readonly fixedQuery?: QueryParams;
  readonly list: Op<{ method: 'GET'; query?: z.ZodObject; response: z.ZodType<ListReply<Row>> }>;
  readonly get?: Op<{ method: 'GET'; params: typeof idParamsSchema; response: z.ZodType<Row> }>;
  readonly create?: Op<{ method: 'POST'; body: z.ZodType }>;
  readonly update?: Op<{ method: 'PATCH'; params: typeof idParamsSchema; body: z.ZodType }>;
  readonly delete?: Op<{ method: 'DELETE'; params: typeof idParamsSchema }>;
  readonly deleteMany?: Op<{ method: 'DELETE'; query: typeof idsQuerySchema }>;
  readonly sort?: Op<{ method: 'POST'; body: typeof sortableBodySchema }>;
}
/** A resource whose list the page reads (selects and reference rows need no more). */
export type ListResource<Row = unknown> = Pick<CrudResource<Row>, 'resource' | 'list' | 'fixedQuery'>;

/** Query keys of the CRUD kit (CONVENTIONS §14); everything of one resource sits under its key. */
export const crudKeys = {
  all: ['crud'] as const,
  resource: (name: string) => [...crudKeys.all, name] as const,
  list: (name: string, params: QueryParams) => [...crudKeys.resource(name), 'list', params] as const,
  detail: (name: string, id: string) => [...crudKeys.resource(name), 'detail', id] as const,
  select: (name: string) => [...crudKeys.resource(name), 'select'] as const,
};

/** A page of a list; the select mode's options where a page was asked for break the contract. */
export function asPage<Row>(reply: ListReply<Row>): ListPage<Row> {
  if ('list' in reply) return reply;
  throw invalidReply(1, 200, reply);
}

/** A tree never holds more rows than this many full pages (a runaway total cannot loop forever). */
const MAX_WHOLE_PAGES = 50;

/**
 * A page of the resource's list; the previous page stays shown while the next loads. `isWhole`
 * reads every page instead (trees: a tree cut into pages loses children from their parents).
 */
export function useCrudList<Row>(
  resource: ListResource<Row>,
  params: QueryParams,
  { isWhole = false }: { isWhole?: boolean } = {},
) {
  // Every reader of a whole list shares one query: the same first request sent twice at once would
  // cancel the first (the client's duplicate cancelling).
  const limit = LIMITS.pagination.maxPageSize;
  const keyParams = isWhole ? { ...params, page: 1, limit } : params;
  // A list the user may not read is not asked for (spec §6): it stays empty.
  const mayList = useMayCall(resource.list);
  return useQuery({
    queryKey: [
      ...(isWhole
        ? [...crudKeys.list(resource.resource, keyParams), 'whole']
        : crudKeys.list(resource.resource, params)),
      ...(mayList ? [] : ['refused']),
    ],
    enabled: mayList,
    ...(mayList ? {} : { initialData: { list: [] as Row[], total: 0, page: 1, limit } }),
    // The table shows the failure inline with a retry.
    queryFn: async ({ signal }): Promise<ListPage<Row>> => {
      const read = async (query: QueryParams) =>
        asPage<Row>(
          await call(resource.list, {
            query: { ...query, ...resource.fixedQuery },
            signal,
            showErrorMessage: false,
          }),
        );
      if (!isWhole) return read(params);
      const first = await read({ ...params, page: 1, limit });
      const list = [...first.list];
      for (let page = 2; list.length < first.total && page <= MAX_WHOLE_PAGES; page += 1) {
        const next = await read({ ...params, page, limit });
        if (next.list.length === 0) break;
        list.push(...next.list);
      }
      return { list, total: first.total, page: 1, limit: list.length };
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET P?select=true`: the resource's options for select inputs. Quiet on failure: a page may offer a
 * select of a resource the user cannot list (spec §6), and then shows the ids' labels as a dash.
 */
export function useCrudSelect(resource: ListResource, isEnabled = true) {
  // Options of a resource the user may not list are not asked for (spec §6): there are none.
  const mayList = useMayCall(resource.list);
  return useQuery({
    queryKey: [...crudKeys.select(resource.resource), ...(mayList ? [] : ['refused'])],
    ...(mayList ? {} : { initialData: [] as SelectOption[] }),
    queryFn: ({ signal }) =>
      call(resource.list, {
        query: { ...resource.fixedQuery, select: 'true' },
        signal,
        showErrorMessage: false,
      }).then((reply): SelectOption[] => {
        if ('options' in reply) return reply.options;
        throw invalidReply(1, 200, reply);
      }),
    enabled: isEnabled && mayList,
  });
}

/** Fails loudly when a page uses an operation its resource does not have. */
function need<T>(operation: T | undefined, resource: string, name: string): T {
  if (!operation) throw new Error(`the resource ${resource} has no ${name} operation`);
  return operation;
}

/** `GET P/{id}`: one row, for the edit form. */
export function useCrudDetail<Row>(resource: CrudResource<Row>, id: string | null) {
  return useQuery({
    queryKey: crudKeys.detail(resource.resource, id ?? ''),
    queryFn: ({ signal }) =>
      call(need(resource.get, resource.resource, 'get'), { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Create, update, delete, batch delete and sortable; each refreshes the resource's lists. */
export function useCrudMutations(resource: CrudResource) {
  const queryClient = useQueryClient();
  const name = resource.resource;
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: crudKeys.resource(name) });
  return {
    create: useMutation({
      // Form failures are shown on the form's fields.
      mutationFn: (body: unknown) =>
        call(need(resource.create, name, 'create'), {
          body,
          showSuccessMessage: true,
          showErrorMessage: false,
        }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: unknown }) =>
        call(need(resource.update, name, 'update'), {
          params: { id },
          body,
          showSuccessMessage: true,
          showErrorMessage: false,
        }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        call(need(resource.delete, name, 'delete'), { params: { id }, showSuccessMessage: true }),
      onSuccess,
    }),
    removeMany: useMutation({
      mutationFn: (ids: readonly string[]) =>
        call(need(resource.deleteMany, name, 'deleteMany'), {
          query: { ids: ids.join(',') },
          showSuccessMessage: true,
        }),
      onSuccess,
    }),
    sortable: useMutation({
      mutationFn: (body: z.input<typeof sortableBodySchema>) =>
        call(need(resource.sort, name, 'sort'), { body }),
      onSuccess,
    }),
  };
}
