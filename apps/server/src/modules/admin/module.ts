import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { MERCHANT_STATS } from '../tenancy/index.ts';
import { adminToolRoutes } from './admin-tools.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { memberAvatarImage, storageMerchantStats, uploadRoutes } from './upload.routes.ts';
import { MEMBER_AVATAR_IMAGE } from '../member/index.ts';
import { MENUS } from './menus.ts';
import { DASHBOARD_FIGURES, organisationFigures } from './dashboard-figures.ts';

/** The admin tools: dashboard, admin log, recycle bin, sensitive-data log, uploads and attachments. */
export const adminModule: ModuleDescriptor<AppServices> = {
  name: 'admin',
  dependsOn: ['access', 'tenancy', 'site'],
  // The dashboard counts members when the member centre is there.
  uses: ['member'],
  switchable: false,
  tables,
  resources: [
    { name: 'adminLog', owner: 'organisation' },
    { name: 'recycle', owner: 'organisation' },
    { name: 'sensitiveLog', owner: 'organisation' },
    { name: 'attachment', owner: 'organisation' },
  ],
  menus: MENUS,
  provides: [
    MERCHANT_STATS.provide('storage', storageMerchantStats),
    MEMBER_AVATAR_IMAGE.provide('uploads', memberAvatarImage),
    DASHBOARD_FIGURES.provide('admin', organisationFigures),
  ],
  routes(app, services) {
    adminToolRoutes(app, services);
    dashboardRoutes(app, services);
    uploadRoutes(app, services);
  },
};
