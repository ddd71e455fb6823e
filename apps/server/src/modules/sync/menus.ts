import { buttons, type MenuEntry } from '../../platform/module.ts';

/** The menu catalogue's entries of order sync (issue 20): the sync records under the order centre. */
export const MENUS: MenuEntry[] = [
  {
    name: 'order/sync',
    type: 'menu',
    title: 'menu.orderSync',
    parent: 'order',
    icon: 'SyncOutlined',
    path: 'order/sync',
    component: 'sync/records',
    permission: 'orderSync:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 70,
  },
  ...buttons('orderSync', 'order/sync', ['merchant'], ['sync', 'edit']),
];
