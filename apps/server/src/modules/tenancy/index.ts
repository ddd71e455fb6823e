import './messages.ts';

export {
  captchaPolicy,
  createMerchant,
  createTenant,
  findMerchant,
  findMerchantByNumber,
  findTenantByName,
  tenantForRequest,
  normaliseDomain,
  tenantForHost,
  type NewTenant,
} from './tenancy.service.ts';
export type { MerchantRow, TenantRow } from './tenancy.repo.ts';
export {
  countMerchants,
  countTenants,
  merchantGrowth,
  existingMerchantIds,
  merchantLevelsByIds,
  merchantsByIds,
} from './tenancy.repo.ts';
export { tenancyRoutes } from './tenancy.routes.ts';
export {
  assertDesignSlot,
  assertFactorySlot,
  assertMerchantSlot,
  assertMerchantQuota,
  assertShopSlot,
  assertStorage,
  assertTemplateSlot,
  merchantLevel,
  supplierLevel,
} from './quota.service.ts';
export { MERCHANT_STATS, type MerchantStats, type MerchantStatsProvider } from './merchant-stats.ts';
export { tenancyModule } from './module.ts';
export { disabledModulesOf, switchModule, tenantsWithModuleOff } from './module-switch.service.ts';
