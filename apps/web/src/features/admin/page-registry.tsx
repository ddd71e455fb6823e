import type { ComponentType } from 'react';
import type { MenuNode } from '@pod/shared';
import { MenuFramePage } from '../embedded/embedded-pages.tsx';
import { isIframeMenu } from '../layout/menu-tree.ts';
import { AdminAccountPage } from '../access/admin-account-page.tsx';
import { DepartmentPage } from '../access/department-page.tsx';
import { MenuPage } from '../access/menu-page.tsx';
import { RolePage } from '../access/role-page.tsx';
import { AdminLogPage } from '../admin-tools/admin-log-page.tsx';
import { AttachmentPage } from '../admin-tools/attachment-page.tsx';
import { CATALOG_PAGES } from '../catalog/pages.tsx';
import { ConfigPage } from '../admin-tools/config-page.tsx';
import { RecyclePage } from '../admin-tools/recycle-page.tsx';
import { SensitiveLogPage } from '../admin-tools/sensitive-log-page.tsx';
import { MaterialLibraryPage } from '../materials/material-library-page.tsx';
import { MerchantLevelPage, SupplierLevelPage } from '../tenancy/level-page.tsx';
import { MerchantPage } from '../tenancy/merchant-page.tsx';
import { SupplierPage } from '../tenancy/supplier-page.tsx';
import { ExchangeRatePage } from '../wallet/exchange-rate-page.tsx';
import { FactoryPage } from '../logistics/factory-page.tsx';
import { SenderAddressPage } from '../logistics/sender-address-page.tsx';
import { ShippingMethodPage } from '../logistics/shipping-method-page.tsx';
import { ShippingRatePage } from '../logistics/shipping-rate-page.tsx';
import { PaymentAccountPage } from '../wallet/payment-account-page.tsx';
import { BalancePage } from '../wallet/balance-page.tsx';
import { FinanceTransactionPage } from '../wallet/finance-transaction-page.tsx';
import { RechargePage } from '../wallet/recharge-page.tsx';
import { ReconciliationPage } from '../wallet/reconciliation-page.tsx';
import { TransferReviewPage, WithdrawalReviewPage } from '../wallet/review-pages.tsx';
import { TransactionPage } from '../wallet/transaction-page.tsx';
import { WithdrawalPage } from '../wallet/withdrawal-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { AdminProfilePage } from './profile-page.tsx';
import { FinishedListPage } from '../designs/finished/finished-list-page.tsx';
import { CartPage } from '../cart/cart-page.tsx';
import { AddressPage } from '../checkout/address-page.tsx';
import { OrderListPage } from '../orders/order-list-page.tsx';
import { SkuMappingPage } from '../orders/sku-mapping-page.tsx';
import { ExportRecordsPage } from '../exports/export-records-page.tsx';
import { OrderImportPage } from '../intake/order-import-page.tsx';
import { RiskWordPage } from '../shops/risk-word-page.tsx';
import { ShopPage } from '../shops/shop-page.tsx';
import { ListingPage } from '../publishing/listing-page.tsx';
import { TemplatePage } from '../publishing/template-page.tsx';
import { MemberPage } from '../member-admin/member-page.tsx';
import { MemberGroupPage } from '../member-admin/group-page.tsx';
import { MemberRulePage } from '../member-admin/rule-page.tsx';
import { MemberMoneyLogPage, MemberScoreLogPage } from '../member-admin/log-pages.tsx';
import { ModuleStorePage } from '../module-store/module-store-page.tsx';
import { CrudGeneratorPage } from '../crud-generator/crud-generator-page.tsx';
import { RequestListPage } from '../aftersales/request-list-page.tsx';
import { ReviewPage as AftersalesReviewPage } from '../aftersales/review-page.tsx';
import { LabelImportPage } from '../fulfilment/label-import-page.tsx';
import { ProductionQueuePage } from '../fulfilment/production-queue-page.tsx';
import { PushListPage as TrackingPushListPage } from '../tracking/push-list-page.tsx';
import { SyncRecordsPage } from '../sync/records-page.tsx';

/**
 * The page serving a menu item: an external link opened as a console tab shows its url in a frame;
 * any other item, the page its `component` names (undefined when that page is not built).
 */
export function pageOfMenu(menu: MenuNode): ComponentType | undefined {
  return isIframeMenu(menu) ? MenuFramePage : ADMIN_PAGES[menu.component];
}

/**
 * The pages a menu's `component` may name. A menu's path is the administrators' to choose (menus
 * resource); the component says which page serves it. Components not listed here are not built yet.
 */
export const ADMIN_PAGES: Readonly<Record<string, ComponentType>> = {
  'admin/dashboard': DashboardPage,
  'admin/profile': AdminProfilePage,
  'access/role': RolePage,
  'access/admin': AdminAccountPage,
  'access/department': DepartmentPage,
  'access/menu': MenuPage,
  'admin/admin-log': AdminLogPage,
  'admin/recycle': RecyclePage,
  'admin/sensitive-log': SensitiveLogPage,
  'admin/config': ConfigPage,
  'admin/attachment': AttachmentPage,
  'tenancy/supplier': SupplierPage,
  'tenancy/supplier-level': SupplierLevelPage,
  'tenancy/merchant-level': MerchantLevelPage,
  'tenancy/merchant': MerchantPage,
  'wallet/payment-account': PaymentAccountPage,
  'logistics/factory': FactoryPage,
  'logistics/sender-address': SenderAddressPage,
  'logistics/shipping-method': ShippingMethodPage,
  'logistics/shipping-rate': ShippingRatePage,
  'wallet/exchange-rate': ExchangeRatePage,
  'wallet/balance': BalancePage,
  'exports/export-records': ExportRecordsPage,
  'intake/order-import': OrderImportPage,
  'wallet/transaction': TransactionPage,
  'wallet/recharge': RechargePage,
  'wallet/withdrawal': WithdrawalPage,
  'wallet/transfer-review': TransferReviewPage,
  'wallet/withdrawal-review': WithdrawalReviewPage,
  'wallet/finance-transaction': FinanceTransactionPage,
  'wallet/reconciliation': ReconciliationPage,
  'materials/library': MaterialLibraryPage,
  'designs/finished-list': FinishedListPage,
  'cart/cart': CartPage,
  'checkout/address': AddressPage,
  'orders/order-list': OrderListPage,
  'orders/sku-mapping': SkuMappingPage,
  'shops/shop': ShopPage,
  'shops/risk-word': RiskWordPage,
  'publishing/listing': ListingPage,
  'publishing/template': TemplatePage,
  'member/user': MemberPage,
  'member/group': MemberGroupPage,
  'member/rule': MemberRulePage,
  'member/money-log': MemberMoneyLogPage,
  'member/score-log': MemberScoreLogPage,
  'tenancy/module-store': ModuleStorePage,
  'devtools/crud-generator': CrudGeneratorPage,
  'aftersales/request-list': RequestListPage,
  'aftersales/review-list': AftersalesReviewPage,
  'fulfilment/production-queue': ProductionQueuePage,
  'fulfilment/label-import': LabelImportPage,
  'tracking/push-list': TrackingPushListPage,
  'sync/records': SyncRecordsPage,
  ...CATALOG_PAGES,
};
