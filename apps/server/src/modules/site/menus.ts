import { buttons, type MenuEntry } from '../../platform/module.ts';

/** The menu catalogue's entries of site configuration (decision 0027). */
export const MENUS: MenuEntry[] = [
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
];
