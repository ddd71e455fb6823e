import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { getAccessToken } from '../api/tokens.ts';
import { DeviceRoute } from '../app/device-route.tsx';
import { isThisDeviceMobile } from '../app/device.ts';
import { PATHS } from '../app/paths.ts';
import { useSite } from '../features/site/site-context.ts';
import { storePaths, StoreVariantContext, type StoreVariant } from './store-context.ts';
import { navClass, StoreHeader } from './store-header.tsx';

function Footer({ variant }: { variant: StoreVariant }) {
  const { t } = useTranslation();
  const site = useSite();
  const paths = storePaths(variant);
  return (
    <footer className="sf-footer">
      <nav className="sf-footer__links" aria-label={t('storefront.nav.footer')}>
        <Link to={paths.about}>{t('storefront.nav.about')}</Link>
        <Link to={PATHS.help}>{t('storefront.nav.help')}</Link>
        <Link to={PATHS.protocol}>{t('storefront.nav.protocol')}</Link>
      </nav>
      <p className="sf-muted">
        © {new Date().getFullYear()} {site.name}
        {site.domain_icp ? ` · ${site.domain_icp}` : ''}
      </p>
    </footer>
  );
}

/**
 * The storefront shell (spec §2): `/layouts` on desktop, `/layoutsWap` on mobile. Without a
 * variant (the home and help pages, which have no twin) it follows the device. A desktop page
 * opened on a phone goes to its Wap twin, and the reverse (spec §2 route guards).
 */
export function StoreShell({ variant: fixed }: { variant?: StoreVariant }) {
  const { t } = useTranslation();
  const [byDevice] = useState<StoreVariant>(() => (isThisDeviceMobile() ? 'mobile' : 'desktop'));
  const variant = fixed ?? byDevice;
  const paths = storePaths(variant);

  return (
    <StoreVariantContext value={variant}>
      <div className={`sf-root sf-${variant}`} data-testid={`storefront-${variant}`}>
        <StoreHeader variant={variant} />
        <main className="sf-main">
          <DeviceRoute>
            <Outlet />
          </DeviceRoute>
        </main>
        <Footer variant={variant} />
        {variant === 'mobile' ? (
          <nav className="sf-tabbar" aria-label={t('storefront.nav.main')}>
            <NavLink to={PATHS.home} end className={navClass}>
              {t('storefront.nav.home')}
            </NavLink>
            <NavLink to={paths.list} className={navClass}>
              {t('storefront.nav.products')}
            </NavLink>
            <NavLink to={paths.about} className={navClass}>
              {t('storefront.nav.about')}
            </NavLink>
            <NavLink to={getAccessToken('admin') ? PATHS.admin : PATHS.loginWap} className={navClass}>
              {t(getAccessToken('admin') ? 'storefront.nav.console' : 'storefront.nav.signIn')}
            </NavLink>
          </nav>
        ) : null}
      </div>
    </StoreVariantContext>
  );
}

/** The desktop shell, `/layouts`. */
export function DesktopShell() {
  return <StoreShell variant="desktop" />;
}

/** The mobile shell, `/layoutsWap`. */
export function MobileShell() {
  return <StoreShell variant="mobile" />;
}

/** The shell of pages without a twin (home, help): desktop or mobile by device. */
export function DeviceShell() {
  return <StoreShell />;
}
