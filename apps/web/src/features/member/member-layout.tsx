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
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AppHeader } from '../../app/app-header.tsx';
import { PATHS } from '../../app/paths.ts';
import { useSite } from '../site/site-context.ts';
import { memberLogout } from './api.ts';
import { useMember } from './member-session-context.ts';

/** The member centre's shell: menu of its pages, the member's nickname, language and logout. */
export function MemberLayout() {
  const { t } = useTranslation();
  const site = useSite();
  const member = useMember();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isNarrow = !Grid.useBreakpoint().sm;

  const items = [
    { key: PATHS.userOverview, icon: <DashboardOutlined />, label: t('route.userOverview') },
    { key: PATHS.userProfile, icon: <ProfileOutlined />, label: t('route.userProfile') },
    { key: PATHS.userChangePassword, icon: <LockOutlined />, label: t('route.userChangePassword') },
    { key: PATHS.userBalance, icon: <WalletOutlined />, label: t('route.userBalance') },
    { key: PATHS.userIntegral, icon: <StarOutlined />, label: t('route.userIntegral') },
  ];

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
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
