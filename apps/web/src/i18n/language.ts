import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pod/shared';

/** localStorage key holding the interface language (spec §1: "The choice is stored locally"). */
export const LANGUAGE_STORAGE_KEY = 'lang';

/** Whether a stored or user-supplied value names a supported interface language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored interface language, or zh-cn (spec §1: default and fallback) when none or unknown. */
export function readStoredLanguage(): Language {
  // Guarded so the module also loads in node-environment unit tests, where there is no localStorage.
  if (typeof localStorage === 'undefined') return DEFAULT_LANGUAGE;
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Stores the choice and reloads, so every module starts again in the new language (spec §1). */
export function switchLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  window.location.reload();
}
