import { accessOperations } from './access/operations.ts';
import { aftersalesOperations } from './aftersales/operations.ts';
import { syncOperations } from './sync/operations.ts';
import { adminOperations } from './admin/operations.ts';
import { authOperations } from './auth/operations.ts';
import { catalogOperations } from './catalog/operations.ts';
import { operationsIn, type AnyOperation } from './contract.ts';
import { designOperations } from './designs/operations.ts';
import { exportOperations } from './exports/operations.ts';
import { fulfilmentOperations } from './fulfilment/operations.ts';
import { intakeOperations } from './intake/operations.ts';
import { jobOperations } from './jobs/operations.ts';
import { logisticsOperations } from './logistics/operations.ts';
import { materialOperations } from './materials/operations.ts';
import { memberAdminOperations } from './member/admin.ts';
import { memberOperations } from './member/operations.ts';
import { devtoolsOperations } from './devtools/operations.ts';
import { moduleStoreOperations } from './tenancy/module-store.ts';
import {
  cartOperations,
  checkoutOperations,
  orderOperations,
  skuMappingOperations,
} from './orders/operations.ts';
import { personalisationOperations } from './personalisation/operations.ts';
import { publishingOperations } from './publishing/operations.ts';
import { trackingOperations } from './tracking/operations.ts';
import { shopOperations } from './shops/operations.ts';
import { siteOperations } from './site/operations.ts';
import { tenancyOperations } from './tenancy/operations.ts';
import { uploadOperations } from './uploads/operations.ts';
import { walletOperations } from './wallet/operations.ts';

/** Every context's operations, by context. */
export const OPERATION_GROUPS = {
  site: siteOperations,
  jobs: jobOperations,
  auth: authOperations,
  member: memberOperations,
  access: accessOperations,
  admin: adminOperations,
  uploads: uploadOperations,
  tenancy: tenancyOperations,
  wallet: walletOperations,
  logistics: logisticsOperations,
  materials: materialOperations,
  catalog: catalogOperations,
  designs: designOperations,
  cart: cartOperations,
  checkout: checkoutOperations,
  orders: orderOperations,
  skuMappings: skuMappingOperations,
  exports: exportOperations,
  shops: shopOperations,
  publishing: publishingOperations,
  memberAdmin: memberAdminOperations,
  moduleStore: moduleStoreOperations,
  devtools: devtoolsOperations,
  aftersales: aftersalesOperations,
  fulfilment: fulfilmentOperations,
  tracking: trackingOperations,
  intake: intakeOperations,
  sync: syncOperations,
  personalisation: personalisationOperations,
} as const;

/** Every HTTP operation of the platform, each once; operationIds are unique (checked here). */
export const OPERATIONS: readonly AnyOperation[] = (() => {
  const all = operationsIn(OPERATION_GROUPS);
  const seen = new Map<string, AnyOperation>();
  for (const op of all) {
    const key = `${op.method} ${op.path}`;
    for (const other of seen.values()) {
      if (other.id === op.id) throw new Error(`operationId ${op.id} is declared twice`);
      if (`${other.method} ${other.path}` === key) throw new Error(`${key} is declared twice`);
    }
    seen.set(op.id, op);
  }
  return Object.freeze(all);
})();
