import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CrudOperations } from '@pod/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { ServiceContext } from '../context.ts';
import type { Ownership } from '../ownership.ts';

export type Row = Record<string, unknown>;
/** `isNull` filters take 'true' and find rows where the column is null. */
export type FilterOp = 'eq' | 'like' | 'gte' | 'lte' | 'in' | 'isNull';

/** How one of the list's filters applies; its name and schema are the contract's (`filters`). */
export interface CrudFilter {
  column: PgColumn;
  op: FilterOp;
}

type Body<S> = S extends z.ZodType ? z.output<S> : never;
/** The body the contract's create operation parses. */
export type CreateInput<Ops extends CrudOperations> = Body<Ops['create']['body']>;
/** The body the contract's update operation parses. */
export type UpdateInput<Ops extends CrudOperations> = Body<Ops['update']['body']>;
/** One item as the contract's reply schema takes it. */
export type CrudItem<Ops extends CrudOperations> = z.input<Ops['get']['response']>;

/**
 * How a back-office resource maps onto a table; the kit does the rest. Its paths, permissions and
 * request and reply schemas are its shared contract's (`crudOperations` in packages/shared,
 * decision 0028): the server says only where the rows live and which rules apply.
 */
export interface CrudDefinition<Ops extends CrudOperations = CrudOperations> {
  /** The resource's operations, as `crudOperations` declares them in packages/shared. */
  operations: Ops;
  table: PgTable;
  /** Whose rows these are (decision 0026): the kit derives every WHERE clause and insert from it. */
  owner: Ownership;
  columns: {
    id: PgColumn;
    sort?: PgColumn;
    createdBy?: PgColumn;
    departmentId?: PgColumn;
  };
  /** The reply shape of a row; ctx lets it mask fields the caller may not see. */
  toItem(row: Row, ctx: ServiceContext): CrudItem<Ops>;
  /** Values to insert (tenant, creator and defaults are the kit's; business rules go here). */
  toInsert(ctx: ServiceContext, input: CreateInput<Ops>): Promise<Row> | Row;
  toUpdate(ctx: ServiceContext, input: UpdateInput<Ops>, existing: Row): Promise<Row> | Row;
  /** Runs after insert or update, in the same transaction (e.g. a role's menus). */
  afterWrite?(ctx: ServiceContext, row: Row, input: CreateInput<Ops> | UpdateInput<Ops>): Promise<void>;
  /** Adds what list rows show beyond their own columns, in one batch (e.g. counts). */
  enrichMany?(ctx: ServiceContext, rows: Row[]): Promise<Row[]>;
  /** Adds what one item's reply shows beyond its row (e.g. a role's menus); single reads only. */
  enrich?(ctx: ServiceContext, row: Row): Promise<Row>;
  /** Extra row conditions beyond tenant and data scope (e.g. roles of the caller's tier). */
  extraScope?(ctx: ServiceContext): SQL[];
  /** Throws to refuse a delete (e.g. a department that still has children). */
  beforeDelete?(ctx: ServiceContext, row: Row): Promise<void>;
  /** One entry per filter of the contract's list (checked when the routes are registered). */
  filters?: Record<string, CrudFilter>;
  quickSearch?: PgColumn[];
  orderable?: Record<string, PgColumn>;
  defaultOrder?: Array<[PgColumn, 'asc' | 'desc']>;
  selectLabel: PgColumn;
  /** Deleted rows go to the recycle bin and can be restored. */
  recyclable?: boolean;
  /**
   * Row keys whose changes the sensitive-data log records with before and after. How a value is
   * kept and shown comes from the one list of `platform/sensitive-fields.ts`: a secret is logged
   * only as changed; `masked` makes any other field so too.
   */
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
