import { and, sql } from 'drizzle-orm';
import type { CrudOperations } from '@pod/shared';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud-definition.ts';
import { crudListConditions } from '../../platform/crud/crud-query.ts';
import { keysetBatches, type KeyColumn } from '../../platform/crud/keyset.ts';
import type { Extension } from '../../platform/extensions.ts';
import type { AppServices } from '../../services.ts';
import { exportSource, type Bilingual, type ExportColumn } from './source.ts';

type AnyDefinition = CrudDefinition;
type Item<Ops extends CrudOperations> = z.infer<Ops['get']['response']>;
type ListQuery = Record<string, unknown> & { quickSearch?: string | undefined };

/** A CRUD-kit list's export: its definition, with the columns of its reply items. */
export interface CrudExport<Ops extends CrudOperations, F extends ListQuery> {
  page: string;
  title: Bilingual;
  /** The permission to export, usually the list's own `<resource>:list`. */
  permission: string;
  /** The list operation's query schema (its contract): the export takes the same filters. */
  filters: z.ZodType<F>;
  /** The resource's definition, as the module registers it. */
  definition(services: AppServices): CrudDefinition<Ops>;
  /** The list's default order as keyset columns (NOT NULL), ending with the id. */
  keys: readonly KeyColumn[];
  columns: readonly ExportColumn<Item<Ops>>[];
  dateRange?(filters: F): { from?: string | undefined; to?: string | undefined };
}

const conditions = (ctx: ServiceContext, def: AnyDefinition, q: ListQuery) =>
  and(...crudListConditions(def, ctx, q));

/**
 * Declares the export of a CRUD-kit list: the rows come from `crudListConditions` (the list's
 * ownership, data scope, filters and quick search) and each is shaped by the list's own
 * `enrichMany` and `toItem`, so a row of the file is a row the list shows, masked the same way.
 */
export function crudExportSource<Ops extends CrudOperations, F extends ListQuery>(
  spec: CrudExport<Ops, F>,
): Extension {
  const definitions = new WeakMap<AppServices, AnyDefinition>();
  const definitionFor = (services: AppServices) => {
    let def = definitions.get(services);
    if (!def) {
      def = spec.definition(services);
      definitions.set(services, def);
    }
    return def;
  };
  return exportSource<F, Item<Ops>>({
    page: spec.page,
    title: spec.title,
    permission: spec.permission,
    filters: spec.filters,
    ...(spec.dateRange ? { dateRange: (f: F) => spec.dateRange!(f) } : {}),
    columns: spec.columns,
    async count(ctx, q, services) {
      const def = definitionFor(services);
      const [row] = await ctx.tx
        .select({ n: sql<number>`count(*)::int` })
        .from(def.table)
        .where(conditions(ctx, def, q));
      return row?.n ?? 0;
    },
    async *batches(ctx, q, size, services) {
      const def = definitionFor(services);
      for await (const rows of keysetBatches(ctx.tx, def.table, conditions(ctx, def, q), spec.keys, size)) {
        const shaped = def.enrichMany ? await def.enrichMany(ctx, rows) : rows;
        yield shaped.map((r) => def.toItem(r, ctx) as Item<Ops>);
      }
    },
  });
}
