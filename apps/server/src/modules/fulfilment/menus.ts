import { buttons, type MenuEntry } from '../../platform/module.ts';

/**
 * The menu catalogue's entries of fulfilment (issue 21): the production queue of the supplier and
 * its factories, and the merchant's label and waybill import under the order centre.
 */
export const MENUS: MenuEntry[] = [
  {
    name: 'production',
    type: 'menu',
    title: 'menu.production',
    icon: 'ToolOutlined',
    path: 'production',
    component: 'fulfilment/production-queue',
    permission: 'production:list',
    keepalive: true,
    tiers: ['supplier', 'factory'],
    sort: 730,
  },
  ...buttons('production', 'production', ['supplier', 'factory'], ['start', 'download', 'ship']),
  {
    name: 'order/label',
    type: 'menu',
    title: 'menu.labelImport',
    parent: 'order',
    icon: 'CarOutlined',
    path: 'order/label',
    component: 'fulfilment/label-import',
    permission: 'label:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 70,
  },
  ...buttons('label', 'order/label', ['merchant'], ['add', 'download']),
];
