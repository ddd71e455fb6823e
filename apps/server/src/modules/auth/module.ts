import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { adminAuthRoutes } from './admin-auth.routes.ts';
import { commonRoutes } from './common.routes.ts';
import { testHookRoutes } from './test-hooks.routes.ts';

/** Sign-in for the admin area and the member centre: captcha, codes, tokens (spec §6). */
export const authModule: ModuleDescriptor<AppServices> = {
  name: 'auth',
  dependsOn: ['access', 'tenancy', 'site'],
  // Members' sign-ins are checked by the member module's own statement.
  uses: ['member'],
  switchable: false,
  // Sign-in's tables (sessions, captcha, codes) are the platform's (platform/auth/schema.ts).
  tables: {},
  resources: [],
  menus: [],
  routes(app, services) {
    adminAuthRoutes(app, services);
    commonRoutes(app, services);
    testHookRoutes(app, services);
  },
};
