import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { distinctIds } from '../../platform/distinct-ids.ts';
import {
  catalogCategories,
  catalogColors,
  catalogSizeAttributes,
  catalogSizes,
  catalogSizeTemplates,
  catalogSpus,
} from './schema.ts';

/* Reads by id, always within one tenant, in one query per batch. */

export async function categoriesByIds(tx: Executor, tenantId: string, ids: Iterable<string | null>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return tx
    .select()
    .from(catalogCategories)
    .where(and(eq(catalogCategories.tenantId, tenantId), inArray(catalogCategories.id, list)));
}

export function categoriesOfTenant(tx: Executor, tenantId: string) {
  return tx.select().from(catalogCategories).where(eq(catalogCategories.tenantId, tenantId));
}

export async function colorsByIds(tx: Executor, tenantId: string, ids: Iterable<string>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return tx
    .select()
    .from(catalogColors)
    .where(and(eq(catalogColors.tenantId, tenantId), inArray(catalogColors.id, list)));
}

export async function sizesByIds(tx: Executor, tenantId: string, ids: Iterable<string>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return tx
    .select()
    .from(catalogSizes)
    .where(and(eq(catalogSizes.tenantId, tenantId), inArray(catalogSizes.id, list)));
}

export async function sizeAttributesByIds(tx: Executor, tenantId: string, ids: Iterable<string>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return tx
    .select()
    .from(catalogSizeAttributes)
    .where(and(eq(catalogSizeAttributes.tenantId, tenantId), inArray(catalogSizeAttributes.id, list)));
}

export async function sizeTemplatesByIds(tx: Executor, tenantId: string, ids: Iterable<string | null>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return tx
    .select()
    .from(catalogSizeTemplates)
    .where(and(eq(catalogSizeTemplates.tenantId, tenantId), inArray(catalogSizeTemplates.id, list)));
}

export async function spusByIds(tx: Executor, tenantId: string, ids: Iterable<string | null>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return tx
    .select({ id: catalogSpus.id, code: catalogSpus.code })
    .from(catalogSpus)
    .where(and(eq(catalogSpus.tenantId, tenantId), inArray(catalogSpus.id, list)));
}

// Other contexts' rows (factories, merchant levels, merchants) come from their modules' batch look-ups.
export { factoriesByIds } from '../logistics/index.ts';
export { merchantLevelsByIds, merchantsByIds } from '../tenancy/index.ts';
