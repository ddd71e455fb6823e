import { useEffect, useState, type ReactNode } from 'react';
import {
  Breadcrumb,
  Button,
  ConfigProvider,
  Drawer,
  Dropdown,
  Flex,
  Grid,
  Layout,
  Popconfirm,
  Tag,
  theme,
  Typography,
} from 'antd';
import {
  IdcardOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { LAYOUT, type MenuNode } from '@pod/shared';
import { LanguageSwitch } from '../../app/language-switch.tsx';
import { PATHS } from '../../app/paths.ts';
import { deepestHandle } from '../../app/route-handle.ts';
import { adminLogout, identityKeys } from '../identity/api.ts';
import { CurrentMenuContext } from '../layout/current-menu.ts';
import {
  HEADER_HEIGHT,
  updateLayoutSettings,
  useLayoutSettings,
  type LayoutMode,
} from '../layout/layout-settings.ts';
import { MenuIcon } from '../layout/menu-icon.tsx';
import { menuHref, menuTrail, menuTrailNamed } from '../layout/menu-tree.ts';
import { NavTabs } from '../layout/nav-tabs.tsx';
import { RouteProgress } from '../layout/route-progress.tsx';
import { SettingsDrawer } from '../layout/settings-drawer.tsx';
import { SideMenu, useMenuNavigate } from '../layout/side-menu.tsx';
import { openTab, resetTabs, useTabs } from '../layout/tabs-store.ts';
import { useMenuTitle } from '../layout/use-menu-title.ts';
import { useSite } from '../site/site-context.ts';
import { useAdminSession } from '../../session/admin-session-context.ts';
import { KeptPages, useKeptPages } from './kept-pages.tsx';

const LOGO_SIZE = 28;
/** Width of the Double layout's first column (top-level entries, icon over title). */
const DOUBLE_COLUMN_WIDTH = 80;

/** The admin area's shell (spec §1): layout mode, theme, menus from the session, tabs and titles. */
export function AdminLayout() {
  const settings = useLayoutSettings();
  const isDark = settings.isDark;
  return (
    <ConfigProvider
      theme={{
        // spec §1: light or dark through antd's theme algorithm.
        algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        components: {
          Layout: {
            headerBg: isDark ? '#141414' : '#ffffff',
            headerHeight: HEADER_HEIGHT[settings.mode],
            headerPadding: '0 16px',
            siderBg: isDark ? '#141414' : '#ffffff',
            bodyBg: isDark ? '#000000' : '#f5f5f5',
          },
        },
      }}
    >
      <AdminFrame mode={settings.mode} isCollapsed={settings.isMenuCollapsed} />
    </ConfigProvider>
  );
}

function AdminFrame({ mode, isCollapsed }: { mode: LayoutMode; isCollapsed: boolean }) {
  const { t } = useTranslation();
  // Issue 27: on a phone (below antd's md, 768 px) no layout keeps a side column: the menu is a
  // drawer opened from the header, whatever the chosen layout mode.
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  // The address the drawer was opened at: choosing a page (another address) closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const menuTitle = useMenuTitle();
  const site = useSite();
  const { menus } = useAdminSession();
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const { refreshKey } = useTabs();
  const trail = menuTrail(menus, pathname);
  const current = trail.at(-1) ?? null;
  const handle = deepestHandle(matches);
  const routeTitleKey = handle?.titleKey ?? null;
  const routeHandle = current ? null : handle;
  const title = current ? menuTitle(current.title) : routeTitleKey ? t(routeTitleKey) : '';
  // A page without a menu item (settlement, an order's detail) sits under its parent menu (issue 26).
  const parentTrail = routeHandle?.parentMenu ? menuTrailNamed(menus, routeHandle.parentMenu) : [];

  // spec §1: admin routes flagged for tabs (keep-alive menu items) open as tabs; so do the pages
  // reached from them (settlement, an order's detail), under their own title (issue 26).
  useEffect(() => {
    if (current?.keepalive) openTab({ href: pathname, title: current.title });
    else if (!current && routeHandle?.parentMenu)
      openTab({ href: pathname, title: routeHandle.titleKey, to: `${pathname}${search}` });
  }, [current, pathname, search, routeHandle]);

  // spec §1: the page title is the route title plus the site name. Pages reached through a menu take
  // the menu's title; the shell's own effect covers the routes that declare a title key.
  useEffect(() => {
    if (current && !routeTitleKey) showDocumentTitle([title, site.name].filter(Boolean).join(' - '));
  }, [current, routeTitleKey, title, site.name]);

  const keptPages = useKeptPages(menus, pathname);
  const isKept = keptPages.some((p) => p.href === pathname);
  const page = (
    <Layout.Content data-testid="admin-content" style={{ padding: 16, minWidth: 0 }}>
      <KeptPages pages={keptPages} activeHref={pathname} />
      {isKept ? null : (
        <CurrentMenuContext value={current}>
          <Outlet key={refreshKey} />
        </CurrentMenuContext>
      )}
    </Layout.Content>
  );
  const main = (
    <>
      <NavTabs />
      {page}
    </>
  );
  const header = (withLogo: boolean, children?: ReactNode) => (
    <AdminHeader
      mode={mode}
      isCollapsed={isCollapsed}
      trail={current ? trail : parentTrail}
      pageTitle={current ? undefined : title}
      withLogo={withLogo}
      onOpenDrawer={isPhone ? () => setDrawerOpenAt(pathname) : undefined}
    >
      {children}
    </AdminHeader>
  );

  // One tree for every layout mode and width: what changes is which header and side column fill
  // their places, never where the page sits. The page (`main`) stays at the same position, so
  // switching the mode or crossing the phone width does not remount it and lose what the user was
  // typing.
  const places = framePlaces(mode, isPhone, header, { menus, trail, isCollapsed });
  const body = (
    <Layout style={{ minHeight: '100vh' }}>
      {places.top}
      <Layout hasSider={places.side !== null}>
        {places.side}
        <Layout>
          {places.inner}
          {main}
        </Layout>
      </Layout>
      {isPhone ? (
        <Drawer
          placement="left"
          open={drawerOpenAt === pathname}
          onClose={() => setDrawerOpenAt(null)}
          size={LAYOUT.menuWidth}
          title={<SiteLogo isCompact={false} />}
          styles={{ body: { padding: 0 } }}
          data-testid="menu-drawer"
        >
          <SideMenu menus={menus} allMenus={menus} mode="inline" />
        </Drawer>
      ) : null}
    </Layout>
  );

  return (
    <div data-testid="admin-layout" data-layout-mode={mode}>
      <RouteProgress />
      {body}
    </div>
  );
}

/** The browser tab's title (the document is the page's, outside React's state). */
function showDocumentTitle(text: string): void {
  document.title = text;
}

/** What fills the admin frame's places: a header above everything, a side column, a header above the page. */
interface FramePlaces {
  top: ReactNode;
  side: ReactNode;
  inner: ReactNode;
}

/**
 * The places each layout mode fills on a wide screen (spec §9). On a phone (issue 27) no mode keeps
 * a side column: the header sits above the page and the menu is a drawer.
 */
function framePlaces(
  mode: LayoutMode,
  isPhone: boolean,
  header: (withLogo: boolean, children?: ReactNode) => ReactNode,
  menu: { menus: readonly MenuNode[]; trail: readonly MenuNode[]; isCollapsed: boolean },
): FramePlaces {
  const { menus, trail, isCollapsed } = menu;
  if (isPhone) return { top: null, side: null, inner: header(false) };
  switch (mode) {
    case 'Default':
      return {
        top: null,
        side: <MenuSider isCollapsed={isCollapsed} withLogo menus={menus} />,
        inner: header(false),
      };
    case 'Classic':
      return {
        top: header(true),
        side: <MenuSider isCollapsed={isCollapsed} withLogo={false} menus={menus} />,
        inner: null,
      };
    case 'Streamline':
      return {
        top: header(true, <SideMenu menus={menus} allMenus={menus} mode="horizontal" />),
        side: null,
        inner: null,
      };
    case 'Double':
      return {
        top: null,
        side: <DoubleColumns menus={menus} trail={trail} isCollapsed={isCollapsed} />,
        inner: header(false),
      };
  }
}

function SiteLogo({ isCompact }: { isCompact: boolean }) {
  const site = useSite();
  return (
    <Link to={PATHS.adminDashboard} style={{ minWidth: 0, overflow: 'hidden' }}>
      <Flex align="center" justify={isCompact ? 'center' : 'flex-start'} gap={10}>
        {site.supplier_logo ? (
          <img
            src={site.supplier_logo}
            alt=""
            width={LOGO_SIZE}
            height={LOGO_SIZE}
            style={{ flexShrink: 0 }}
          />
        ) : (
          <ShopOutlined style={{ fontSize: LOGO_SIZE * 0.8, flexShrink: 0 }} />
        )}
        {isCompact ? null : (
          <Typography.Text data-testid="site-name" strong ellipsis style={{ fontSize: 17 }}>
            {site.name}
          </Typography.Text>
        )}
      </Flex>
    </Link>
  );
}

/** spec §9: menu width 260, collapsed 54. */
function MenuSider({
  isCollapsed,
  withLogo,
  menus,
}: {
  isCollapsed: boolean;
  withLogo: boolean;
  menus: readonly MenuNode[];
}) {
  const { token } = theme.useToken();
  const { mode } = useLayoutSettings();
  return (
    <Layout.Sider
      theme="light"
      width={LAYOUT.menuWidth}
      collapsedWidth={LAYOUT.menuCollapsedWidth}
      collapsed={isCollapsed}
      trigger={null}
      collapsible
      style={{ borderInlineEnd: `1px solid ${token.colorSplit}` }}
    >
      {withLogo ? (
        <Flex
          align="center"
          style={{ height: HEADER_HEIGHT[mode], padding: isCollapsed ? 0 : '0 16px' }}
          justify="center"
        >
          <SiteLogo isCompact={isCollapsed} />
        </Flex>
      ) : null}
      <SideMenu
        key={String(isCollapsed)}
        menus={menus}
        allMenus={menus}
        mode="inline"
        isCollapsed={isCollapsed}
      />
    </Layout.Sider>
  );
}

/** The Double layout: top-level entries in a narrow first column, the chosen directory's items beside it. */
function DoubleColumns({
  menus,
  trail,
  isCollapsed,
}: {
  menus: readonly MenuNode[];
  trail: readonly MenuNode[];
  isCollapsed: boolean;
}) {
  const { token } = theme.useToken();
  const menuTitle = useMenuTitle();
  const onNavigate = useMenuNavigate(menus);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const activeTop = menus.find((node) => node.id === chosenId) ?? trail[0] ?? null;
  const activeDir = activeTop?.type === 'menu_dir' ? activeTop : null;

  return (
    <>
      <Layout.Sider
        theme="light"
        width={DOUBLE_COLUMN_WIDTH}
        style={{ borderInlineEnd: `1px solid ${token.colorSplit}` }}
      >
        <Flex vertical align="stretch" data-testid="double-columns">
          <Flex align="center" justify="center" style={{ height: HEADER_HEIGHT.Double }}>
            <SiteLogo isCompact />
          </Flex>
          {menus.map((node) => {
            const isActive = node.id === activeTop?.id;
            return (
              <Button
                key={node.id}
                type={isActive ? 'primary' : 'text'}
                onClick={() => {
                  setChosenId(node.id);
                  if (node.type !== 'menu_dir') onNavigate(node.id);
                }}
                style={{ height: 64, borderRadius: 0, flexDirection: 'column', gap: 2, fontSize: 12 }}
              >
                <MenuIcon name={node.icon} />
                <Typography.Text
                  ellipsis
                  style={{ fontSize: 12, color: 'inherit', maxWidth: DOUBLE_COLUMN_WIDTH - 8 }}
                >
                  {menuTitle(node.title)}
                </Typography.Text>
              </Button>
            );
          })}
        </Flex>
      </Layout.Sider>
      {activeDir ? (
        <Layout.Sider
          theme="light"
          width={LAYOUT.menuWidth}
          collapsedWidth={LAYOUT.menuCollapsedWidth}
          collapsed={isCollapsed}
          trigger={null}
          collapsible
          style={{ borderInlineEnd: `1px solid ${token.colorSplit}` }}
        >
          <Flex align="center" style={{ height: HEADER_HEIGHT.Double, padding: '0 16px' }}>
            {isCollapsed ? null : <Typography.Text strong>{menuTitle(activeDir.title)}</Typography.Text>}
          </Flex>
          <SideMenu
            key={`${activeDir.id}-${String(isCollapsed)}`}
            menus={activeDir.children}
            allMenus={menus}
            mode="inline"
            isCollapsed={isCollapsed}
          />
        </Layout.Sider>
      ) : null}
    </>
  );
}

/** The header: collapse toggle, breadcrumb, the user's menu, tier, language and layout settings. */
function AdminHeader({
  mode,
  isCollapsed,
  trail,
  pageTitle,
  withLogo,
  onOpenDrawer,
  children,
}: {
  mode: LayoutMode;
  isCollapsed: boolean;
  trail: readonly MenuNode[];
  /** The page's own title after the trail, for a page without a menu item. */
  pageTitle?: string | undefined;
  withLogo: boolean;
  /** On a phone: opens the menu drawer (there is no side column to collapse). */
  onOpenDrawer?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const menuTitle = useMenuTitle();
  const { user } = useAdminSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  // On a phone the header keeps the tier and icon-only buttons; the dashboard shows the name.
  const isNarrow = !Grid.useBreakpoint().md;

  const onLogout = async () => {
    await adminLogout();
    resetTabs();
    await navigate(PATHS.login, { replace: true });
    // Forget the session once the admin pages are gone, so nothing renders with it half removed.
    setTimeout(() => queryClient.removeQueries({ queryKey: identityKeys.admin() }), 0);
  };

  return (
    <Layout.Header style={{ borderBottom: `1px solid ${token.colorSplit}`, lineHeight: 'normal' }}>
      <Flex align="center" gap={12} style={{ height: '100%' }}>
        {withLogo ? (
          <div style={{ width: mode === 'Streamline' ? undefined : LAYOUT.menuWidth - 16, flexShrink: 0 }}>
            <SiteLogo isCompact={false} />
          </div>
        ) : null}
        {onOpenDrawer ? (
          <Button
            data-testid="menu-drawer-toggle"
            type="text"
            icon={<MenuUnfoldOutlined />}
            aria-label={t('layout.expandMenu')}
            onClick={onOpenDrawer}
          />
        ) : mode === 'Streamline' ? null : (
          <Button
            data-testid="menu-collapse"
            type="text"
            icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={t(isCollapsed ? 'layout.expandMenu' : 'layout.collapseMenu')}
            onClick={() => updateLayoutSettings({ isMenuCollapsed: !isCollapsed })}
          />
        )}
        {onOpenDrawer ? (
          <div style={{ flex: 1 }} />
        ) : (
          (children ??
          (isNarrow ? (
            <div style={{ flex: 1 }} />
          ) : (
            <Breadcrumb
              data-testid="admin-breadcrumb"
              style={{ flex: 1, minWidth: 0 }}
              items={[
                { title: <Link to={PATHS.adminDashboard}>{t('layout.home')}</Link> },
                ...trail.map((node) => ({
                  title:
                    node.type === 'menu' && (node !== trail.at(-1) || pageTitle) ? (
                      <Link to={menuHref(node)}>{menuTitle(node.title)}</Link>
                    ) : (
                      menuTitle(node.title)
                    ),
                })),
                ...(pageTitle ? [{ title: pageTitle }] : []),
              ]}
            />
          )))
        )}
        <Flex align="center" gap={8} style={{ flexShrink: 0 }}>
          <Tag data-testid="admin-tier" color="blue">
            {t(`admin.tier.${user.tier}`)}
          </Tag>
          {isNarrow ? null : <LanguageSwitch />}
          <Dropdown
            menu={{
              items: [{ key: 'profile', icon: <IdcardOutlined />, label: t('route.adminProfile') }],
              onClick: () => void navigate(PATHS.adminProfile),
            }}
          >
            <Button data-testid="admin-user-menu" type="text" icon={<UserOutlined />}>
              {isNarrow ? null : (
                <Typography.Text data-testid="admin-user" ellipsis style={{ maxWidth: 160 }}>
                  {user.nickname || user.username}
                </Typography.Text>
              )}
            </Button>
          </Dropdown>
          <Button
            data-testid="layout-settings"
            type="text"
            icon={<SettingOutlined />}
            aria-label={t('layout.settings.title')}
            onClick={() => setIsSettingsOpen(true)}
          />
          <Popconfirm
            title={t('auth.logoutConfirm')}
            okText={t('auth.logout')}
            cancelText={t('app.cancel')}
            onConfirm={() => void onLogout()}
            placement="bottomRight"
          >
            <Button data-testid="logout" icon={<LogoutOutlined />} aria-label={t('auth.logout')}>
              {isNarrow ? null : t('auth.logout')}
            </Button>
          </Popconfirm>
        </Flex>
      </Flex>
      <SettingsDrawer isOpen={isSettingsOpen} onClose={() => setIsSettingsOpen(false)} />
    </Layout.Header>
  );
}
