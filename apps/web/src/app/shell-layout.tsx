import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { useSiteInfo } from '../features/site/api.ts';
import { SiteContext } from '../features/site/site-context.ts';
import { ApiUiBridge } from './api-ui-bridge.tsx';
import { deepestTitleKey } from './route-handle.ts';
import { useDocumentTitle } from './use-document-title.ts';
import { useFavicon } from './use-favicon.ts';

/**
 * The root of every page: loads the site info first (spec §7 GET /api/v1/index), sets the page
 * title (route title plus site name, spec §1) and favicon; the public, admin and member layouts
 * below it draw their own header.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const siteInfo = useSiteInfo();
  useDocumentTitle(deepestTitleKey(useMatches()), siteInfo.data?.name);
  useFavicon(siteInfo.data?.favicon);

  let content;
  if (siteInfo.isPending) {
    content = <Spin fullscreen description={t('app.loading')} />;
  } else if (!siteInfo.data) {
    // Only a first load that failed: a background refetch that fails keeps the page (and whatever
    // the user was doing on it) rather than replacing it with this screen.
    content = (
      <Result
        data-testid="site-load-error"
        status="warning"
        title={t('app.loadFailed')}
        subTitle={siteInfo.error?.msg}
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
        <Outlet />
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
