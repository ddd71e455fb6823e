import { z } from 'zod';
import {
  crudListQueryBase,
  crudListReplySchema,
  deletedReplySchema,
  idParamsSchema,
  idsQuerySchema,
  sortableBodySchema,
} from './crud-schemas.ts';
import {
  isPermission,
  type Permission,
  type PermissionAction,
  type PermissionResource,
} from './permissions.ts';

/*
 * One contract per HTTP operation (issue 16 item 6): method, path, who may call it, the permission
 * it needs, and the zod schemas of its request and reply. The server's route, the OpenAPI document
 * and the web's typed call all derive from it.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Who may call an operation (spec §6: admin and member areas use separate tokens). */
export const AUDIENCES = ['public', 'admin', 'member'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** Request bodies that are not JSON: file uploads, and Alipay's form-encoded notification. */
export const REQUEST_ENCODINGS = ['multipart/form-data', 'application/x-www-form-urlencoded'] as const;
export type RequestEncoding = (typeof REQUEST_ENCODINGS)[number];

/** What `defineOperation` takes. */
export interface OperationDefinition {
  /** The operationId: unique, camelCase. */
  id: string;
  method: HttpMethod;
  /** Fastify style: `/api/v1/admin/role/:id`. Every `:name` is a key of `params`. */
  path: string;
  audience: Audience;
  /** The permission the caller needs, or null when being signed in to the audience is enough. */
  permission: Permission | null;
  /** The OpenAPI tag: the bounded context. */
  tag: string;
  summary?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** The request body (JSON unless `consumes` says otherwise; multipart bodies are not described). */
  body?: z.ZodType;
  /**
   * The `data` inside the `{ code, msg, data, time }` envelope; with `raw`, the whole reply body
   * (not enveloped, e.g. a stored file or the text Alipay wants back).
   */
  response: z.ZodType;
  /** The request's content type when it is not JSON. */
  consumes?: RequestEncoding;
  /** The reply is not an envelope (a file's bytes, a bare text). */
  raw?: true;
}

/** A declared operation: frozen, with the literal types it was declared with. */
export type Operation<D extends OperationDefinition = OperationDefinition> = Readonly<D>;
/** Any operation, for code that handles every one of them. */
export type AnyOperation = Readonly<OperationDefinition>;

const KEYS: ReadonlySet<string> = new Set([
  'id',
  'method',
  'path',
  'audience',
  'permission',
  'tag',
  'summary',
  'params',
  'query',
  'body',
  'response',
  'consumes',
  'raw',
]);

/** The `:name` parameters of a Fastify-style path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
}

/**
 * Declares one HTTP operation. Checks what the types cannot: the path's parameters are exactly the
 * `params` keys, no GET has a body, a public or member operation needs no permission.
 */
export function defineOperation<const D extends OperationDefinition>(definition: D): Operation<D> {
  const where = `operation ${definition.id || '(no id)'}`;
  const fail = (why: string): never => {
    throw new Error(`${where}: ${why}`);
  };
  for (const key of Object.keys(definition)) if (!KEYS.has(key)) fail(`unknown field ${key}`);
  if (!/^[a-z][A-Za-z0-9]*$/.test(definition.id)) fail('id must be a camelCase operationId');
  if (!(HTTP_METHODS as readonly string[]).includes(definition.method)) fail('unknown method');
  if (!(AUDIENCES as readonly string[]).includes(definition.audience)) fail('unknown audience');
  if (!definition.path.startsWith('/')) fail('path must start with /');
  if (!definition.tag) fail('tag is required');
  if (!(definition.response instanceof z.ZodType)) fail('response must be a zod schema');
  const inPath = pathParamNames(definition.path).sort();
  const declared = Object.keys(definition.params?.shape ?? {}).sort();
  if (inPath.join() !== declared.join())
    fail(`path parameters [${inPath.join()}] differ from params [${declared.join()}]`);
  if (definition.method === 'GET' && definition.body) fail('a GET has no body');
  if (definition.audience !== 'admin' && definition.permission !== null)
    fail('only admin operations need a permission');
  return Object.freeze({ ...definition });
}

/** Whether a value is a declared operation (and not a group of them). */
export function isOperation(value: unknown): value is AnyOperation {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.isFrozen(value) &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { method?: unknown }).method === 'string' &&
    (value as { response?: unknown }).response instanceof z.ZodType
  );
}

/** Every operation in a (nested) group of operations, e.g. a context's `operations.ts` export. */
export function operationsIn(group: unknown): AnyOperation[] {
  if (isOperation(group)) return [group];
  if (typeof group !== 'object' || group === null) return [];
  return Object.values(group).flatMap(operationsIn);
}

// ---- Types of a call -----------------------------------------------------------------------------

/** The schema of one request part; never when the operation has none. */
type SchemaOf<Op, K extends 'params' | 'query' | 'body'> = Op extends { readonly [P in K]?: infer S }
  ? [Exclude<S, undefined>] extends [z.ZodType]
    ? Exclude<S, undefined>
    : never
  : never;

/** One request part: required when its schema needs a value, optional when everything defaults. */
type Part<K extends string, S> = [S] extends [never]
  ? { [P in K]?: never }
  : S extends z.ZodType
    ? undefined extends z.input<S>
      ? { [P in K]?: z.input<S> }
      : Record<string, never> extends z.input<S>
        ? { [P in K]?: z.input<S> }
        : { [P in K]: z.input<S> }
    : never;

/** What the caller of an operation sends: `{ params, query, body }`, as far as it has them. */
export type OpInput<Op extends AnyOperation> = Part<'params', SchemaOf<Op, 'params'>> &
  Part<'query', SchemaOf<Op, 'query'>> &
  Part<'body', SchemaOf<Op, 'body'>>;
/** The `params` an operation's path needs. */
export type OpParams<Op extends AnyOperation> = z.input<SchemaOf<Op, 'params'>>;
/** The query an operation takes, as sent. */
export type OpQuery<Op extends AnyOperation> = z.input<SchemaOf<Op, 'query'>>;
/** The body an operation takes, as sent. */
export type OpBody<Op extends AnyOperation> = z.input<SchemaOf<Op, 'body'>>;
/** The reply's `data` of an operation, as parsed. */
export type OpData<Op extends AnyOperation> = z.output<Op['response']>;

// ---- The CRUD kit --------------------------------------------------------------------------------

/** Resources whose permissions include the CRUD kit's four actions. */
export type CrudResourceName = {
  [R in PermissionResource]: 'list' | 'add' | 'edit' | 'del' extends PermissionAction<R> ? R : never;
}[PermissionResource];

export interface CrudDefinition<
  R extends CrudResourceName,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Filters extends Record<string, z.ZodType>,
  Sortable extends boolean,
> {
  /** Permission prefix and recycle-bin name, e.g. `role` → `role:list`, `role:add`… */
  resource: R;
  /** e.g. `/api/v1/admin/role` */
  prefix: string;
  tag: string;
  item: Item;
  create: Create;
  update: Update;
  /** The list's own filters beyond paging, order, quick search and select, each optional. */
  filters?: Filters;
  /** The resource has a sort column: `POST P/sortable` swaps two rows (needs `<resource>:sortable`). */
  sortable?: Sortable;
}

const operationPrefix = (resource: string) =>
  resource.replace(/[:.-](\w)/g, (_, ch: string) => ch.toUpperCase());

/**
 * The operations of one CRUD-kit resource (spec §7 generic CRUD): list with filters, paging, order,
 * quick search and select options; get; create; update; delete; batch delete (`/del?ids=`); and,
 * for resources with a sort column, sortable. Paths, operationIds and permissions are the kit's.
 */
export function crudOperations<
  const R extends CrudResourceName,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Filters extends Record<string, z.ZodType> = Record<never, never>,
  Sortable extends boolean = false,
>(definition: CrudDefinition<R, Item, Create, Update, Filters, Sortable>) {
  const { resource, prefix, tag, item } = definition;
  const op = operationPrefix(resource);
  const admin = { audience: 'admin', tag } as const;
  const filterShape = Object.fromEntries(
    Object.entries(definition.filters ?? {}).map(([key, schema]) => [key, schema.optional()]),
  ) as { [K in keyof Filters]: z.ZodOptional<Filters[K]> };
  const listQuery = crudListQueryBase.extend(filterShape);
  const ops = {
    resource,
    list: defineOperation({
      ...admin,
      id: `${op}List` as `${R}List`,
      method: 'GET',
      path: prefix,
      permission: `${resource}:list` as `${R}:list` & Permission,
      summary: `List ${resource} (filters, paging, order, quickSearch; select=true for options)`,
      query: listQuery,
      response: crudListReplySchema(item),
    }),
    get: defineOperation({
      ...admin,
      id: `${op}Get` as `${R}Get`,
      method: 'GET',
      path: `${prefix}/:id`,
      permission: `${resource}:list` as `${R}:list` & Permission,
      params: idParamsSchema,
      response: item,
    }),
    create: defineOperation({
      ...admin,
      id: `${op}Create` as `${R}Create`,
      method: 'POST',
      path: prefix,
      permission: `${resource}:add` as `${R}:add` & Permission,
      body: definition.create,
      response: item,
    }),
    update: defineOperation({
      ...admin,
      id: `${op}Update` as `${R}Update`,
      method: 'PATCH',
      path: `${prefix}/:id`,
      permission: `${resource}:edit` as `${R}:edit` & Permission,
      params: idParamsSchema,
      body: definition.update,
      response: item,
    }),
    deleteMany: defineOperation({
      ...admin,
      id: `${op}DeleteMany` as `${R}DeleteMany`,
      method: 'DELETE',
      path: `${prefix}/del`,
      permission: `${resource}:del` as `${R}:del` & Permission,
      query: idsQuerySchema,
      response: deletedReplySchema,
    }),
    delete: defineOperation({
      ...admin,
      id: `${op}Delete` as `${R}Delete`,
      method: 'DELETE',
      path: `${prefix}/:id`,
      permission: `${resource}:del` as `${R}:del` & Permission,
      params: idParamsSchema,
      response: deletedReplySchema,
    }),
  };
  if (definition.sortable && !isPermission(`${resource}:sortable`))
    throw new Error(`crud ${resource}: sortable needs the permission ${resource}:sortable`);
  const sort = definition.sortable
    ? defineOperation({
        ...admin,
        id: `${op}Sort` as `${R}Sort`,
        method: 'POST',
        path: `${prefix}/sortable`,
        permission: `${resource}:sortable` as `${R}:sortable` & Permission,
        body: sortableBodySchema,
        response: z.null(),
      })
    : undefined;
  return Object.freeze(sort ? { ...ops, sort } : ops) as Readonly<typeof ops> &
    (Sortable extends true ? { readonly sort: NonNullable<typeof sort> } : { readonly sort?: undefined });
}

/** The operations of one CRUD-kit resource, as `crudOperations` declares them. */
export type CrudOperations<Item extends z.ZodType = z.ZodType> = {
  readonly resource: CrudResourceName;
  readonly list: Operation<{
    id: string;
    method: 'GET';
    path: string;
    audience: 'admin';
    permission: Permission;
    tag: string;
    query: z.ZodObject;
    response: ReturnType<typeof crudListReplySchema<Item>>;
  }>;
  readonly get: Operation<{
    id: string;
    method: 'GET';
    path: string;
    audience: 'admin';
    permission: Permission;
    tag: string;
    params: typeof idParamsSchema;
    response: Item;
  }>;
  readonly create: Operation<{
    id: string;
    method: 'POST';
    path: string;
    audience: 'admin';
    permission: Permission;
    tag: string;
    body: z.ZodType;
    response: Item;
  }>;
  readonly update: Operation<{
    id: string;
    method: 'PATCH';
    path: string;
    audience: 'admin';
    permission: Permission;
    tag: string;
    params: typeof idParamsSchema;
    body: z.ZodType;
    response: Item;
  }>;
  readonly deleteMany: Operation<{
    id: string;
    method: 'DELETE';
    path: string;
    audience: 'admin';
    permission: Permission;
    tag: string;
    query: typeof idsQuerySchema;
    response: typeof deletedReplySchema;
  }>;
  readonly delete: Operation<{
    id: string;
    method: 'DELETE';
    path: string;
    audience: 'admin';
    permission: Permission;
    tag: string;
    params: typeof idParamsSchema;
    response: typeof deletedReplySchema;
  }>;
  readonly sort?: Operation<{
    id: string;
    method: 'POST';
    path: string;
    audience: 'admin';
    permission: Permission;
    tag: string;
    body: typeof sortableBodySchema;
    response: z.ZodNull;
  }>;
};
