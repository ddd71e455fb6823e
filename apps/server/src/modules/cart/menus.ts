import { buttons, type MenuEntry } from '../../platform/module.ts';

/** The menu catalogue's entries of the cart (decision 0027). */
export const MENUS: MenuEntry[] = [
  // Cart, checkout and orders (issue 10): the cart (/admin/publish/shopCart), the consignee
  // address book, and the order list (/admin/order/list). Settlement, payment results and order
  // detail are routes of the shell (spec §2), reached from these pages.
  {
    name: 'publish/shopCart',
    type: 'menu',
    title: 'menu.shopCart',
    parent: 'publish',
    icon: 'ShoppingCartOutlined',
    path: 'publish/shopCart',
    component: 'cart/cart',
    permission: 'cart:list',
    keepalive: true,
    tiers: ['merchant'],
    sort: 90,
  },
  ...buttons('cart', 'publish/shopCart', ['merchant'], ['add', 'edit', 'del', 'settle']),
];
