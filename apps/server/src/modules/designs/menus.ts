import { buttons, type MenuEntry } from '../../platform/module.ts';

/** The menu catalogue's entries of designs and finished products (decision 0027). */
export const MENUS: MenuEntry[] = [
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
];
