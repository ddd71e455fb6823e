import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  catalogCategories,
  catalogColors,
  catalogDictionary,
  catalogSizeAttributes,
  catalogSizes,
  catalogSizeTemplates,
  catalogSpus,
} from './schema.ts';
import { formatCode, nextNumber } from './codes.repo.ts';

/*
 * Reference data written outside a request (the demo seed, test factories). The back office goes
 * through the CRUD resources, which add the request's checks.
 */

const first = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error('insert returned nothing');
  return row;
};

/** A category under a parent of the same tenant (or a root), with its position in the tree. */
export async function createCategory(
  tx: Executor,
  tenantId: string,
  input: { category_name: string; en_name?: string; parent_id?: string | null; sort?: number },
) {
  const [parent] = input.parent_id
    ? await tx
        .select()
        .from(catalogCategories)
        .where(and(eq(catalogCategories.id, input.parent_id), eq(catalogCategories.tenantId, tenantId)))
    : [];
  if (input.parent_id && !parent) throw new Error(`no category ${input.parent_id} in tenant ${tenantId}`);
  const id = randomUUID();
  return first(
    await tx
      .insert(catalogCategories)
      .values({
        id,
        tenantId,
        parentId: parent?.id ?? null,
        categoryName: input.category_name,
        enName: input.en_name ?? '',
        position: `${parent?.position ?? ''}${id}/`,
        level: (parent?.level ?? 0) + 1,
        sort: input.sort ?? 0,
      })
      .returning(),
  );
}

export async function createColor(
  tx: Executor,
  tenantId: string,
  input: { name: string; en_name?: string; hex: string; sort?: number },
) {
  return first(
    await tx
      .insert(catalogColors)
      .values({
        tenantId,
        name: input.name,
        enName: input.en_name ?? '',
        hex: input.hex.toLowerCase(),
        sort: input.sort ?? 0,
      })
      .returning(),
  );
}

export async function createSize(
  tx: Executor,
  tenantId: string,
  input: { name: string; en_name?: string; sort?: number },
) {
  return first(
    await tx
      .insert(catalogSizes)
      .values({ tenantId, name: input.name, enName: input.en_name ?? '', sort: input.sort ?? 0 })
      .returning(),
  );
}

export async function createSizeAttribute(
  tx: Executor,
  tenantId: string,
  input: { name: string; en_name?: string; unit?: string; sort?: number },
) {
  return first(
    await tx
      .insert(catalogSizeAttributes)
      .values({
        tenantId,
        name: input.name,
        enName: input.en_name ?? '',
        unit: input.unit ?? 'cm',
        sort: input.sort ?? 0,
      })
      .returning(),
  );
}

export async function createSizeTemplate(
  tx: Executor,
  tenantId: string,
  input: {
    template_name: string;
    size_attribute_ids: string[];
    rows: Array<{ size_id: string; values: Record<string, number | null> }>;
  },
) {
  return first(
    await tx
      .insert(catalogSizeTemplates)
      .values({
        tenantId,
        templateName: input.template_name,
        sizeAttributeIds: input.size_attribute_ids,
        rows: input.rows,
      })
      .returning(),
  );
}

export async function createDictionaryEntries(
  tx: Executor,
  tenantId: string,
  entries: Array<{ type: string; label: string; enLabel?: string; value: string }>,
) {
  if (!entries.length) return [];
  return tx
    .insert(catalogDictionary)
    .values(entries.map((e, i) => ({ tenantId, ...e, sort: entries.length - i })))
    .returning();
}

/** An SPU with its generated code (the demo seed; the back office uses the SPU resource). */
export async function createSpu(
  tx: Executor,
  tenantId: string,
  input: Omit<typeof catalogSpus.$inferInsert, 'tenantId' | 'code' | 'id'>,
) {
  const code = formatCode('SPU', await nextNumber(tx, tenantId, 'spu'));
  return first(
    await tx
      .insert(catalogSpus)
      .values({ ...input, tenantId, code })
      .returning(),
  );
}
