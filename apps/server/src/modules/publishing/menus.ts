import { buttons, type MenuEntry } from '../../platform/module.ts';

/**
 * The publish list and form (spec §2 Finished products: publish list, publish form) and the
 * listing templates, under the "publish" directory designs declares.
 */
export const MENUS: MenuEntry[] = [
  {
    name: 'publish/listing',
    type: 'menu',
    title: 'menu.publishListings',
    parent: 'publish',
    icon: 'CloudUploadOutlined',
    path: 'publish/listing',
    component: 'publishing/listing',
    permission: 'publishListing:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 90,
  },
  ...buttons(
    'publishListing',
    'publish/listing',
    ['merchant'],
    ['add', 'edit', 'del', 'publish', 'unpublish'],
  ),
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
    sort: 80,
  },
  ...buttons('publishTemplate', 'publish/template', ['merchant'], ['add', 'edit', 'del']),
];
