import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSite } from '../features/site/site-context.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { useStoreCategories, useStoreHealth, useStoreProducts } from './api.ts';
import { localCategoryName } from './format.ts';
import { LoadState, ProductCard } from './product-card.tsx';
import { useStoreVariant } from './store-context.ts';

const FEATURED = 8;

/** The server's status line (GET /api/health). */
function ServiceStatus() {
  const { t } = useTranslation();
  const health = useStoreHealth();
  return (
    <p className="sf-status sf-small">
      <span>{t('home.status.title')}</span>
      {health.isPending ? (
        <span className="sf-muted">{t('app.loading')}</span>
      ) : health.isError ? (
        <span className="sf-status__bad" data-testid="health-status">
          {t('home.status.unavailable')}
        </span>
      ) : (
        <>
          <span className="sf-status__ok" data-testid="health-status">
            {t('home.status.ok')}
          </span>
          <span className="sf-muted">
            {t('home.status.version')} {health.data.version}
          </span>
        </>
      )}
    </p>
  );
}

/** The home page (spec §2 "/"): the supplier's storefront at a glance. */
export function StoreHomePage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const site = useSite();
  const { paths } = useStoreVariant();
  const categories = useStoreCategories();
  const newest = useStoreProducts({ page: 1, limit: FEATURED, sort: 'newest' });
  const topLevel = (categories.data ?? []).filter((c) => c.parent_id === null && c.product_count > 0);

  return (
    <div className="sf-home" data-testid="store-home">
      <section className="sf-hero">
        <h1>{site.website_title || site.name}</h1>
        <p>{site.website_description || t('home.subtitle')}</p>
        <div className="sf-hero__actions">
          <Link
            to={paths.list}
            className="sf-button sf-button--primary sf-button--large"
            data-testid="store-browse"
          >
            {t('storefront.home.browse')}
          </Link>
          <Link to={paths.about} className="sf-button sf-button--large">
            {t('storefront.nav.about')}
          </Link>
        </div>
      </section>

      {topLevel.length > 0 ? (
        <section className="sf-section">
          <h2>{t('storefront.home.categories')}</h2>
          <div className="sf-tiles">
            {topLevel.map((c) => (
              <Link key={c.id} to={`${paths.list}?category=${encodeURIComponent(c.id)}`} className="sf-tile">
                <span>{localCategoryName(c, language)}</span>
                <span className="sf-muted sf-small">
                  {t('storefront.home.productCount', { count: c.product_count })}
                </span>
              </Link>
            ))}
          </div>
        </section>
      ) : null}

      <section className="sf-section">
        <h2>{t('storefront.home.newest')}</h2>
        <LoadState
          isPending={newest.isPending}
          error={newest.isError ? newest.error : null}
          onRetry={() => void newest.refetch()}
        />
        {newest.data ? (
          newest.data.list.length === 0 ? (
            <div className="sf-state">{t('storefront.list.empty')}</div>
          ) : (
            <div className="sf-grid">
              {newest.data.list.map((product) => (
                <ProductCard key={product.id} product={product} />
              ))}
            </div>
          )
        ) : null}
      </section>

      <section className="sf-section sf-steps">
        <h2>{t('storefront.home.howTitle')}</h2>
        <ol>
          <li>{t('storefront.home.how1')}</li>
          <li>{t('storefront.home.how2')}</li>
          <li>{t('storefront.home.how3')}</li>
        </ol>
      </section>

      <ServiceStatus />
    </div>
  );
}
