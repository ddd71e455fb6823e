import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { JOB_STATES } from '@pod/shared';
import { createdAt, updatedAt } from '../../db/columns.ts';

/**
 * The public record of a background job: what GET /api/v1/jobs/{id} and progress bars read.
 * The queue itself (pg-boss) keeps its own tables in the `pgboss` schema; the ids are the same.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey(),
    /** Null for platform-level jobs (e.g. the demo seed). */
    tenantId: uuid('tenant_id'),
    /** The organisation that queued the job (decision 0026): only it may read the job. */
    merchantId: uuid('merchant_id'),
    factoryId: uuid('factory_id'),
    createdBy: uuid('created_by'),
    /** The permission that queued it; a reader must hold it too (e.g. `finished:export`). */
    permission: text('permission'),
    name: text('name').notNull(),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    result: jsonb('result'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('job_runs_tenant_idx').on(t.tenantId, t.merchantId)],
);
