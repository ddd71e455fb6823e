import { accessOperations } from '@pod/shared';
import { type GrantableMenu } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { grantsFor } from './access.service.ts';
import { adminContext } from './context.ts';

/** What the role form offers: the menus and buttons the caller holds, as a tree with ids. */
export function grantableRoutes(app: ZodApp, { database }: AppServices): void {
  route(app, accessOperations.grantableMenus, async (request) => {
    const ctx = await adminContext(request, database.db);
    const { menus } = await grantsFor(database.db, ctx.actor);
    const build = (parentId: string | null): GrantableMenu[] =>
      menus
        .filter((m) => m.parentId === parentId)
        .map((m) => ({ id: m.id, type: m.type, title: m.title, name: m.name, children: build(m.id) }));
    return ok(build(null));
  });
}
