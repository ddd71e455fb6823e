import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { ATTACHMENT_REFERENCES, DASHBOARD_FIGURES } from '../admin/index.ts';
import { walletDashboardFigures } from './dashboard.ts';
import { MERCHANT_STATS } from '../tenancy/index.ts';
import { receiptAttachmentUses, walletMerchantStats, walletRoutes } from './wallet.routes.ts';
import { MENUS } from './menus.ts';
import { RECHARGE_EXPORT, TRANSACTION_EXPORT, WITHDRAWAL_EXPORT } from './wallet.export.ts';

/** The wallet: ledger, recharge, bank-transfer review, withdrawals, payment accounts and exchange rates. */
export const walletModule: ModuleDescriptor<AppServices> = {
  name: 'wallet',
  dependsOn: ['access', 'exports', 'tenancy', 'admin'],
  switchable: false,
  tables,
  resources: [
    { name: 'paymentAccount', owner: 'tenant' },
    { name: 'exchangeRate', owner: 'platform' },
    { name: 'walletTransaction', owner: 'merchant' },
    { name: 'walletRecharge', owner: 'merchant' },
    { name: 'walletWithdrawal', owner: 'merchant' },
  ],
  menus: MENUS,
  provides: [
    ATTACHMENT_REFERENCES.provide('wallet', receiptAttachmentUses),
    MERCHANT_STATS.provide('wallet', walletMerchantStats),
    DASHBOARD_FIGURES.provide('wallet', walletDashboardFigures),
    TRANSACTION_EXPORT,
    RECHARGE_EXPORT,
    WITHDRAWAL_EXPORT,
  ],
  routes: walletRoutes,
};
