import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@pod/shared';
import {
  isAdminPathAllowed,
  isGrantedByMenus,
  isKnownAdminPath,
  menuPaths,
  sessionPermissions,
} from './permissions.ts';

function node(partial: Partial<MenuNode>): MenuNode {
  return {
    id: partial.path ?? 'dir',
    type: 'menu',
    title: '',
    name: '',
    path: '',
    component: '',
    icon: '',
    keepalive: false,
    permission: '',
    url: '',
    is_external: false,
    link_target: 'blank',
    buttons: [],
    children: [],
    ...partial,
  };
}

const menus = [
  node({
    type: 'menu_dir',
    path: 'order',
    children: [node({ path: 'order/list' }), node({ type: 'button', path: 'order/secret' })],
  }),
  node({ path: '/admin/product/list' }),
];

describe('menuPaths', () => {
  it('collects the menu items, not directories or buttons, as absolute admin paths', () => {
    expect(menuPaths(menus)).toEqual(['/admin/order/list', '/admin/product/list']);
  });
});

describe('isAdminPathAllowed (spec §2 "/401")', () => {
  it('allows every built page while the session carries no menus', () => {
    expect(isAdminPathAllowed([], '/admin/product/list')).toBe(true);
  });

  it('allows granted paths and the pages below them', () => {
    expect(isAdminPathAllowed(menus, '/admin/order/list')).toBe(true);
    expect(isAdminPathAllowed(menus, '/admin/product/list/')).toBe(true);
    expect(isAdminPathAllowed(menus, '/admin/order/list/detail')).toBe(true);
  });

  it('refuses paths the menus do not grant, but keeps the dashboard open', () => {
    expect(isAdminPathAllowed(menus, '/admin/order/secret')).toBe(false);
    expect(isAdminPathAllowed(menus, '/admin/order')).toBe(false);
    expect(isAdminPathAllowed(menus, '/admin/order/listing')).toBe(false);
    expect(isAdminPathAllowed(menus, '/admin/dashboard')).toBe(true);
  });

  it('keeps the pages that are not built yet open: there is nothing behind them to guard', () => {
    const withoutOrders = [node({ path: 'dashboard' })];
    expect(isAdminPathAllowed(withoutOrders, '/admin/product/detail')).toBe(true);
    // A built page (the product list since the catalogue issue, the module store since issue 28)
    // is guarded by its menu.
    expect(isAdminPathAllowed(withoutOrders, '/admin/moduleStore')).toBe(false);
    expect(isAdminPathAllowed(withoutOrders, '/admin/product/list')).toBe(false);
    expect(isAdminPathAllowed(withoutOrders, '/admin/access/menu')).toBe(false);
  });
});

describe('fixed pages that belong to a menu (issue: wallet)', () => {
  const recharge = [
    node({
      type: 'menu_dir',
      path: 'wallet',
      children: [node({ name: 'wallet/recharge', path: 'wallet/recharge' })],
    }),
  ];
  const other = [node({ name: 'wallet/balance', path: 'wallet/balance' })];

  it('opens the recharge pages to a session holding the Recharge menu', () => {
    expect(isAdminPathAllowed(recharge, '/admin/rechargeResult')).toBe(true);
    expect(isAdminPathAllowed(recharge, '/admin/rechargeBalance/alipay')).toBe(true);
    expect(isAdminPathAllowed(recharge, '/admin/transferDetail')).toBe(true);
  });

  it('refuses them without it', () => {
    expect(isAdminPathAllowed(other, '/admin/rechargeResult')).toBe(false);
    expect(isAdminPathAllowed(other, '/admin/rechargeBalance/transfer')).toBe(false);
    expect(isAdminPathAllowed(other, '/admin/transferDetail')).toBe(false);
  });
});

describe('checkout and order pages that belong to the cart or the order list (issue 10)', () => {
  const cart = [node({ name: 'publish/shopCart', path: 'publish/shopCart' })];
  const orders = [
    node({
      type: 'menu_dir',
      path: 'order',
      children: [node({ name: 'order/list', path: 'order/list' })],
    }),
  ];
  const other = [node({ name: 'wallet/balance', path: 'wallet/balance' })];

  it('opens the settlement with the cart, and the results with the cart or the order list', () => {
    expect(isAdminPathAllowed(cart, '/admin/settlement')).toBe(true);
    expect(isAdminPathAllowed(orders, '/admin/settlement')).toBe(false);
    for (const menus of [cart, orders]) {
      expect(isAdminPathAllowed(menus, '/admin/payResult')).toBe(true);
      expect(isAdminPathAllowed(menus, '/admin/orderPayResult/P2024001')).toBe(true);
    }
  });

  it('opens the order detail with the order list only', () => {
    expect(isAdminPathAllowed(orders, '/admin/order/detail')).toBe(true);
    expect(isAdminPathAllowed(cart, '/admin/order/detail')).toBe(false);
  });

  it('refuses them all without either menu, now that they are built', () => {
    for (const path of [
      '/admin/settlement',
      '/admin/payResult',
      '/admin/orderPayResult/P2024001',
      '/admin/order/detail',
      '/admin/order/list',
      '/admin/publish/shopCart',
    ])
      expect(isAdminPathAllowed(other, path), path).toBe(false);
  });
});

describe('isGrantedByMenus', () => {
  it('tells granted paths from unknown ones', () => {
    expect(isGrantedByMenus(menus, '/admin/order/list')).toBe(true);
    expect(isGrantedByMenus(menus, '/admin/no/such/page')).toBe(false);
    expect(isGrantedByMenus([], '/admin/order/list')).toBe(false);
  });
});

describe('isKnownAdminPath (issue 27: unknown → /404, not granted → /401)', () => {
  const catalogue = ['access/menu', 'tenancy/supplier'];
  it('knows the catalogue pages granted or not, pages below them and the fixed pages', () => {
    expect(isKnownAdminPath(catalogue, '/admin/access/menu')).toBe(true);
    expect(isKnownAdminPath(catalogue, '/admin/tenancy/supplier/')).toBe(true);
    expect(isKnownAdminPath(catalogue, '/admin/dashboard')).toBe(true);
    expect(isKnownAdminPath(catalogue, '/admin/orderPayResult/P123')).toBe(true);
  });
  it('does not know an address no page serves', () => {
    expect(isKnownAdminPath(catalogue, '/admin/no/such/page')).toBe(false);
    expect(isKnownAdminPath(catalogue, '/admin/access/menus')).toBe(false);
  });
});

describe('sessionPermissions', () => {
  it("collects the menu items' permissions and the permitted buttons", () => {
    const tree = [
      node({
        type: 'menu_dir',
        children: [node({ path: 'access/role', permission: 'role:list', buttons: ['role:add'] })],
      }),
    ];
    expect([...sessionPermissions(tree)].sort()).toEqual(['role:add', 'role:list']);
  });
});
