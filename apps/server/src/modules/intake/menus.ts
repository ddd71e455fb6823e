import { buttons, type MenuEntry } from '../../platform/module.ts';

/** The menu catalogue's entries of order intake (decision 0027): the import page under Orders. */
export const MENUS: MenuEntry[] = [
  {
    name: 'order/import',
    type: 'menu',
    title: 'menu.orderImport',
    parent: 'order',
    icon: 'ImportOutlined',
    path: 'order/import',
    component: 'intake/order-import',
    permission: 'orderImport:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 90,
  },
  ...buttons('orderImport', 'order/import', ['merchant'], ['add']),
];
