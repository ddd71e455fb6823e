import { buttons, type MenuEntry } from '../../platform/module.ts';

/**
 * The menu catalogue's entries of after-sales (decision 0042): the merchant's requests under the
 * order centre (`/admin/order/afterSales`), the supplier's review under finance.
 */
export const MENUS: MenuEntry[] = [
  {
    name: 'order/afterSales',
    type: 'menu',
    title: 'menu.afterSales',
    parent: 'order',
    icon: 'CustomerServiceOutlined',
    path: 'order/afterSales',
    component: 'aftersales/request-list',
    permission: 'afterSales:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 80,
  },
  ...buttons('afterSales', 'order/afterSales', ['merchant'], ['add', 'close']),
  {
    name: 'finance/afterSalesReview',
    type: 'menu',
    title: 'menu.afterSalesReview',
    parent: 'finance',
    icon: 'AuditOutlined',
    path: 'finance/afterSalesReview',
    component: 'aftersales/review-list',
    permission: 'afterSalesReview:list',
    keepalive: true,
    tiers: ['supplier'],
    sort: 78,
  },
  ...buttons('afterSalesReview', 'finance/afterSalesReview', ['supplier'], ['approve', 'reject', 'close']),
];
