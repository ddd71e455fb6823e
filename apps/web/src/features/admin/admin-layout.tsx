import { Button, Grid, Layout, Popconfirm, Tag, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { AppHeader } from '../../app/app-header.tsx';
import { PATHS } from '../../app/paths.ts';
import { adminLogout, identityKeys } from '../identity/api.ts';
import { useSite } from '../site/site-context.ts';
import { useAdminSession } from './admin-session-context.ts';

/** The admin area's shell: the user's nickname and tier, language, and logout with a confirmation. */
export function AdminLayout() {
  const { t } = useTranslation();
  const site = useSite();
  const { user } = useAdminSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // On a phone the header keeps the tier and icon-only buttons; the dashboard shows the name.
  const isNarrow = !Grid.useBreakpoint().sm;

  const onLogout = async () => {
    await adminLogout();
    await navigate(PATHS.login, { replace: true });
    // Forget the session once the admin pages are gone, so nothing renders with it half removed.
    setTimeout(() => queryClient.removeQueries({ queryKey: identityKeys.admin() }), 0);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader site={site} homePath={PATHS.adminDashboard}>
        {isNarrow ? null : (
          <Typography.Text data-testid="admin-user" ellipsis style={{ maxWidth: 200 }}>
            <UserOutlined /> {user.nickname || user.username}
          </Typography.Text>
        )}
        <Tag data-testid="admin-tier" color="blue">
          {t(`admin.tier.${user.tier}`)}
        </Tag>
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
      </AppHeader>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
