import type { MenuNode } from '@pod/shared';
import { PATHS } from '../../app/paths.ts';

/** A menu node's absolute address: `access/role` → `/admin/access/role`. */
export function menuHref(node: Pick<MenuNode, 'path'>): string {
  const path = node.path.replace(/\/+$/, '');
  return path.startsWith('/') ? path : `${PATHS.admin}/${path}`;
}

const trimmed = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

/**
 * The chain from a top-level menu down to the menu item that serves a path (the item whose address
 * is the path or a prefix of it; the longest such address wins). Empty when no item serves it.
 */
export function menuTrail(menus: readonly MenuNode[], pathname: string): MenuNode[] {
  const path = trimmed(pathname);
  let best: MenuNode[] = [];
  let bestLength = -1;
  const walk = (nodes: readonly MenuNode[], trail: MenuNode[]) => {
    for (const node of nodes) {
      const chain = [...trail, node];
      if (node.type === 'menu' && node.path) {
        const href = menuHref(node);
        if ((path === href || path.startsWith(`${href}/`)) && href.length > bestLength) {
          best = chain;
          bestLength = href.length;
        }
      }
      walk(node.children, chain);
    }
  };
  walk(menus, []);
  return best;
}

/** The chain from a top-level menu down to the node of this catalogue name; empty when not held. */
export function menuTrailNamed(menus: readonly MenuNode[], name: string): MenuNode[] {
  for (const node of menus) {
    if (node.name === name) return [node];
    const inner = menuTrailNamed(node.children, name);
    if (inner.length) return [node, ...inner];
  }
  return [];
}

/** The menu item serving a path, if any. */
export function menuItemFor(menus: readonly MenuNode[], pathname: string): MenuNode | null {
  return menuTrail(menus, pathname).at(-1) ?? null;
}

/** The first menu item of a tree, depth first (where a directory click leads). */
export function firstMenuItem(nodes: readonly MenuNode[]): MenuNode | null {
  for (const node of nodes) {
    if (node.type === 'menu') return node;
    const inner = firstMenuItem(node.children);
    if (inner) return inner;
  }
  return null;
}

/** Finds a node by id anywhere in the tree. */
export function findMenu(nodes: readonly MenuNode[], id: string): MenuNode | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findMenu(node.children, id);
    if (inner) return inner;
  }
  return null;
}

/** spec §8 navigation errors, as i18n keys. */
export type NavigationErrorKey =
  | 'navigation.unknownMenuType'
  | 'navigation.alreadyAtTarget'
  | 'navigation.invalidRoute'
  | 'navigation.guardIntercepted'
  | 'navigation.noChildMenu'
  | 'navigation.noRouteFound'
  | 'navigation.outOfRange';

/** Whether a menu item shows its external url inside a console tab (spec §2 embedded pages). */
export function isIframeMenu(node: Pick<MenuNode, 'type' | 'is_external' | 'link_target' | 'url'>): boolean {
  return node.type === 'menu' && node.is_external && node.link_target === 'iframe' && node.url !== '';
}

/**
 * Where clicking a menu node leads, or the spec §8 error that stops it. An external link opens its
 * url in a new window (`window`), or as a console tab at the item's own address (its frame).
 */
export function menuTarget(
  node: MenuNode,
  currentPath: string,
): { href: string } | { window: string } | { error: NavigationErrorKey } {
  switch (node.type) {
    case 'menu_dir': {
      const first = firstMenuItem(node.children);
      if (!first) return { error: 'navigation.noChildMenu' };
      return menuTarget(first, currentPath);
    }
    case 'menu': {
      if (node.is_external && node.link_target === 'blank') {
        return node.url ? { window: node.url } : { error: 'navigation.invalidRoute' };
      }
      if (!node.path.trim()) return { error: 'navigation.invalidRoute' };
      const href = menuHref(node);
      if (href === trimmed(currentPath)) return { error: 'navigation.alreadyAtTarget' };
      return { href };
    }
    case 'button':
      return { error: 'navigation.unknownMenuType' };
    default:
      return { error: 'navigation.unknownMenuType' };
  }
}
