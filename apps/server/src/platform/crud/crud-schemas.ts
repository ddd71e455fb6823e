import { z } from 'zod';
import { LIMITS } from '@pod/shared';

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
  quickSearch: z.string().max(100).optional(),
  /** `true` returns `{ options: [{ value, label }] }` for select inputs. */
  select: z.enum(['true', 'false']).optional(),
});

export const idParamsSchema = z.object({ id: z.uuid() });
export const idsQuerySchema = z.object({
  ids: z
    .string()
    .min(1)
    .max(4000)
    .transform((v, ctx) => {
      const ids = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length === 0 || ids.length > 100 || !ids.every((id) => z.uuid().safeParse(id).success)) {
        ctx.addIssue({ code: 'custom', message: 'invalid ids' });
        return z.NEVER;
      }
      return ids;
    }),
});
export const sortableBodySchema = z.object({ id: z.uuid(), targetId: z.uuid() });
export const selectOptionsSchema = z.object({
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});

export function listReplySchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}
