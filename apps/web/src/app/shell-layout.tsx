import { Button, Layout, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { useSiteInfo } from '../features/site/api.ts';
import { SiteContext } from '../features/site/site-context.ts';
import { AppHeader } from './app-header.tsx';
import { ApiUiBridge } from './api-ui-bridge.tsx';
import { deepestTitleKey } from './route-handle.ts';
import { useDocumentTitle } from './use-document-title.ts';
import { useFavicon } from './use-favicon.ts';

/** The app shell: loads the site info first (spec §7 GET /api/v1/index), then header and page. */
export function ShellLayout() {
  const { t } = useTranslation();
  const siteInfo = useSiteInfo();
  useDocumentTitle(deepestTitleKey(useMatches()), siteInfo.data?.name);
  useFavicon(siteInfo.data?.favicon);

  let content;
  if (siteInfo.isPending) {
    content = <Spin fullscreen description={t('app.loading')} />;
  } else if (siteInfo.isError) {
    content = (
      <Result
        data-testid="site-load-error"
        status="warning"
        title={t('app.loadFailed')}
        subTitle={siteInfo.error.msg}
        extra={
          <Button type="primary" loading={siteInfo.isFetching} onClick={() => void siteInfo.refetch()}>
            {t('app.retry')}
          </Button>
        }
      />
    );
  } else {
    content = (
      <SiteContext value={siteInfo.data}>
        <Layout style={{ minHeight: '100vh' }}>
          <AppHeader site={siteInfo.data} />
          <Layout.Content style={{ padding: 24 }}>
            <Outlet />
          </Layout.Content>
        </Layout>
      </SiteContext>
    );
  }

  return (
    <>
      <ApiUiBridge />
      {content}
    </>
  );
}
