import { buttons, type MenuEntry } from '../../platform/module.ts';

/** The menu catalogue's entries of orders (decision 0027). */
export const MENUS: MenuEntry[] = [
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
  ...buttons('order', 'order/list', ['merchant'], ['pay', 'cancel', 'edit', 'add']),
  {
    name: 'skuMapping',
    type: 'menu',
    title: 'menu.skuMapping',
    parent: 'order',
    icon: 'LinkOutlined',
    path: 'order/skuMapping',
    component: 'orders/sku-mapping',
    permission: 'skuMapping:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 80,
  },
  ...buttons('skuMapping', 'skuMapping', ['merchant'], ['add', 'edit', 'del']),
];
