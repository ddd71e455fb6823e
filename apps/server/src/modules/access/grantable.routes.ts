import { z } from 'zod';
import { envelope, grantableMenuSchema, type GrantableMenu } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { grantsFor } from './access.service.ts';
import { adminContext } from './context.ts';

/** What the role form offers: the menus and buttons the caller holds, as a tree with ids. */
export function grantableRoutes(app: ZodApp, { database }: AppServices): void {
  app.get(
    '/api/v1/admin/menu/grantable',
    {
      config: { audience: 'admin', permission: 'role:list' },
      schema: {
        tags: ['access'],
        operationId: 'grantableMenus',
        summary: 'The menus and buttons the caller may put in a role',
        response: { 200: envelope(z.array(grantableMenuSchema)) },
      },
    },
    async (request) => {
      const ctx = await adminContext(request, database.db);
      const { menus } = await grantsFor(database.db, ctx.actor);
      const build = (parentId: string | null): GrantableMenu[] =>
        menus
          .filter((m) => m.parentId === parentId)
          .map((m) => ({ id: m.id, type: m.type, title: m.title, name: m.name, children: build(m.id) }));
      return ok(build(null));
    },
  );
}
