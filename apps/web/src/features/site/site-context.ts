import { createContext, use } from 'react';
import type { SiteInfo } from '@pod/shared';

/** Site info once the shell has loaded it; pages below the shell can rely on it. */
export const SiteContext = createContext<SiteInfo | null>(null);

/** The loaded site info; only valid below the app shell. */
export function useSite(): SiteInfo {
  const site = use(SiteContext);
  if (!site) throw new Error('useSite() is only available below the app shell');
  return site;
}
