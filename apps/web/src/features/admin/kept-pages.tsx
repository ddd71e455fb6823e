import type { MenuNode } from '@pod/shared';
import { CurrentMenuContext } from '../layout/current-menu.ts';
import { menuTrail } from '../layout/menu-tree.ts';
import { useTabs } from '../layout/tabs-store.ts';
import { pageOfMenu } from './page-registry.tsx';

/** The open tabs (and the current page) whose keep-alive menu page is built: these stay mounted. */
export function useKeptPages(menus: MenuNode[], pathname: string) {
  const { tabs, refreshKeys } = useTabs();
  // The current page counts from its first render, before its tab is opened (no remount then).
  const hrefs = tabs.some((t) => t.href === pathname)
    ? tabs.map((t) => t.href)
    : [...tabs.map((t) => t.href), pathname];
  return hrefs.flatMap((href) => {
    const menu = menuTrail(menus, href).at(-1);
    const Page = menu?.keepalive ? pageOfMenu(menu) : undefined;
    return menu && Page ? [{ href, menu, Page, refreshKey: refreshKeys[href] ?? 0 }] : [];
  });
}

/**
 * spec §1 keep-alive: a tab's page keeps its state (filters, page, open forms, scroll) while the
 * user works in another tab. Every kept page stays mounted and only the active one is shown;
 * closing the tab unmounts it, and "refresh" remounts just that page.
 */
export function KeptPages({
  pages,
  activeHref,
}: {
  pages: ReturnType<typeof useKeptPages>;
  activeHref: string;
}) {
  return pages.map(({ href, menu, Page, refreshKey }) => (
    <div key={href} data-testid="kept-page" data-href={href} hidden={href !== activeHref}>
      <CurrentMenuContext value={menu}>
        <Page key={refreshKey} />
      </CurrentMenuContext>
    </div>
  ));
}
