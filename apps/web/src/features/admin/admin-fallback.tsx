import { use } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { CurrentMenuContext } from '../layout/current-menu.ts';
import { useAdminSession } from '../../session/admin-session-context.ts';
import { ADMIN_PAGES } from './page-registry.tsx';
import { MenuFramePage } from '../embedded/embedded-pages.tsx';
import { isIframeMenu } from '../layout/menu-tree.ts';
import { isGrantedByMenus, isKnownAdminPath } from '../../session/permissions.ts';
import { UnavailablePage } from './unavailable-page.tsx';

/**
 * An admin path without a fixed route: the session's menu item serving it names the page through its
 * component; a granted item whose page is not built yet says so; a catalogue page the user holds
 * no menu for is refused (401); anything else is unknown (404).
 */
export function AdminFallback() {
  const { pathname } = useLocation();
  const { menus, menu_paths } = useAdminSession();
  const current = use(CurrentMenuContext);
  // An external link opened as a tab frames its url; any other item shows its component's page.
  if (current && isIframeMenu(current)) return <MenuFramePage />;
  const Page = current ? ADMIN_PAGES[current.component] : undefined;
  if (Page) return <Page />;
  if (isGrantedByMenus(menus, pathname)) return <UnavailablePage />;
  // A page of the catalogue the user holds no menu for is refused; anything else does not exist.
  return <Navigate to={isKnownAdminPath(menu_paths, pathname) ? PATHS.noAccess : PATHS.notFound} replace />;
}
