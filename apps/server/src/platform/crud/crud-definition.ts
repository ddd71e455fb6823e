import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { ServiceContext } from '../context.ts';
import type { Ownership } from '../ownership.ts';

export type Row = Record<string, unknown>;
/** `isNull` filters take 'true' and find rows where the column is null. */
export type FilterOp = 'eq' | 'like' | 'gte' | 'lte' | 'in' | 'isNull';

export interface CrudFilter {
  column: PgColumn;
  op: FilterOp;
  schema: z.ZodType;
}

/** How a back-office resource maps onto a table; the kit does the rest (issue: the CRUD kit). */
export interface CrudDefinition<
  TItem extends z.ZodType,
  TCreate extends z.ZodType,
  TUpdate extends z.ZodType,
> {
  /** Permission prefix and recycle-bin name, e.g. `role` → `role:list`, `role:add`… */
  resource: string;
  prefix: string;
  tag: string;
  table: PgTable;
  /** Whose rows these are (decision 0026): the kit derives every WHERE clause and insert from it. */
  owner: Ownership;
  columns: {
    id: PgColumn;
    sort?: PgColumn;
    createdBy?: PgColumn;
    departmentId?: PgColumn;
  };
  item: TItem;
  /** The reply shape of a row; ctx lets it mask fields the caller may not see. */
  toItem(row: Row, ctx: ServiceContext): z.infer<TItem>;
  create: TCreate;
  update: TUpdate;
  /** Values to insert (tenant, creator and defaults are the kit's; business rules go here). */
  toInsert(ctx: ServiceContext, input: z.infer<TCreate>): Promise<Row> | Row;
  toUpdate(ctx: ServiceContext, input: z.infer<TUpdate>, existing: Row): Promise<Row> | Row;
  /** Runs after insert or update, in the same transaction (e.g. a role's menus). */
  afterWrite?(ctx: ServiceContext, row: Row, input: z.infer<TCreate> | z.infer<TUpdate>): Promise<void>;
  /** Adds what list rows show beyond their own columns, in one batch (e.g. counts). */
  enrichMany?(ctx: ServiceContext, rows: Row[]): Promise<Row[]>;
  /** Adds what one item's reply shows beyond its row (e.g. a role's menus); single reads only. */
  enrich?(ctx: ServiceContext, row: Row): Promise<Row>;
  /** Extra row conditions beyond tenant and data scope (e.g. roles of the caller's tier). */
  extraScope?(ctx: ServiceContext): SQL[];
  /** Throws to refuse a delete (e.g. a department that still has children). */
  beforeDelete?(ctx: ServiceContext, row: Row): Promise<void>;
  filters?: Record<string, CrudFilter>;
  quickSearch?: PgColumn[];
  orderable?: Record<string, PgColumn>;
  defaultOrder?: Array<[PgColumn, 'asc' | 'desc']>;
  selectLabel: PgColumn;
  /** Deleted rows go to the recycle bin and can be restored. */
  recyclable?: boolean;
  /** Row keys whose changes are logged with before and after; masked ones log only that they changed. */
  sensitive?: Array<{ key: string; masked?: boolean }>;
}

/** A table the kit manages, as the recycle bin and sensitive-log rollback write back to it. */
export interface CrudTable {
  table: PgTable;
  id: PgColumn;
  owner: Ownership;
}

/** Builds the service context of an admin request, with its data scope. */
export type ContextFactory = (request: FastifyRequest, tx: Executor) => Promise<ServiceContext>;

/** A deleted row on its way to the recycle bin, or a change to a sensitive field. */
export interface RecycledRow {
  resource: string;
  tableName: string;
  rowId: string;
  data: Record<string, unknown>;
}
export interface SensitiveChange {
  resource: string;
  tableName: string;
  rowId: string;
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * Where the kit keeps deleted rows and sensitive changes: the admin module owns those tables and
 * files each entry under the caller's organisation.
 */
export interface CrudAudit {
  recycled(ctx: ServiceContext, entry: RecycledRow): Promise<void>;
  sensitiveChanged(ctx: ServiceContext, entry: SensitiveChange): Promise<void>;
}

/** What the kit needs from the app: the database, the audit trail and the registry it fills. */
export interface CrudKit {
  db: Db;
  audit: CrudAudit;
  /** Resources the kit manages, by name: the recycle bin and sensitive-log rollback write back to them. */
  resources: Map<string, CrudTable>;
}
