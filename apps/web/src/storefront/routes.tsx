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

/**
 * The public storefront (spec §2): the home page, help, the desktop shell `/layouts` with
 * `/template/productList`, `/template/productDetail`, `/template/aboutUs`, and the mobile shell
 * `/layoutsWap` with the `/templateWap/…` twins. Split from the console: these pages load no antd.
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
        {
          path: 'template/productList',
          lazy: page((p) => p.ProductListPage),
          handle: titled('route.productList'),
        },
        {
          path: 'template/productDetail',
          lazy: page((p) => p.ProductDetailPage),
          handle: titled('route.productDetail'),
        },
        { path: 'template/aboutUs', lazy: page((p) => p.AboutPage), handle: titled('route.aboutUs') },
      ],
    },
    {
      lazy: page((p) => p.MobileShell),
      children: [
        { path: 'layoutsWap', element: <Navigate to={PATHS.storeProductListWap} replace /> },
        {
          path: 'templateWap/productList',
          lazy: page((p) => p.ProductListPage),
          handle: titled('route.productList'),
        },
        {
          path: 'templateWap/productDetail',
          lazy: page((p) => p.ProductDetailPage),
          handle: titled('route.productDetail'),
        },
        { path: 'templateWap/aboutUs', lazy: page((p) => p.AboutPage), handle: titled('route.aboutUs') },
      ],
    },
  ],
};
