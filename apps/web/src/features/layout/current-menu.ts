import { createContext, use } from 'react';
import type { MenuNode } from '@pod/shared';

/** The menu item serving the current admin page, or null (dashboard fallback, personal centre). */
export const CurrentMenuContext = createContext<MenuNode | null>(null);

/** The permitted button names of the current page (spec §6: hidden when not included). */
export function usePageButtons(): ReadonlySet<string> {
  const node = use(CurrentMenuContext);
  return new Set(node?.buttons ?? []);
}
