import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { memberRoutes } from './member.routes.ts';

/** The member centre and its users (spec §2 member area). */
export const memberModule: ModuleDescriptor<AppServices> = {
  name: 'member',
  dependsOn: ['tenancy'],
  switchable: true,
  tables,
  resources: [{ name: 'member', owner: 'tenant' }],
  menus: [],
  routes: memberRoutes,
};
