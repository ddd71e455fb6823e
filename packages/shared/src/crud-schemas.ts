import { z } from 'zod';
import { LIMITS } from './limits.ts';

/**
 * The schemas of the CRUD kit (spec §7 generic CRUD) and of the hand-written list endpoints that
 * follow its conventions. The server's kit and the web's CRUD pages both read these.
 */

/** Query of every CRUD list (spec §7 generic CRUD): paging, order, quick search, select mode. */
export const crudListQueryBase = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.pagination.maxPageSize)
    .default(LIMITS.pagination.defaultPageSize),
  /** `field,asc` or `field,desc` */
  order: z
    .string()
    .regex(/^[A-Za-z_]+,(asc|desc)$/)
    .optional(),
  quickSearch: z.string().max(LIMITS.text.search).optional(),
  /** `true` returns `{ options: [{ value, label }] }` for select inputs. */
  select: z.enum(['true', 'false']).optional(),
});
/** What a list page sends: its page, size, order, quick search and select mode. */
export type CrudListQuery = z.input<typeof crudListQueryBase>;

/** Paging and quick search only: the query of the back office's log-like lists. */
export const pagedListQueryBase = crudListQueryBase.omit({ select: true, order: true });

/**
 * Ids in a query string, in either form a client sends them (spec §7 `DELETE …/del?ids`):
 * `ids=a,b` (one comma-separated value) or `ids=a&ids=b` (the key repeated), or both mixed. The
 * value is trimmed, split, and checked as uuids; at most `max` ids.
 */
export function queryIdList(max = 100) {
  return z
    .union([z.string().max(4000), z.array(z.string().max(4000)).max(max)])
    .describe(`Ids, comma-separated (ids=a,b) or with the key repeated (ids=a&ids=b); 1 to ${max}.`)
    .transform((v, ctx) => {
      const ids = (Array.isArray(v) ? v : [v])
        .flatMap((part) => part.split(','))
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: 'select at least one',
          params: { rule: 'selectAtLeastOne' },
        });
        return z.NEVER;
      }
      if (ids.length > max || !ids.every((id) => z.uuid().safeParse(id).success)) {
        ctx.addIssue({ code: 'custom', message: 'invalid ids' });
        return z.NEVER;
      }
      return ids;
    });
}

export const idParamsSchema = z.object({ id: z.uuid() });
export const idsQuerySchema = z.object({ ids: queryIdList(100) });
export const sortableBodySchema = z.object({ id: z.uuid(), targetId: z.uuid() });
export const selectOptionSchema = z.object({ value: z.string(), label: z.string() });
export type SelectOption = z.infer<typeof selectOptionSchema>;
export const selectOptionsSchema = z.object({ options: z.array(selectOptionSchema) });
export const deletedReplySchema = z.object({ deleted: z.number().int() });

/** One page of a list: `{ list, total, page, limit }`. */
export function listReplySchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}
/** One page of rows of type Row, as `listReplySchema` replies it. */
export type ListPage<Row> = z.output<ReturnType<typeof listReplySchema<z.ZodType<Row>>>>;

/** A CRUD list replies a page of rows, or, with `select=true`, the options of a select input. */
export function crudListReplySchema<T extends z.ZodType>(item: T) {
  return z.union([listReplySchema(item), selectOptionsSchema]);
}
