import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LANGUAGES, type Language } from '@pod/shared';
import { getAccessToken } from '../api/tokens.ts';
import { PATHS } from '../app/paths.ts';
import { useSite } from '../features/site/site-context.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { switchLanguage } from '../i18n/language.ts';
import { storePaths, type StoreVariant } from './store-context.ts';
import './storefront.css';

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

/** A navigation link's class: the page being shown is marked. */
export const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'is-active' : undefined);

/**
 * The storefront's header (spec §2 public pages): the brand, the pages, the language and the way
 * in. The public pages of the console (sign-in, registration, agreement, error pages) show this
 * same header (issue 27); it needs an `sf-root` ancestor for its styles.
 */
export function StoreHeader({ variant }: { variant: StoreVariant }) {
  const { t } = useTranslation();
  const paths = storePaths(variant);
  return (
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
  );
}
