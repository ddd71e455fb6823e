import { eq } from 'drizzle-orm';
import { accessOperations } from '@pod/shared';

import { menus } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';

type MenuRow = typeof menus.$inferSelect;

async function checkParent(ctx: ServiceContext, parentId: string | null | undefined, selfId?: string) {
  if (!parentId) return;
  if (parentId === selfId) throw AppError.badRequest('access.menuCycle', {}, { field: 'parent_id' });
  const [parent] = await ctx.tx.select().from(menus).where(eq(menus.id, parentId));
  if (!parent) throw AppError.notFound('crud.notFound');
  if (parent.type === 'button')
    throw AppError.badRequest('access.menuParentButton', {}, { field: 'parent_id' });
}

/** The menu catalogue (platform administrators only: the permission is of the platform tier). */
export const menuResource: CrudDefinition<typeof accessOperations.menu> = {
  operations: accessOperations.menu,
  table: menus,
  owner: { level: 'platform' },
  columns: { id: menus.id, sort: menus.sort },
  toItem: (r) => {
    const m = r as MenuRow;
    return {
      id: m.id,
      parent_id: m.parentId,
      type: m.type,
      title: m.title,
      name: m.name,
      permission: m.permission,
      icon: m.icon,
      path: m.path,
      component: m.component,
      url: m.url,
      is_external: m.isExternal,
      keepalive: m.keepalive,
      tiers: m.tiers as MenuRow['tiers'] & Array<'platform' | 'supplier' | 'factory' | 'merchant'>,
      sort: m.sort,
      status: m.status,
    };
  },
  async toInsert(ctx, input) {
    await checkParent(ctx, input.parent_id);
    return {
      parentId: input.parent_id,
      type: input.type,
      title: input.title,
      name: input.name,
      permission: input.permission,
      icon: input.icon,
      path: input.path,
      component: input.component,
      url: input.url,
      isExternal: input.is_external,
      keepalive: input.keepalive,
      tiers: input.tiers,
      sort: input.sort,
      status: input.status,
    };
  },
  async toUpdate(ctx, input, existing) {
    await checkParent(ctx, input.parent_id, String(existing.id));
    const map: Record<string, string> = { parent_id: 'parentId', is_external: 'isExternal' };
    return Object.fromEntries(
      Object.entries(input)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [map[k] ?? k, v]),
    );
  },
  filters: {
    type: { column: menus.type, op: 'eq' },
    status: { column: menus.status, op: 'eq' },
  },
  quickSearch: [menus.title, menus.name, menus.path],
  orderable: { sort: menus.sort, title: menus.title },
  defaultOrder: [[menus.sort, 'desc']],
  selectLabel: menus.title,
};
