import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { ALIPAY_SETTLEMENT } from '../wallet/index.ts';
import { checkoutRoutes } from './checkout.routes.ts';
import { settleOrderPurchase } from './payment.workflow.ts';
import { MENUS } from './menus.ts';

/** Checkout: consignee addresses, settlement, and the payment workflow. */
export const checkoutModule: ModuleDescriptor<AppServices> = {
  name: 'checkout',
  dependsOn: ['access', 'wallet', 'logistics', 'orders', 'cart', 'catalog'],
  switchable: false,
  tables,
  resources: [{ name: 'address', owner: 'merchant' }],
  menus: MENUS,
  provides: [ALIPAY_SETTLEMENT.provide('order', settleOrderPurchase)],
  routes: checkoutRoutes,
};
