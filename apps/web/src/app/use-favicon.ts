import { useEffect } from 'react';

/** Uses the site's configured favicon (site config, spec §3) once it is known. */
export function useFavicon(href: string | undefined): void {
  useEffect(() => {
    if (!href) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.removeAttribute('type');
    link.href = href;
  }, [href]);
}
