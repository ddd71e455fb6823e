import { Button, Grid, Layout, Menu, Popconfirm, Typography } from 'antd';
import {
  DashboardOutlined,
  LockOutlined,
  LogoutOutlined,
  ProfileOutlined,
  StarOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AppHeader } from '../../app/app-header.tsx';
import { PATHS } from '../../app/paths.ts';
import { useSite } from '../site/site-context.ts';
import { memberLogout, useMemberMenus } from './api.ts';
import { useMember } from './member-session-context.ts';

/** A member-centre page's rule name (decision 0047): its path under /user/, e.g. `account/balance`. */
const ruleOf = (path: string) => path.replace(/^\/user\//, '');

/**
 * The member centre's shell: menu of its pages, the member's nickname, language and logout. The
 * menu shows the pages the member's group allows (`/api/account/menus`); a page it does not allow
 * sends the member to the first one it does.
 */
export function MemberLayout() {
  const { t } = useTranslation();
  const site = useSite();
  const member = useMember();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isNarrow = !Grid.useBreakpoint().sm;
  const menus = useMemberMenus();
  const denied = new Set(menus.data?.denied ?? []);

  const pages = [
    { key: PATHS.userOverview, icon: <DashboardOutlined />, label: t('route.userOverview') },
    { key: PATHS.userProfile, icon: <ProfileOutlined />, label: t('route.userProfile') },
    { key: PATHS.userChangePassword, icon: <LockOutlined />, label: t('route.userChangePassword') },
    { key: PATHS.userBalance, icon: <WalletOutlined />, label: t('route.userBalance') },
    { key: PATHS.userIntegral, icon: <StarOutlined />, label: t('route.userIntegral') },
  ];
  // Until the menus are known nothing is shown, so that a page the group lacks never flashes; if
  // they cannot be read, every page is listed and the server still refuses what the group lacks.
  const items = menus.data
    ? pages.filter((item) => !denied.has(ruleOf(item.key)))
    : menus.isError
      ? pages
      : [];
  const refused = menus.data !== undefined && denied.has(ruleOf(pathname));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader site={site} homePath={PATHS.userOverview}>
        {isNarrow ? null : (
          <Typography.Text data-testid="member-user" ellipsis style={{ maxWidth: 160 }}>
            <UserOutlined /> {member.nickname || member.username}
          </Typography.Text>
        )}
        <Popconfirm
          title={t('auth.logoutConfirm')}
          okText={t('auth.logout')}
          cancelText={t('app.cancel')}
          onConfirm={() => void memberLogout(PATHS.userLogin)}
          placement="bottomRight"
        >
          <Button data-testid="member-logout" icon={<LogoutOutlined />} aria-label={t('auth.logout')}>
            {isNarrow ? null : t('auth.logout')}
          </Button>
        </Popconfirm>
      </AppHeader>
      <Layout hasSider>
        <Layout.Sider theme="light" breakpoint="md" collapsedWidth={0} width={220}>
          <Menu
            mode="inline"
            selectedKeys={[pathname]}
            items={items}
            onClick={({ key }) => void navigate(key)}
            style={{ height: '100%', borderInlineEnd: 0 }}
          />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          {refused && items[0] ? <Navigate to={items[0].key} replace /> : <Outlet />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
