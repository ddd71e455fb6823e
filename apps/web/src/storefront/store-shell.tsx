import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { LANGUAGES, type Language } from '@pod/shared';
import { getAccessToken } from '../api/tokens.ts';
import { DeviceRoute } from '../app/device-route.tsx';
import { isThisDeviceMobile } from '../app/device.ts';
import { PATHS } from '../app/paths.ts';
import { useSite } from '../features/site/site-context.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { switchLanguage } from '../i18n/language.ts';
import { storePaths, StoreVariantContext, type StoreVariant } from './store-context.ts';

const LANGUAGE_KEYS: Record<Language, 'language.zhCn' | 'language.en'> = {
  'zh-cn': 'language.zhCn',
  en: 'language.en',
};

/** Interface language choice; choosing stores it and reloads the page (spec §1). */
function LanguageButtons() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <div className="sf-lang" role="group" aria-label={t('language.label')} data-testid="lang-switch">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          aria-pressed={language === current}
          className={language === current ? 'is-active' : undefined}
          onClick={() => {
            if (language !== current) switchLanguage(language);
          }}
        >
          {t(LANGUAGE_KEYS[language])}
        </button>
      ))}
    </div>
  );
}

/** The supplier's logo (or its initial) and name, linking home. */
function Brand() {
  const site = useSite();
  return (
    <Link to={PATHS.home} className="sf-brand">
      {site.supplier_logo ? (
        <img src={site.supplier_logo} alt="" width={36} height={36} />
      ) : (
        <span className="sf-brand__mark" aria-hidden="true">
          {Array.from(site.name)[0] ?? '·'}
        </span>
      )}
      <span className="sf-brand__name" data-testid="site-title">
        {site.name}
      </span>
    </Link>
  );
}

/** Sign in, or back to the console for a signed-in admin. */
function AccountLink() {
  const { t } = useTranslation();
  const isSignedIn = getAccessToken('admin') !== null;
  return (
    <Link to={isSignedIn ? PATHS.admin : PATHS.login} className="sf-button sf-button--ghost">
      {t(isSignedIn ? 'storefront.nav.console' : 'storefront.nav.signIn')}
    </Link>
  );
}

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
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'is-active' : undefined);

  return (
    <StoreVariantContext value={variant}>
      <div className={`sf-root sf-${variant}`} data-testid={`storefront-${variant}`}>
        <header className="sf-header">
          <div className="sf-header__inner">
            <Brand />
            {variant === 'desktop' ? (
              <nav className="sf-nav" aria-label={t('storefront.nav.main')}>
                <NavLink to={PATHS.home} end className={navClass}>
                  {t('storefront.nav.home')}
                </NavLink>
                <NavLink to={paths.list} className={navClass}>
                  {t('storefront.nav.products')}
                </NavLink>
                <NavLink to={paths.about} className={navClass}>
                  {t('storefront.nav.about')}
                </NavLink>
                <NavLink to={PATHS.help} className={navClass}>
                  {t('storefront.nav.help')}
                </NavLink>
              </nav>
            ) : null}
            <div className="sf-header__actions">
              <LanguageButtons />
              {variant === 'desktop' ? <AccountLink /> : null}
            </div>
          </div>
        </header>
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
