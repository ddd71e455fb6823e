import { eq } from 'drizzle-orm';
import { accessOperations, missingMenuFields, type Menu } from '@pod/shared';

import { menus } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';

type MenuRow = typeof menus.$inferSelect;

/** A parent exists, is not the entry itself, is no button; a button's parent is the page it acts on. */
async function checkParent(
  ctx: ServiceContext,
  type: MenuRow['type'],
  parentId: string | null | undefined,
  selfId?: string,
) {
  if (!parentId) return;
  if (parentId === selfId) throw AppError.badRequest('access.menuCycle', {}, { field: 'parent_id' });
  const [parent] = await ctx.tx.select().from(menus).where(eq(menus.id, parentId));
  if (!parent) throw AppError.notFound('crud.notFound');
  if (parent.type === 'button')
    throw AppError.badRequest('access.menuParentButton', {}, { field: 'parent_id' });
  if (type === 'button' && parent.type !== 'menu')
    throw AppError.field('parent_id', 'access.buttonParentMenu');
}

/**
 * spec §5: the fields the entry's type requires, checked on the entry as it will be after an edit
 * too (a PATCH must not empty a page's path or an external link's url).
 */
function checkRequired(
  menu: Pick<Menu, 'type' | 'is_external' | 'parent_id' | 'path' | 'component' | 'url'>,
) {
  const [missing] = missingMenuFields(menu);
  if (missing) throw AppError.field(missing, 'validation.required', { field: { t: `fields.${missing}` } });
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
      link_target: m.linkTarget,
      keepalive: m.keepalive,
      tiers: m.tiers as MenuRow['tiers'] & Array<'platform' | 'supplier' | 'factory' | 'merchant'>,
      sort: m.sort,
      status: m.status,
    };
  },
  async toInsert(ctx, input) {
    await checkParent(ctx, input.type, input.parent_id);
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
      linkTarget: input.link_target,
      keepalive: input.keepalive,
      tiers: input.tiers,
      sort: input.sort,
      status: input.status,
    };
  },
  async toUpdate(ctx, input, existing) {
    const row = existing as MenuRow;
    const after = {
      type: input.type ?? row.type,
      is_external: input.is_external ?? row.isExternal,
      parent_id: input.parent_id === undefined ? row.parentId : input.parent_id,
      path: input.path ?? row.path,
      component: input.component ?? row.component,
      url: input.url ?? row.url,
    };
    checkRequired(after);
    await checkParent(ctx, after.type, input.parent_id ?? (input.type ? row.parentId : undefined), row.id);
    const map: Record<string, string> = {
      parent_id: 'parentId',
      is_external: 'isExternal',
      link_target: 'linkTarget',
    };
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
