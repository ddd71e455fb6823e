import { matchPath } from 'react-router';
import type { MenuNode } from '@pod/shared';
import { PATHS } from '../app/paths.ts';
import { UNBUILT_ADMIN_PATHS } from './unbuilt-paths.ts';

// The landing page after signing in, and the personal centre, show only the user's own account;
// refusing them would leave a user whose role lacks them with no page at all.
const OPEN_PATHS: readonly string[] = [
  PATHS.adminDashboard,
  PATHS.adminProfile,
  // The admin iframe route frames only this site's pages and the session's own menu links.
  `${PATHS.admin}/iframe/*`,
  ...UNBUILT_ADMIN_PATHS.map((p) => `${PATHS.admin}/${p}`),
];

/**
 * Fixed pages (spec §2) that belong to a menu page, named by the menu's catalogue name: each is open
 * exactly when the session's menus hold that menu (e.g. the recharge result belongs to Recharge).
 */
const MENU_OWNED_PATHS: readonly { pattern: string; menu: string }[] = [
  { pattern: `${PATHS.adminRechargeBalance}/:type`, menu: 'wallet/recharge' },
  { pattern: PATHS.adminRechargeResult, menu: 'wallet/recharge' },
  { pattern: PATHS.adminTransferDetail, menu: 'wallet/recharge' },
  // Checkout belongs to the cart; the payment results to the cart (after settling) or the order
  // list (after paying there); the order detail to the order list.
  { pattern: PATHS.adminSettlement, menu: 'publish/shopCart' },
  { pattern: PATHS.adminPayResult, menu: 'publish/shopCart' },
  { pattern: PATHS.adminPayResult, menu: 'order/list' },
  { pattern: `${PATHS.adminOrderPayResult}/:order_no`, menu: 'publish/shopCart' },
  { pattern: `${PATHS.adminOrderPayResult}/:order_no`, menu: 'order/list' },
  { pattern: PATHS.adminOrderDetail, menu: 'order/list' },
];

/** Whether the menus hold a menu item of this catalogue name. */
export function hasMenuNamed(menus: readonly MenuNode[], name: string): boolean {
  return menus.some(
    (node) => (node.type === 'menu' && node.name === name) || hasMenuNamed(node.children, name),
  );
}

/** The buttons (permission names) the menus grant on the menu item of this catalogue name. */
export function menuButtons(menus: readonly MenuNode[], name: string): readonly string[] {
  for (const node of menus) {
    if (node.type === 'menu' && node.name === name) return node.buttons;
    const found = menuButtons(node.children, name);
    if (found.length) return found;
  }
  return [];
}

/** The admin addresses the menus grant, e.g. `product/list` → `/admin/product/list`. */
export function menuPaths(menus: readonly MenuNode[]): string[] {
  const paths: string[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.type === 'menu' && node.path) {
        const path = node.path.replace(/\/+$/, '');
        paths.push(path.startsWith('/') ? path : `${PATHS.admin}/${path}`);
      }
      walk(node.children);
    }
  };
  walk(menus);
  return paths;
}

const trimmed = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

/** Whether the session's menus grant an admin path (or a page below a granted one). */
export function isGrantedByMenus(menus: readonly MenuNode[], pathname: string): boolean {
  const path = trimmed(pathname);
  return menuPaths(menus).some((granted) => path === granted || path.startsWith(`${granted}/`));
}

/**
 * spec §2: "A user without rights is sent to /401". The rights are the session's menus; with no
 * menus at all, every admin page built so far is open to a signed-in user. The dashboard and the
 * not-yet-built pages are always open (see OPEN_PATHS); fixed pages of a menu follow that menu.
 */
export function isAdminPathAllowed(menus: readonly MenuNode[], pathname: string): boolean {
  if (menus.length === 0) return true;
  const path = trimmed(pathname);
  if (OPEN_PATHS.some((pattern) => matchPath(pattern, path))) return true;
  if (MENU_OWNED_PATHS.some((owned) => matchPath(owned.pattern, path) && hasMenuNamed(menus, owned.menu)))
    return true;
  return isGrantedByMenus(menus, path);
}

/**
 * Whether an admin path names a page at all (spec §2: "any unknown path redirects to /404", while
 * "a user without rights is sent to /401"): a fixed page of the console, or a page of the menu
 * catalogue (`menu_paths` of the session, granted or not) or below one.
 */
export function isKnownAdminPath(menuPathsOfCatalogue: readonly string[], pathname: string): boolean {
  const path = trimmed(pathname);
  if (OPEN_PATHS.some((pattern) => matchPath(pattern, path))) return true;
  if (MENU_OWNED_PATHS.some((owned) => matchPath(owned.pattern, path))) return true;
  return menuPathsOfCatalogue
    .map((p) => p.replace(/\/+$/, ''))
    .map((p) => (p.startsWith('/') ? p : `${PATHS.admin}/${p}`))
    .some((known) => path === known || path.startsWith(`${known}/`));
}

/**
 * The permissions the session's menus grant (spec §6): each menu item's own (e.g. `role:list`)
 * and every permitted button. The server grants exactly these, so the console asks nothing else.
 */
export function sessionPermissions(menus: readonly MenuNode[]): ReadonlySet<string> {
  const out = new Set<string>();
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.permission) out.add(node.permission);
      for (const button of node.buttons) out.add(button);
      walk(node.children);
    }
  };
  walk(menus);
  return out;
}
