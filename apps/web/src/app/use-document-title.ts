import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteTitleKey } from './route-handle.ts';

/** spec §1: "The page title is the route title plus the site name." */
export function useDocumentTitle(titleKey: RouteTitleKey | null, siteName: string | undefined): void {
  const { t } = useTranslation();
  const routeTitle = titleKey ? t(titleKey) : '';
  useEffect(() => {
    // Routes without a title key (admin menu pages) set the title themselves.
    if (!titleKey) return;
    const title = [routeTitle, siteName].filter(Boolean).join(' - ');
    if (title) document.title = title;
  }, [titleKey, routeTitle, siteName]);
}
