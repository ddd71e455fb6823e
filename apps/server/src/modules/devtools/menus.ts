import { buttons, type MenuEntry } from '../../platform/module.ts';

/** The CRUD generator's page (spec /admin/crud/crud), the platform's developers' (decision 0049). */
export const MENUS: MenuEntry[] = [
  {
    name: 'crud',
    type: 'menu_dir',
    title: 'menu.devtools',
    icon: 'CodeOutlined',
    path: 'crud',
    tiers: ['platform'],
    sort: 20,
  },
  {
    name: 'crud/crud',
    type: 'menu',
    title: 'menu.crudGenerator',
    parent: 'crud',
    icon: 'BuildOutlined',
    path: 'crud/crud',
    component: 'devtools/crud-generator',
    permission: 'crudGenerator:list',
    tiers: ['platform'],
    sort: 100,
  },
  ...buttons('crudGenerator', 'crud/crud', ['platform'], ['add']),
];
