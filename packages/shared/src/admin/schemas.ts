import { z } from 'zod';
import { pagedListQueryBase } from '../crud-schemas.ts';

/** Admin log list: paging, quick search (user, address, IP), method and a time range of at most a year. */
export const adminLogQuerySchema = pagedListQueryBase.extend({
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
/** Data recycle list: paging and the resource deleted from. */
export const recycleQuerySchema = pagedListQueryBase.extend({ resource: z.string().max(50).optional() });
/** Sensitive data log list: paging only. */
export const sensitiveLogQuerySchema = pagedListQueryBase;
