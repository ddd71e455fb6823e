import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type en from '../../i18n/locales/en.json';

type Resource = keyof typeof en.tools.resources;

/**
 * What a person calls a resource of the CRUD kit (the recycle bin's and the sensitive log's
 * "resource" column, issue 26): its name in the interface language; one made by the CRUD generator
 * has no translation and shows as named.
 */
export function useResourceName() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (resource: string): string => {
      if (!i18n.exists(`tools.resources.${resource}`)) return resource;
      return t(`tools.resources.${resource as Resource}`);
    },
    [t, i18n],
  );
}
