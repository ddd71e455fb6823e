import { TENANT_TIERS, buttons, type MenuEntry } from '../../platform/module.ts';

/** The menu catalogue's entries of the material library (decision 0027). */
export const MENUS: MenuEntry[] = [
  {
    name: 'materials',
    type: 'menu_dir',
    title: 'menu.materials',
    icon: 'PictureOutlined',
    path: 'materials',
    tiers: TENANT_TIERS,
    sort: 700,
  },
  {
    name: 'materials/library',
    type: 'menu',
    title: 'menu.materialLibrary',
    parent: 'materials',
    icon: 'AppstoreOutlined',
    path: 'materials/library',
    component: 'materials/library',
    permission: 'material:list',
    keepalive: true,
    tiers: TENANT_TIERS,
    sort: 100,
  },
  ...buttons('material', 'materials/library', TENANT_TIERS, ['add', 'edit', 'del']),
  ...buttons('material', 'materials/library', ['platform', 'supplier'], ['authorise']).map((b) => ({
    ...b,
    sort: 90,
  })),
  ...buttons('materialCategory', 'materials/library', TENANT_TIERS, [
    'list',
    'add',
    'edit',
    'del',
    'sortable',
  ]).map((b) => ({
    ...b,
    sort: b.sort - 10,
  })),
];
