import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { memberRoutes } from './member.routes.ts';
import { memberAdminRoutes } from './member-admin.routes.ts';
import { MENUS } from './menus.ts';

/** The member centre and its users (spec §2 member area), and their administration (issue 28). */
export const memberModule: ModuleDescriptor<AppServices> = {
  name: 'member',
  dependsOn: ['access', 'tenancy', 'site'],
  switchable: true,
  store: {
    title: 'moduleStore.member.title',
    description: 'moduleStore.member.description',
    version: '1.0.0',
  },
  tables,
  resources: [
    { name: 'member', owner: 'tenant' },
    { name: 'memberGroup', owner: 'tenant' },
    { name: 'memberRule', owner: 'tenant' },
  ],
  menus: MENUS,
  routes(app, services) {
    memberRoutes(app, services);
    memberAdminRoutes(app, services);
  },
};
