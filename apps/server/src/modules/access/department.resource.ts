import { and, count, eq } from 'drizzle-orm';
import { accessOperations } from '@pod/shared';
import { adminUsers, departments, roleDepartments } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import { departmentSubtree } from './access.repo.ts';
import { ownedBy } from '../../platform/ownership.ts';
import { DEPARTMENT_OWNER } from './owners.ts';

type DepartmentRow = typeof departments.$inferSelect;

/** The parent must be a department of the same tenant, and never the department or one below it. */
async function checkParent(
  ctx: ServiceContext,
  parentId: string | null | undefined,
  selfId?: string,
): Promise<void> {
  if (!parentId) return;
  const [parent] = await ctx.tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, parentId), ...ownedBy(DEPARTMENT_OWNER, ctx.scope)));
  if (!parent) throw AppError.notFound('crud.notFound');
  if (selfId && (await departmentSubtree(ctx.tx, ctx.scope, selfId)).includes(parentId)) {
    throw AppError.badRequest('access.departmentCycle', {}, { field: 'parent_id' });
  }
}

const countWhere = async (ctx: ServiceContext, q: Promise<Array<{ n: number }>>) =>
  ((await q)[0]?.n ?? 0) > 0;

/** Departments: a tree per tenant; deleted ones go to the recycle bin. */
export const departmentResource: CrudDefinition<typeof accessOperations.department> = {
  operations: accessOperations.department,
  table: departments,
  owner: DEPARTMENT_OWNER,
  columns: { id: departments.id, sort: departments.sort },
  toItem: (r) => {
    const row = r as DepartmentRow;
    return {
      id: row.id,
      parent_id: row.parentId,
      name: row.name,
      sort: row.sort,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    };
  },
  async toInsert(ctx, input) {
    await checkParent(ctx, input.parent_id);
    return { parentId: input.parent_id, name: input.name, sort: input.sort, status: input.status };
  },
  async toUpdate(ctx, input, existing) {
    await checkParent(ctx, input.parent_id, String(existing.id));
    return {
      ...(input.parent_id !== undefined ? { parentId: input.parent_id } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
    };
  },
  // A department in use would leave children, users or roles pointing nowhere.
  async beforeDelete(ctx, row) {
    const id = String(row.id);
    const inUse =
      (await countWhere(
        ctx,
        ctx.tx.select({ n: count() }).from(departments).where(eq(departments.parentId, id)),
      )) ||
      (await countWhere(
        ctx,
        ctx.tx.select({ n: count() }).from(adminUsers).where(eq(adminUsers.departmentId, id)),
      )) ||
      (await countWhere(
        ctx,
        ctx.tx.select({ n: count() }).from(roleDepartments).where(eq(roleDepartments.departmentId, id)),
      ));
    if (inUse) throw AppError.conflict('access.departmentInUse');
  },
  filters: {
    status: { column: departments.status, op: 'eq' },
    parent_id: { column: departments.parentId, op: 'eq' },
  },
  quickSearch: [departments.name],
  orderable: { sort: departments.sort, name: departments.name },
  defaultOrder: [[departments.sort, 'desc']],
  selectLabel: departments.name,
  recyclable: true,
};
