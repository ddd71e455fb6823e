import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useSite } from '../features/site/site-context.ts';
import { AppHeader } from './app-header.tsx';
import { PATHS } from './paths.ts';

/** Public pages: the site header with the ways in, then the page. */
export function PublicLayout() {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader site={site}>
        <Link to={PATHS.login}>
          <Button type="link">{t('auth.login')}</Button>
        </Link>
        <Link to={PATHS.userLogin}>
          <Button type="link">{t('member.centre')}</Button>
        </Link>
      </AppHeader>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
