import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { deepestTitleKey } from '../app/route-handle.ts';
import { useDocumentTitle } from '../app/use-document-title.ts';
import { useFavicon } from '../app/use-favicon.ts';
import { SiteContext } from '../features/site/site-context.ts';
import { useStoreSiteInfo } from './api.ts';
import './storefront.css';

/**
 * The root of the public storefront pages: the host's site info (its supplier's name and logo, spec
 * §1 "a tenant's storefront shows that tenant's logo, name and products only"), the page title and
 * favicon. Plain markup and CSS: the storefront loads no antd (docs/decisions/0022).
 */
export function StorefrontRoot() {
  const { t } = useTranslation();
  const site = useStoreSiteInfo();
  useDocumentTitle(deepestTitleKey(useMatches()), site.data?.name);
  useFavicon(site.data?.favicon);

  if (site.isPending)
    return (
      <div className="sf-state" role="status">
        <span className="sf-spinner" aria-hidden="true" />
        {t('app.loading')}
      </div>
    );
  if (site.isError)
    return (
      <div className="sf-state" data-testid="site-load-error">
        <p>{t('app.loadFailed')}</p>
        <p className="sf-muted">{site.error.msg}</p>
        <button type="button" className="sf-button sf-button--primary" onClick={() => void site.refetch()}>
          {t('app.retry')}
        </button>
      </div>
    );
  return (
    <SiteContext value={site.data}>
      <Outlet />
    </SiteContext>
  );
}
