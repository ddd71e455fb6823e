import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A menu title in the interface language: titles are i18n keys such as `menu.roles`; a title that
 * is not a known key (a menu an administrator added with plain text) is shown as it is.
 */
export function useMenuTitle() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (title: string) => (title && i18n.exists(title) ? t(title as 'menu.dashboard') : title),
    [t, i18n],
  );
}
