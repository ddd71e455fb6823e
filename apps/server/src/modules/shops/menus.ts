import { buttons, type MenuEntry } from '../../platform/module.ts';

/** The menu catalogue's entries of shops (spec §2 Shops: management, authorisation, warehouses, risk words). */
export const MENUS: MenuEntry[] = [
  {
    name: 'shop',
    type: 'menu_dir',
    title: 'menu.shops',
    icon: 'ShopOutlined',
    path: 'shop',
    tiers: ['merchant'],
    sort: 730,
  },
  {
    name: 'shop/list',
    type: 'menu',
    title: 'menu.shopList',
    parent: 'shop',
    icon: 'AppstoreOutlined',
    path: 'shop/list',
    component: 'shops/shop',
    permission: 'shop:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 100,
  },
  ...buttons('shop', 'shop/list', ['merchant'], ['add', 'edit', 'del', 'sortable', 'authorise']),
  {
    name: 'shop/riskWord',
    type: 'menu',
    title: 'menu.riskWords',
    parent: 'shop',
    icon: 'WarningOutlined',
    path: 'shop/riskWord',
    component: 'shops/risk-word',
    permission: 'riskWord:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 90,
  },
  ...buttons('riskWord', 'shop/riskWord', ['merchant'], ['add', 'edit', 'del']),
];
