import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PATHS } from '../app/paths.ts';
import type { RouteHandle, RouteTitleKey } from '../app/route-handle.ts';
import type * as StorefrontPages from './pages.ts';

type Pages = typeof StorefrontPages;
const loadPages = () => import('./pages.ts');
const titled = (titleKey: RouteTitleKey) => ({ titleKey }) satisfies RouteHandle;
/** A storefront component, from the one lazily loaded storefront chunk. */
const page = (pick: (pages: Pages) => ComponentType) => async () => ({ Component: pick(await loadPages()) });

/** The template pages of a shell: each at `/<template>/<page>` and at `/<layouts>/<template>/<page>`. */
function templatePages(layouts: string, template: string): RouteObject[] {
  const pages: Array<[string, (p: Pages) => ComponentType, RouteTitleKey]> = [
    ['productList', (p) => p.ProductListPage, 'route.productList'],
    ['productDetail', (p) => p.ProductDetailPage, 'route.productDetail'],
    ['aboutUs', (p) => p.AboutPage, 'route.aboutUs'],
  ];
  return pages.flatMap(([name, pick, title]) =>
    [`${template}/${name}`, `${layouts}/${template}/${name}`].map((path) => ({
      path,
      lazy: page(pick),
      handle: titled(title),
    })),
  );
}

/**
 * The public storefront (spec §2): the home page, help, the desktop shell `/layouts` with
 * `/template/productList`, `/template/productDetail`, `/template/aboutUs`, and the mobile shell
 * `/layoutsWap` with the `/templateWap/…` twins. The spec names the template pages as children of
 * their shell, so `/layouts/template/…` and `/layoutsWap/templateWap/…` show the same pages (issue 26).
 * Split from the console: these pages load no antd.
 */
export const storefrontRoutes: RouteObject = {
  lazy: page((p) => p.StorefrontRoot),
  children: [
    {
      lazy: page((p) => p.DeviceShell),
      children: [
        { index: true, lazy: page((p) => p.StoreHomePage), handle: titled('route.home') },
        { path: 'help', lazy: page((p) => p.HelpPage), handle: titled('route.help') },
      ],
    },
    {
      lazy: page((p) => p.DesktopShell),
      children: [
        { path: 'layouts', element: <Navigate to={PATHS.storeProductList} replace /> },
        ...templatePages('layouts', 'template'),
      ],
    },
    {
      lazy: page((p) => p.MobileShell),
      children: [
        { path: 'layoutsWap', element: <Navigate to={PATHS.storeProductListWap} replace /> },
        ...templatePages('layoutsWap', 'templateWap'),
      ],
    },
  ],
};
