import { useMemo } from 'react';
import { App, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuNode } from '@pod/shared';
import { MenuIcon } from './menu-icon.tsx';
import { findMenu, menuTarget, menuTrail } from './menu-tree.ts';
import { useMenuTitle } from './use-menu-title.ts';

type Items = NonNullable<MenuProps['items']>;

/** Follows a menu node (spec §8 navigation errors when it leads nowhere). */
export function useMenuNavigate(menus: readonly MenuNode[]) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (id: string) => {
    const node = findMenu(menus, id);
    if (!node) {
      void message.warning(t('navigation.noRouteFound'));
      return;
    }
    const target = menuTarget(node, pathname);
    if ('window' in target) window.open(target.window, '_blank', 'noopener,noreferrer');
    else if ('href' in target) void navigate(target.href);
    // Clicking the page one is on is not worth a warning.
    else if (target.error !== 'navigation.alreadyAtTarget') void message.warning(t(target.error));
  };
}

/** The session's menus as an antd menu: directories with their items, icons, i18n titles. */
export function SideMenu({
  menus,
  allMenus,
  mode,
  isCollapsed = false,
}: {
  /** The nodes to show (a subtree in the Double layout). */
  menus: readonly MenuNode[];
  /** The whole session tree, to resolve clicks and the selection. */
  allMenus: readonly MenuNode[];
  mode: 'inline' | 'horizontal';
  isCollapsed?: boolean;
}) {
  const menuTitle = useMenuTitle();
  const { pathname } = useLocation();
  const onNavigate = useMenuNavigate(allMenus);
  const trail = menuTrail(allMenus, pathname).map((node) => node.id);

  const items = useMemo(() => {
    const build = (nodes: readonly MenuNode[]): Items =>
      nodes
        .filter((node) => node.type !== 'button')
        .map((node) =>
          node.type === 'menu_dir'
            ? {
                key: node.id,
                icon: <MenuIcon name={node.icon} />,
                label: menuTitle(node.title),
                children: build(node.children),
              }
            : { key: node.id, icon: <MenuIcon name={node.icon} />, label: menuTitle(node.title) },
        );
    return build(menus);
  }, [menus, menuTitle]);

  return (
    <Menu
      data-testid="admin-menu"
      mode={mode}
      items={items}
      selectedKeys={trail}
      defaultOpenKeys={mode === 'inline' && !isCollapsed ? trail : undefined}
      inlineCollapsed={mode === 'inline' ? isCollapsed : undefined}
      onClick={({ key }) => onNavigate(key)}
      style={{ borderInlineEnd: 0, flex: mode === 'horizontal' ? 1 : undefined, minWidth: 0 }}
    />
  );
}
