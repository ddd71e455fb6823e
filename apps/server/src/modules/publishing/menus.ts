import { buttons, type MenuEntry } from '../../platform/module.ts';

/** spec §2: /admin/publish/finished/my (the publish list and form) and the listing templates. */
export const MENUS: MenuEntry[] = [
  {
    name: 'publish',
    type: 'menu_dir',
    title: 'menu.publish',
    icon: 'CloudUploadOutlined',
    path: 'publish',
    tiers: ['merchant'],
    sort: 720,
  },
  {
    name: 'publish/finished/my',
    type: 'menu',
    title: 'menu.publishList',
    parent: 'publish',
    icon: 'UnorderedListOutlined',
    path: 'publish/finished/my',
    component: 'publishing/listing',
    permission: 'publishListing:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 100,
  },
  ...buttons('publishListing', 'publish/finished/my', ['merchant'], ['add', 'edit', 'del', 'publish', 'unpublish']),
  {
    name: 'publish/template',
    type: 'menu',
    title: 'menu.publishTemplates',
    parent: 'publish',
    icon: 'ProfileOutlined',
    path: 'publish/template',
    component: 'publishing/template',
    permission: 'publishTemplate:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 90,
  },
  ...buttons('publishTemplate', 'publish/template', ['merchant'], ['add', 'edit', 'del']),
];
