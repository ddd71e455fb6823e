import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { menus, type AdminTier } from '../../db/schema/index.ts';
import { invalidateMenus } from './menu-cache.ts';

type Tier = AdminTier;
const ALL: Tier[] = ['platform', 'supplier', 'factory', 'merchant'];
const TENANTS: Tier[] = ['platform', 'supplier', 'merchant'];

interface CatalogueEntry {
  name: string;
  type: 'menu_dir' | 'menu' | 'button';
  /** An i18n key; the web shows its translation (or the text itself for menus admins add). */
  title: string;
  parent?: string;
  icon?: string;
  path?: string;
  component?: string;
  permission?: string;
  keepalive?: boolean;
  tiers: Tier[];
  sort: number;
}

const buttons = (
  resource: string,
  parent: string,
  tiers: Tier[],
  actions = ['add', 'edit', 'del', 'sortable'],
) =>
  actions.map<CatalogueEntry>((action, i) => ({
    name: `${resource}:${action}`,
    type: 'button',
    title: `menu.button.${action}`,
    parent,
    tiers,
    sort: 100 - i,
  }));

/**
 * The platform's own menus. Modules add theirs here as their pages land; administrators may add
 * more through the menu resource. Applied at start (and after test resets) by name, so edits made
 * by administrators to icon, sort or status are kept.
 */
export const MENU_CATALOGUE: CatalogueEntry[] = [
  {
    name: 'dashboard',
    type: 'menu',
    title: 'menu.dashboard',
    icon: 'DashboardOutlined',
    path: 'dashboard',
    component: 'admin/dashboard',
    tiers: ALL,
    sort: 1000,
  },
  {
    name: 'access',
    type: 'menu_dir',
    title: 'menu.access',
    icon: 'TeamOutlined',
    path: 'access',
    tiers: TENANTS,
    sort: 900,
  },
  {
    name: 'access/admin',
    type: 'menu',
    title: 'menu.adminAccounts',
    parent: 'access',
    icon: 'UserOutlined',
    path: 'access/admin',
    component: 'access/admin',
    permission: 'admin:list',
    keepalive: true,
    tiers: TENANTS,
    sort: 100,
  },
  ...buttons('admin', 'access/admin', TENANTS, ['add', 'edit', 'del']),
  {
    name: 'access/role',
    type: 'menu',
    title: 'menu.roles',
    parent: 'access',
    icon: 'SafetyOutlined',
    path: 'access/role',
    component: 'access/role',
    permission: 'role:list',
    keepalive: true,
    tiers: TENANTS,
    sort: 90,
  },
  ...buttons('role', 'access/role', TENANTS),
  {
    name: 'access/department',
    type: 'menu',
    title: 'menu.departments',
    parent: 'access',
    icon: 'ApartmentOutlined',
    path: 'access/department',
    component: 'access/department',
    permission: 'department:list',
    keepalive: true,
    tiers: TENANTS,
    sort: 80,
  },
  ...buttons('department', 'access/department', TENANTS),
  {
    name: 'access/menu',
    type: 'menu',
    title: 'menu.menus',
    parent: 'access',
    icon: 'MenuOutlined',
    path: 'access/menu',
    component: 'access/menu',
    permission: 'menu:list',
    keepalive: true,
    tiers: ['platform'],
    sort: 70,
  },
  ...buttons('menu', 'access/menu', ['platform']),
  {
    name: 'tenancy',
    type: 'menu_dir',
    title: 'menu.tenancy',
    icon: 'ShopOutlined',
    path: 'tenancy',
    tiers: ['platform', 'supplier'],
    sort: 800,
  },
  {
    name: 'tenancy/supplier',
    type: 'menu',
    title: 'menu.suppliers',
    parent: 'tenancy',
    icon: 'BankOutlined',
    path: 'tenancy/supplier',
    component: 'tenancy/supplier',
    permission: 'supplier:list',
    keepalive: true,
    tiers: ['platform'],
    sort: 100,
  },
  ...buttons('supplier', 'tenancy/supplier', ['platform'], ['add', 'edit', 'del']),
  {
    name: 'tenancy/supplierLevel',
    type: 'menu',
    title: 'menu.supplierLevels',
    parent: 'tenancy',
    icon: 'CrownOutlined',
    path: 'tenancy/supplierLevel',
    component: 'tenancy/supplier-level',
    permission: 'supplierLevel:list',
    keepalive: true,
    tiers: ['platform'],
    sort: 90,
  },
  ...buttons('supplierLevel', 'tenancy/supplierLevel', ['platform']),
  {
    name: 'tenancy/merchantLevel',
    type: 'menu',
    title: 'menu.merchantLevels',
    parent: 'tenancy',
    icon: 'CrownOutlined',
    path: 'tenancy/merchantLevel',
    component: 'tenancy/merchant-level',
    permission: 'merchantLevel:list',
    keepalive: true,
    tiers: ['supplier'],
    sort: 80,
  },
  ...buttons('merchantLevel', 'tenancy/merchantLevel', ['supplier']),
  {
    name: 'tenancy/merchant',
    type: 'menu',
    title: 'menu.merchants',
    parent: 'tenancy',
    icon: 'ShopOutlined',
    path: 'tenancy/merchant',
    component: 'tenancy/merchant',
    permission: 'merchant:list',
    keepalive: true,
    tiers: ['supplier'],
    sort: 95,
  },
  ...buttons('merchant', 'tenancy/merchant', ['supplier'], ['add', 'edit', 'del']),
  {
    name: 'tenancy/factory',
    type: 'menu',
    title: 'menu.factories',
    parent: 'tenancy',
    icon: 'ShopOutlined',
    path: 'tenancy/factory',
    component: 'logistics/factory',
    permission: 'factory:list',
    keepalive: true,
    tiers: ['supplier'],
    sort: 85,
  },
  ...buttons('factory', 'tenancy/factory', ['supplier'], ['add', 'edit', 'del']),
  {
    name: 'tenancy/senderAddress',
    type: 'menu',
    title: 'menu.senderAddresses',
    parent: 'tenancy',
    icon: 'EnvironmentOutlined',
    path: 'tenancy/senderAddress',
    component: 'logistics/sender-address',
    permission: 'senderAddress:list',
    keepalive: true,
    tiers: ['supplier'],
    sort: 84,
  },
  ...buttons('senderAddress', 'tenancy/senderAddress', ['supplier'], ['add', 'edit', 'del']),
  // Logistics methods and their rates per ship-from factory (issue 10).
  {
    name: 'tenancy/shippingMethod',
    type: 'menu',
    title: 'menu.shippingMethods',
    parent: 'tenancy',
    icon: 'CarOutlined',
    path: 'tenancy/shippingMethod',
    component: 'logistics/shipping-method',
    permission: 'shippingMethod:list',
    keepalive: true,
    tiers: ['supplier'],
    sort: 83,
  },
  ...buttons('shippingMethod', 'tenancy/shippingMethod', ['supplier']),
  {
    name: 'tenancy/shippingRate',
    type: 'menu',
    title: 'menu.shippingRates',
    parent: 'tenancy',
    icon: 'CalculatorOutlined',
    path: 'tenancy/shippingRate',
    component: 'logistics/shipping-rate',
    permission: 'shippingRate:list',
    keepalive: true,
    tiers: ['supplier'],
    sort: 82,
  },
  ...buttons('shippingRate', 'tenancy/shippingRate', ['supplier'], ['add', 'edit', 'del']),
  {
    name: 'finance',
    type: 'menu_dir',
    title: 'menu.finance',
    icon: 'AccountBookOutlined',
    path: 'finance',
    tiers: ['platform', 'supplier'],
    sort: 700,
  },
  {
    name: 'finance/paymentAccount',
    type: 'menu',
    title: 'menu.paymentAccounts',
    parent: 'finance',
    icon: 'CreditCardOutlined',
    path: 'finance/paymentAccount',
    component: 'wallet/payment-account',
    permission: 'paymentAccount:list',
    keepalive: true,
    tiers: ['platform', 'supplier'],
    sort: 100,
  },
  ...buttons(
    'paymentAccount',
    'finance/paymentAccount',
    ['platform', 'supplier'],
    ['add', 'edit', 'del', 'sortable', 'reveal'],
  ),
  {
    name: 'finance/exchangeRate',
    type: 'menu',
    title: 'menu.exchangeRates',
    parent: 'finance',
    icon: 'SwapOutlined',
    path: 'finance/exchangeRate',
    component: 'wallet/exchange-rate',
    permission: 'exchangeRate:list',
    keepalive: true,
    tiers: ['platform'],
    sort: 90,
  },
  ...buttons('exchangeRate', 'finance/exchangeRate', ['platform'], ['add', 'edit', 'del']),
  // Wallet (issue: wallet): finance review for the supplier, balance screens for the merchant.
  ...(
    [
      [
        'finance/transferReview',
        'financeTransfer',
        'menu.transferReview',
        'FileSearchOutlined',
        'wallet/transfer-review',
        80,
        ['approve', 'reject'],
      ],
      [
        'finance/withdrawalReview',
        'financeWithdrawal',
        'menu.withdrawalReview',
        'MoneyCollectOutlined',
        'wallet/withdrawal-review',
        75,
        ['approve', 'reject'],
      ],
      [
        'finance/transaction',
        'financeTransaction',
        'menu.merchantTransactions',
        'UnorderedListOutlined',
        'wallet/finance-transaction',
        70,
        ['adjust'],
      ],
      [
        'finance/reconciliation',
        'financeReconciliation',
        'menu.reconciliation',
        'SafetyOutlined',
        'wallet/reconciliation',
        65,
        [],
      ],
    ] as const
  ).flatMap(([name, resource, title, icon, component, sort, actions]) => [
    {
      name,
      type: 'menu' as const,
      title,
      parent: 'finance',
      icon,
      path: name,
      component,
      permission: `${resource}:list`,
      keepalive: true,
      tiers: ['supplier' as const],
      sort,
    },
    ...buttons(resource, name, ['supplier'], [...actions]),
  ]),
  {
    name: 'wallet',
    type: 'menu_dir',
    title: 'menu.wallet',
    icon: 'WalletOutlined',
    path: 'wallet',
    tiers: ['merchant'],
    sort: 650,
  },
  ...(
    [
      ['wallet/balance', 'walletBalance', 'menu.balance', 'WalletOutlined', 'wallet/balance', 100, []],
      [
        'wallet/transaction',
        'walletTransaction',
        'menu.transactions',
        'UnorderedListOutlined',
        'wallet/transaction',
        90,
        [],
      ],
      [
        'wallet/recharge',
        'walletRecharge',
        'menu.recharge',
        'AccountBookOutlined',
        'wallet/recharge',
        80,
        ['add'],
      ],
      [
        'wallet/withdrawal',
        'walletWithdrawal',
        'menu.withdrawal',
        'MoneyCollectOutlined',
        'wallet/withdrawal',
        70,
        ['add'],
      ],
    ] as const
  ).flatMap(([name, resource, title, icon, component, sort, actions]) => [
    {
      name,
      type: 'menu' as const,
      title,
      parent: 'wallet',
      icon,
      path: name,
      component,
      permission: `${resource}:list`,
      keepalive: true,
      tiers: ['merchant' as const],
      sort,
    },
    ...buttons(resource, name, ['merchant'], [...actions]),
  ]),
  {
    name: 'system',
    type: 'menu_dir',
    title: 'menu.system',
    icon: 'SettingOutlined',
    path: 'system',
    tiers: TENANTS,
    sort: 100,
  },
  {
    name: 'system/adminLog',
    type: 'menu',
    title: 'menu.adminLog',
    parent: 'system',
    icon: 'FileSearchOutlined',
    path: 'system/adminLog',
    component: 'admin/admin-log',
    permission: 'adminLog:list',
    tiers: TENANTS,
    sort: 100,
  },
  {
    name: 'system/recycle',
    type: 'menu',
    title: 'menu.recycle',
    parent: 'system',
    icon: 'RestOutlined',
    path: 'system/recycle',
    component: 'admin/recycle',
    permission: 'recycle:list',
    tiers: TENANTS,
    sort: 90,
  },
  ...buttons('recycle', 'system/recycle', TENANTS, ['restore', 'del']),
  {
    name: 'system/sensitiveLog',
    type: 'menu',
    title: 'menu.sensitiveLog',
    parent: 'system',
    icon: 'EyeOutlined',
    path: 'system/sensitiveLog',
    component: 'admin/sensitive-log',
    permission: 'sensitiveLog:list',
    tiers: TENANTS,
    sort: 80,
  },
  ...buttons('sensitiveLog', 'system/sensitiveLog', TENANTS, ['rollback']),
  {
    name: 'system/config',
    type: 'menu',
    title: 'menu.config',
    parent: 'system',
    icon: 'ControlOutlined',
    path: 'system/config',
    component: 'admin/config',
    permission: 'config:list',
    tiers: ['platform', 'supplier'],
    sort: 110,
  },
  ...buttons('config', 'system/config', ['platform', 'supplier'], ['edit']),
  {
    name: 'system/attachment',
    type: 'menu',
    title: 'menu.attachment',
    parent: 'system',
    icon: 'PaperClipOutlined',
    path: 'system/attachment',
    component: 'admin/attachment',
    permission: 'attachment:list',
    tiers: TENANTS,
    sort: 95,
  },
  ...buttons('attachment', 'system/attachment', TENANTS, ['del']),
  {
    name: 'materials',
    type: 'menu_dir',
    title: 'menu.materials',
    icon: 'PictureOutlined',
    path: 'materials',
    tiers: TENANTS,
    sort: 700,
  },
  {
    name: 'materials/library',
    type: 'menu',
    title: 'menu.materialLibrary',
    parent: 'materials',
    icon: 'AppstoreOutlined',
    path: 'materials/library',
    component: 'materials/library',
    permission: 'material:list',
    keepalive: true,
    tiers: TENANTS,
    sort: 100,
  },
  ...buttons('material', 'materials/library', TENANTS, ['add', 'edit', 'del']),
  ...buttons('material', 'materials/library', ['platform', 'supplier'], ['authorise']).map((b) => ({
    ...b,
    sort: 90,
  })),
  ...buttons('materialCategory', 'materials/library', TENANTS, [
    'list',
    'add',
    'edit',
    'del',
    'sortable',
  ]).map((b) => ({
    ...b,
    sort: b.sort - 10,
  })),
  // Catalogue (issue 6): the supplier's SPU inventory and products; the merchant's catalogue
  // (spec §2 /admin/product/list) and its own product templates.
  {
    name: 'spu',
    type: 'menu_dir',
    title: 'menu.spuInventory',
    icon: 'DatabaseOutlined',
    path: 'spu',
    tiers: ['supplier'],
    sort: 760,
  },
  {
    name: 'product',
    type: 'menu_dir',
    title: 'menu.products',
    icon: 'ShoppingOutlined',
    path: 'product',
    tiers: ['supplier', 'merchant'],
    sort: 750,
  },
  ...(
    [
      ['spu/spu', 'spu', 'menu.spuList', 'UnorderedListOutlined', 'catalog/spu', 110, 'supplier'],
      [
        'spu/category',
        'spuCategory',
        'menu.spuCategories',
        'ClusterOutlined',
        'catalog/spu-category',
        100,
        'supplier',
      ],
      [
        'spu/attribute',
        'spuAttribute',
        'menu.spuAttributes',
        'TagsOutlined',
        'catalog/spu-attribute',
        90,
        'supplier',
      ],
      ['spu/color', 'spuColor', 'menu.spuColors', 'SkinOutlined', 'catalog/spu-color', 80, 'supplier'],
      ['spu/size', 'spuSize', 'menu.spuSizes', 'ProfileOutlined', 'catalog/spu-size', 70, 'supplier'],
      [
        'spu/sizeAttribute',
        'spuSizeAttribute',
        'menu.spuSizeAttributes',
        'ToolOutlined',
        'catalog/spu-size-attribute',
        60,
        'supplier',
      ],
      [
        'spu/sizeTemplate',
        'spuSizeTemplate',
        'menu.spuSizeTemplates',
        'FileOutlined',
        'catalog/spu-size-template',
        50,
        'supplier',
      ],
      [
        'spu/dictionary',
        'spuDictionary',
        'menu.spuDictionary',
        'BookOutlined',
        'catalog/spu-dictionary',
        40,
        'supplier',
      ],
      [
        'product/manage',
        'product',
        'menu.productManage',
        'ShoppingOutlined',
        'catalog/product',
        100,
        'supplier',
      ],
      [
        'product/template',
        'productTemplate',
        'menu.productTemplates',
        'SkinOutlined',
        'catalog/product-template',
        90,
        'merchant',
      ],
    ] as const
  ).flatMap(([name, resource, title, icon, component, sort, tier]) => [
    {
      name,
      type: 'menu' as const,
      title,
      parent: name.split('/')[0],
      icon,
      path: name,
      component,
      permission: `${resource}:list`,
      keepalive: true,
      tiers: [tier],
      sort,
    },
    // SPUs have no manual order (newest first), so no sortable button.
    ...buttons(resource, name, [tier], resource === 'spu' ? ['add', 'edit', 'del'] : undefined),
  ]),
  {
    name: 'product/list',
    type: 'menu',
    title: 'menu.productList',
    parent: 'product',
    icon: 'AppstoreOutlined',
    path: 'product/list',
    component: 'catalog/product-list',
    permission: 'productCatalog:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 110,
  },
  // Designs (issue 8): the editor (spec §2 /admin/design?product=…) and the finished products
  // list (/admin/publish/finished/my) with its groups and xlsx export.
  {
    name: 'design',
    type: 'menu',
    title: 'menu.designEditor',
    icon: 'HighlightOutlined',
    path: 'design',
    component: 'designs/editor',
    permission: 'finished:add',
    tiers: ['merchant'],
    sort: 745,
  },
  {
    name: 'publish',
    type: 'menu_dir',
    title: 'menu.publish',
    icon: 'GiftOutlined',
    path: 'publish',
    tiers: ['merchant'],
    sort: 740,
  },
  {
    name: 'publish/finished/my',
    type: 'menu',
    title: 'menu.finishedProducts',
    parent: 'publish',
    icon: 'SkinOutlined',
    path: 'publish/finished/my',
    component: 'designs/finished-list',
    permission: 'finished:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 100,
  },
  ...buttons('finished', 'publish/finished/my', ['merchant'], ['add', 'edit', 'del', 'export']),
  // Cart, checkout and orders (issue 10): the cart (/admin/publish/shopCart), the consignee
  // address book, and the order list (/admin/order/list). Settlement, payment results and order
  // detail are routes of the shell (spec §2), reached from these pages.
  {
    name: 'publish/shopCart',
    type: 'menu',
    title: 'menu.shopCart',
    parent: 'publish',
    icon: 'ShoppingCartOutlined',
    path: 'publish/shopCart',
    component: 'cart/cart',
    permission: 'cart:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 90,
  },
  ...buttons('cart', 'publish/shopCart', ['merchant'], ['add', 'edit', 'del', 'settle']),
  {
    name: 'order',
    type: 'menu_dir',
    title: 'menu.orders',
    icon: 'ProfileOutlined',
    path: 'order',
    tiers: ['merchant'],
    sort: 735,
  },
  {
    name: 'order/list',
    type: 'menu',
    title: 'menu.orderList',
    parent: 'order',
    icon: 'UnorderedListOutlined',
    path: 'order/list',
    component: 'orders/order-list',
    permission: 'order:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 100,
  },
  ...buttons('order', 'order/list', ['merchant'], ['pay', 'cancel']),
  {
    name: 'order/address',
    type: 'menu',
    title: 'menu.consigneeAddress',
    parent: 'order',
    icon: 'EnvironmentOutlined',
    path: 'order/address',
    component: 'checkout/address',
    permission: 'address:list',
    tiers: ['merchant'],
    sort: 90,
  },
  ...buttons('address', 'order/address', ['merchant'], ['add', 'edit', 'del']),
];

/** Inserts missing catalogue menus and links parents; existing rows keep administrators' edits. */
export async function ensureSystemMenus(tx: Executor): Promise<void> {
  invalidateMenus();
  const names = MENU_CATALOGUE.map((m) => m.name);
  const existing = await tx
    .select({ id: menus.id, name: menus.name })
    .from(menus)
    .where(inArray(menus.name, names));
  const ids = new Map(existing.map((m) => [m.name, m.id]));
  for (const entry of MENU_CATALOGUE) {
    if (ids.has(entry.name)) continue;
    const [row] = await tx
      .insert(menus)
      .values({
        type: entry.type,
        title: entry.title,
        name: entry.name,
        permission: entry.permission ?? '',
        icon: entry.icon ?? '',
        path: entry.path ?? '',
        component: entry.component ?? '',
        keepalive: entry.keepalive ?? false,
        tiers: entry.tiers,
        sort: entry.sort,
        parentId: entry.parent ? (ids.get(entry.parent) ?? null) : null,
      })
      .onConflictDoNothing({ target: menus.name })
      .returning({ id: menus.id });
    if (row) ids.set(entry.name, row.id);
  }
  // Parents created in this run after their children (not the case today, but cheap to guarantee).
  for (const entry of MENU_CATALOGUE) {
    const parentId = entry.parent ? ids.get(entry.parent) : undefined;
    const id = ids.get(entry.name);
    if (parentId && id)
      await tx
        .update(menus)
        .set({ parentId })
        .where(sql`${menus.id} = ${id} AND ${menus.parentId} IS NULL`);
  }
}

export async function menuIdByName(tx: Executor, name: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.name, name));
  return row?.id;
}
