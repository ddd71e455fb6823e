import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { preparedQuery, anyOfPlaceholder } from '../../db/prepared.ts';
import { distinctIds } from '../../platform/distinct-ids.ts';
import {
  catalogCategories,
  catalogColors,
  catalogDictionary,
  catalogSizeAttributes,
  catalogSizes,
  catalogSizeTemplates,
  catalogSpus,
} from './schema.ts';

/*
 * Reads by id, always within one tenant, in one query per batch. Each is a prepared statement
 * built once per database handle (decision 0076): the ids travel as one array parameter
 * (`= ANY($2::uuid[])`), so a request costs no ORM rendering and PostgreSQL plans it once per
 * connection.
 */

const tenant = sql.placeholder('tenant');
const anyId = (column: AnyPgColumn) => anyOfPlaceholder(column, 'ids');

export async function categoriesByIds(tx: Executor, tenantId: string, ids: Iterable<string | null>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return preparedQuery(tx, 'catalog_categories_by_ids', (t) =>
    t
      .select()
      .from(catalogCategories)
      .where(sql`${eq(catalogCategories.tenantId, tenant)} AND ${anyId(catalogCategories.id)}`),
  ).execute({ tenant: tenantId, ids: list });
}

export function categoriesOfTenant(tx: Executor, tenantId: string) {
  return preparedQuery(tx, 'catalog_categories_of_tenant', (t) =>
    t.select().from(catalogCategories).where(eq(catalogCategories.tenantId, tenant)),
  ).execute({ tenant: tenantId });
}

export async function colorsByIds(tx: Executor, tenantId: string, ids: Iterable<string>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return preparedQuery(tx, 'catalog_colors_by_ids', (t) =>
    t
      .select()
      .from(catalogColors)
      .where(sql`${eq(catalogColors.tenantId, tenant)} AND ${anyId(catalogColors.id)}`),
  ).execute({ tenant: tenantId, ids: list });
}

export async function sizesByIds(tx: Executor, tenantId: string, ids: Iterable<string>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return preparedQuery(tx, 'catalog_sizes_by_ids', (t) =>
    t
      .select()
      .from(catalogSizes)
      .where(sql`${eq(catalogSizes.tenantId, tenant)} AND ${anyId(catalogSizes.id)}`),
  ).execute({ tenant: tenantId, ids: list });
}

export async function sizeAttributesByIds(tx: Executor, tenantId: string, ids: Iterable<string>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return preparedQuery(tx, 'catalog_size_attributes_by_ids', (t) =>
    t
      .select()
      .from(catalogSizeAttributes)
      .where(sql`${eq(catalogSizeAttributes.tenantId, tenant)} AND ${anyId(catalogSizeAttributes.id)}`),
  ).execute({ tenant: tenantId, ids: list });
}

export async function sizeTemplatesByIds(tx: Executor, tenantId: string, ids: Iterable<string | null>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return preparedQuery(tx, 'catalog_size_templates_by_ids', (t) =>
    t
      .select()
      .from(catalogSizeTemplates)
      .where(sql`${eq(catalogSizeTemplates.tenantId, tenant)} AND ${anyId(catalogSizeTemplates.id)}`),
  ).execute({ tenant: tenantId, ids: list });
}

export async function spusByIds(tx: Executor, tenantId: string, ids: Iterable<string | null>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return preparedQuery(tx, 'catalog_spus_by_ids', (t) =>
    t
      .select({ id: catalogSpus.id, code: catalogSpus.code })
      .from(catalogSpus)
      .where(sql`${eq(catalogSpus.tenantId, tenant)} AND ${anyId(catalogSpus.id)}`),
  ).execute({ tenant: tenantId, ids: list });
}

// Other contexts' rows (factories, merchant levels, merchants) come from their modules' batch look-ups.
export { factoriesByIds } from '../logistics/index.ts';
export { merchantLevelsByIds, merchantsByIds } from '../tenancy/index.ts';

/**
 * The dictionary entries (of any type) whose value is one of `values`, for showing free-text
 * fields by their labels (issue 26). The caller matches each field to its type.
 */
export async function dictionaryEntriesByValues(tx: Executor, tenantId: string, values: Iterable<string>) {
  const list = [...new Set([...values].filter((v) => v !== ''))];
  if (!list.length) return [];
  return preparedQuery(tx, 'catalog_dictionary_by_values', (t) =>
    t
      .select({
        type: catalogDictionary.type,
        value: catalogDictionary.value,
        label: catalogDictionary.label,
        enLabel: catalogDictionary.enLabel,
      })
      .from(catalogDictionary)
      .where(
        sql`${eq(catalogDictionary.tenantId, tenant)} AND ${catalogDictionary.value} = ANY(${sql.placeholder('values')}::text[])`,
      ),
  ).execute({ tenant: tenantId, values: list });
}
