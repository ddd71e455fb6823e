import type { Made, Probe } from './types.ts';

/**
 * The generic CRUD kit's operations on one object (apps/server/src/platform/crud/crud.ts): read,
 * update, re-sort (moving the row onto itself still writes its sort), and both deletes. `middle`
 * goes between the updates and the deletes, so destructive probes come last.
 */
export function crudProbes<T extends Made>(
  prefix: string,
  patch: Record<string, unknown>,
  options: {
    sortable?: boolean;
    reads?: Array<Probe<T>>;
    middle?: Array<Probe<T>>;
    /** Settings of the update and delete probes (e.g. no control where the owner may not either). */
    writes?: Pick<Probe<T>, 'control'>;
  } = {},
): Array<Probe<T>> {
  const w = options.writes ?? {};
  return [
    { op: `GET ${prefix}/{id}`, request: (o) => ({ params: { id: o.id } }) },
    ...(options.reads ?? []),
    { op: `PATCH ${prefix}/{id}`, ...w, request: (o) => ({ params: { id: o.id }, body: patch }) },
    ...(options.sortable
      ? [{ op: `POST ${prefix}/sortable`, request: (o: T) => ({ body: { id: o.id, targetId: o.id } }) }]
      : []),
    ...(options.middle ?? []),
    { op: `DELETE ${prefix}/del`, ...w, request: (o) => ({ query: { ids: o.id } }) },
    { op: `DELETE ${prefix}/{id}`, ...w, request: (o) => ({ params: { id: o.id } }) },
  ];
}
