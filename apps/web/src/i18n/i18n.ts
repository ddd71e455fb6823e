import i18next from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pod/shared';
import * as zhCnPublic from './locales/public-zh-cn.ts';
import * as enPublic from './locales/public-en.ts';
import { isLanguage, readStoredLanguage } from './language.ts';

/**
 * The sections every page may use: the shell, route titles, request failures and the storefront.
 * The back office's sections join when the console loads (./console-strings.ts), so the public
 * pages do not carry them (docs/decisions/0022).
 */
export const resources = {
  'zh-cn': { translation: { ...zhCnPublic } },
  en: { translation: { ...enPublic } },
} as const;

/**
 * The app's single i18next instance. It has no React binding so the API client and node unit tests
 * can use it; React reaches it through <I18nextProvider>.
 */
export const i18n = i18next.createInstance();

// Resources are inline, so init completes synchronously and the first render is already translated.
void i18n.init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // i18next would otherwise rewrite 'zh-cn' to 'zh-CN' and miss the resource key.
  lowerCaseLng: true,
  load: 'currentOnly',
  initAsync: false,
  // React escapes rendered text itself.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The language the interface is running in. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
