import { registerCrud } from '../../platform/crud/crud.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { adminAccountResource } from './admin-account.resource.ts';
import { adminContext } from './context.ts';
import { departmentResource } from './department.resource.ts';
import { grantableRoutes } from './grantable.routes.ts';
import { invalidateMenus } from './menu-cache.ts';
import { menuResource } from './menu.resource.ts';

const MENU_BASE = '/api/v1/admin/menu';
import { roleResource } from './role.resource.ts';

/** Roles, departments, menus and staff accounts, all through the CRUD kit. */
export function accessRoutes(app: ZodApp, services: AppServices): void {
  // Before the menu resource, whose GET /menu/:id would otherwise be tried first.
  grantableRoutes(app, services);
  registerCrud(app, services.crud, adminContext, roleResource);
  registerCrud(app, services.crud, adminContext, departmentResource);
  registerCrud(app, services.crud, adminContext, menuResource);
  // Permission checks cache the menus (menu-cache.ts): an edit through the menu resource clears it.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.routeOptions.url?.startsWith(MENU_BASE)) invalidateMenus();
    done(null, payload);
  });
  registerCrud(app, services.crud, adminContext, adminAccountResource(services));
}
