import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { MenuNode } from '@pod/shared';
import { useAdminSession } from '../../session/admin-session-context.ts';
import { CurrentMenuContext } from '../layout/current-menu.ts';
import { isIframeMenu } from '../layout/menu-tree.ts';
import { useMenuTitle } from '../layout/use-menu-title.ts';
import { EmbeddedFrame, embeddedAddress } from './embedded-frame.tsx';

/** The external-link menus of the session that open as console tabs. */
function iframeUrls(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => [...(isIframeMenu(node) ? [node.url] : []), ...iframeUrls(node.children)]);
}

/** An external-link menu item opened as a console tab: its url in a frame (spec §2, §3 Menu). */
export function MenuFramePage() {
  const menu = use(CurrentMenuContext);
  const menuTitle = useMenuTitle();
  if (!menu) return null;
  return <EmbeddedFrame address={menu.url} title={menuTitle(menu.title)} />;
}

/**
 * /admin/iframe/{encoded address} (spec §2 "an admin iframe route"): a page of this site, or the url
 * of one of the session's own external-link menus, framed in the console. Any other address is
 * refused: a link must not dress a foreign page in the console (decision 0070).
 */
export function AdminIframePage() {
  const { t } = useTranslation();
  const url = embeddedAddress(useParams()['*'] ?? '');
  const { menus } = useAdminSession();
  const isOwnPage = url.startsWith('/') && !url.startsWith('//');
  const address = isOwnPage || iframeUrls(menus).includes(url) ? url : '';
  return <EmbeddedFrame address={address} title={t('route.embedded')} />;
}

/** /user/iframe/{encoded path} (spec §2): a page of this site framed in the member centre. */
export function MemberIframePage() {
  const { t } = useTranslation();
  const path = embeddedAddress(useParams()['*'] ?? '');
  const address = path.startsWith('/') && !path.startsWith('//') ? path : '';
  return <EmbeddedFrame address={address} title={t('route.embedded')} />;
}
