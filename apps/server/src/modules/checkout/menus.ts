import { buttons, type MenuEntry } from '../../platform/module.ts';

/** The menu catalogue's entries of checkout (consignee addresses) (decision 0027). */
export const MENUS: MenuEntry[] = [
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
