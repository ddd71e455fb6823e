import { buttons, type MenuEntry } from '../../platform/module.ts';

/**
 * Tracking's menu entries (issue 21): the push records under the order centre; "sync status" is a
 * button of the order list, a shop's tracking settings a button of the shop list.
 */
export const MENUS: MenuEntry[] = [
  {
    name: 'order/tracking',
    type: 'menu',
    title: 'menu.trackingPushes',
    parent: 'order',
    icon: 'SendOutlined',
    path: 'order/tracking',
    component: 'tracking/push-list',
    permission: 'tracking:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 70,
  },
  ...buttons('tracking', 'order/list', ['merchant'], ['sync']),
  ...buttons('tracking', 'shop', ['merchant'], ['edit']),
];
