import { TENANT_TIERS, buttons, type MenuEntry } from '../../platform/module.ts';

/** The menu catalogue's entries of exports (decision 0027): the export records page. */
export const MENUS: MenuEntry[] = [
  {
    name: 'system/export',
    type: 'menu',
    title: 'menu.exportRecords',
    parent: 'system',
    icon: 'DownloadOutlined',
    path: 'system/export',
    component: 'exports/export-records',
    permission: 'exportRecord:list',
    keepalive: true,
    tiers: TENANT_TIERS,
    sort: 60,
  },
  ...buttons('exportRecord', 'system/export', TENANT_TIERS, ['del']),
];
