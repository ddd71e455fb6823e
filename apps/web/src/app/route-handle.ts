import type { UIMatch } from 'react-router';
import type zhCn from '../i18n/locales/zh-cn.json';

/** i18n key of a route's title; the page title is this plus the site name (spec §1). */
export type RouteTitleKey = `route.${keyof (typeof zhCn)['route']}`;

/** What a route declares in its `handle`. */
export interface RouteHandle {
  titleKey: RouteTitleKey;
  /**
   * The menu (catalogue name) a page without its own menu item belongs under: its breadcrumb is that
   * menu's trail and then the page (issue 26: settlement under the cart, an order under the list).
   */
  parentMenu?: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

/** The handle of the deepest matched route that declares a title. */
export function deepestHandle(matches: readonly UIMatch[]): RouteHandle | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}

/** The title key of the deepest matched route that declares one. */
export function deepestTitleKey(matches: readonly UIMatch[]): RouteTitleKey | null {
  return deepestHandle(matches)?.titleKey ?? null;
}
