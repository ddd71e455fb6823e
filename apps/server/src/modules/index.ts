import type { ModuleDescriptor, MenuEntry } from '../platform/module.ts';
import type { AppServices } from '../services.ts';
import { accessModule } from './access/index.ts';
import { exportsModule } from './exports/index.ts';
import { tenancyModule } from './tenancy/index.ts';
import { siteModule } from './site/index.ts';
import { memberModule } from './member/index.ts';
import { authModule } from './auth/index.ts';
import { adminModule } from './admin/index.ts';
import { walletModule } from './wallet/index.ts';
import { logisticsModule } from './logistics/index.ts';
import { materialsModule } from './materials/index.ts';
import { catalogModule } from './catalog/index.ts';
import { designsModule } from './designs/index.ts';
import { ordersModule } from './orders/index.ts';
import { cartModule } from './cart/index.ts';
import { checkoutModule } from './checkout/index.ts';
import { shopsModule } from './shops/index.ts';
import { publishingModule } from './publishing/index.ts';
import { devtoolsModule } from './devtools/index.ts';
import { aftersalesModule } from './aftersales/index.ts';
import { fulfilmentModule } from './fulfilment/index.ts';
import { trackingModule } from './tracking/index.ts';
import { intakeModule } from './intake/index.ts';
import { syncModule } from './sync/index.ts';
import { personalisationModule } from './personalisation/index.ts';

/**
 * Every module, in an order where each comes after what it depends on (decision 0027). The app
 * composes these: their routes, jobs, extensions and menus. Nothing registers itself elsewhere.
 */
export const MODULES: readonly ModuleDescriptor<AppServices>[] = [
  accessModule,
  exportsModule,
  tenancyModule,
  siteModule,
  memberModule,
  authModule,
  adminModule,
  walletModule,
  logisticsModule,
  materialsModule,
  catalogModule,
  designsModule,
  // Before orders, which uses it (SKU mappings are per shop).
  shopsModule,
  ordersModule,
  cartModule,
  checkoutModule,
  publishingModule,
  devtoolsModule,
  aftersalesModule,
  fulfilmentModule,
  trackingModule,
  intakeModule,
  syncModule,
  personalisationModule,
];

/** The menu catalogue: every module's menus. */
export const MENU_CATALOGUE: readonly MenuEntry[] = MODULES.flatMap((m) => m.menus);
