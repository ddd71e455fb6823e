import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { UNBUILT_ADMIN_PATHS } from '../session/unbuilt-paths.ts';
import { storefrontRoutes } from '../storefront/routes.tsx';
import { EditorSkeleton } from '../features/designs/editor-skeleton.tsx';
import { DeviceRoute } from './device-route.tsx';
import { PATHS } from './paths.ts';
import type { RouteHandle, RouteTitleKey } from './route-handle.ts';

const titled = (titleKey: RouteTitleKey, parentMenu?: string): RouteHandle =>
  parentMenu ? { titleKey, parentMenu } : { titleKey };

/**
 * A route's component, loaded on the route's first visit. Every console route loads this way, so
 * the storefront's pages never load antd or the admin console (docs/decisions/0022): import console
 * pages here only through `page(() => import(…))`, never with a static import.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** A device-twin page (spec §2): the variant's form, or a redirect to the twin suiting the device. */
function twinPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<{ variant: 'desktop' | 'mobile' }>,
  variant: 'desktop' | 'mobile',
) {
  return async () => {
    const Page = pick(await load());
    return {
      element: (
        <DeviceRoute>
          <Page variant={variant} />
        </DeviceRoute>
      ),
    };
  };
}

const loadAdminLogin = () => import('../features/identity/admin-login-page.tsx');
const loadAdminRegister = () => import('../features/identity/admin-register-page.tsx');
const loadMemberLogs = () => import('../features/member/log-pages.tsx');
const loadUnavailable = () => import('../features/admin/unavailable-page.tsx');

const adminRoutes: RouteObject = {
  path: 'admin',
  children: [
    { index: true, element: <Navigate to={PATHS.adminLoading} replace /> },
    {
      path: 'loading/:to?',
      lazy: page(
        () => import('../features/admin/admin-loading-page.tsx'),
        (m) => m.AdminLoadingPage,
      ),
      handle: titled('route.loading'),
    },
    // The online design editor (issue 8): full screen, no admin shell; Fabric loads only here.
    // Its page, its canvas code (Fabric) and its default fonts load in parallel (issue 26).
    {
      path: 'design',
      lazy: page(
        () =>
          Promise.all([
            import('../features/designs/editor/design-editor-page.tsx'),
            import('../features/designs/editor/preload.ts').then((m) => m.preloadEditor()),
          ]).then(([m]) => m),
        (m) => m.DesignEditorRoute,
      ),
      // Shown at once on a direct visit while the editor's chunks load.
      hydrateFallbackElement: <EditorSkeleton />,
      handle: titled('route.design'),
    },
    {
      lazy: page(
        () => import('../features/admin/admin-gate.tsx'),
        (m) => m.AdminGate,
      ),
      children: [
        {
          path: 'dashboard',
          lazy: page(
            () => import('../features/admin/dashboard-page.tsx'),
            (m) => m.DashboardPage,
          ),
          handle: titled('route.dashboard'),
        },
        ...UNBUILT_ADMIN_PATHS.map((path) => ({
          path,
          lazy: page(loadUnavailable, (m) => m.UnavailablePage),
          handle: titled('route.unavailable'),
        })),
        {
          path: 'profile',
          lazy: page(
            () => import('../features/admin/profile-page.tsx'),
            (m) => m.AdminProfilePage,
          ),
          handle: titled('route.adminProfile'),
        },
        // spec §2 balance screens; open with the Recharge menu (features/admin/permissions.ts).
        {
          path: 'rechargeBalance/:type',
          lazy: page(
            () => import('../features/wallet/recharge-page.tsx'),
            (m) => m.RechargeBalancePage,
          ),
          handle: titled('route.rechargeBalance', 'wallet/recharge'),
        },
        {
          path: 'rechargeResult',
          lazy: page(
            () => import('../features/wallet/recharge-result-page.tsx'),
            (m) => m.RechargeResultPage,
          ),
          handle: titled('route.rechargeResult', 'wallet/recharge'),
        },
        {
          path: 'transferDetail',
          lazy: page(
            () => import('../features/wallet/transfer-detail-page.tsx'),
            (m) => m.TransferDetailPage,
          ),
          handle: titled('route.transferDetail', 'wallet/recharge'),
        },
        // spec §2 cart checkout and order pages (issue 10); open with the cart or order list menu
        // (features/admin/permissions.ts).
        {
          path: 'settlement',
          lazy: page(
            () => import('../features/checkout/settlement-page.tsx'),
            (m) => m.SettlementPage,
          ),
          handle: titled('route.settlement', 'publish/shopCart'),
        },
        {
          path: 'payResult',
          lazy: page(
            () => import('../features/orders/pay-result-page.tsx'),
            (m) => m.PayResultPage,
          ),
          handle: titled('route.payResult', 'order/list'),
        },
        {
          path: 'orderPayResult/:order_no',
          lazy: page(
            () => import('../features/orders/pay-result-page.tsx'),
            (m) => m.PayResultPage,
          ),
          handle: titled('route.orderPayResult', 'order/list'),
        },
        // spec §2 "an admin iframe route": /admin/iframe/{encoded address}.
        {
          // A splat: the encoded address may hold slashes once the router has decoded it.
          path: 'iframe/*',
          lazy: page(
            () => import('../features/embedded/embedded-pages.tsx'),
            (m) => m.AdminIframePage,
          ),
          handle: titled('route.embedded'),
        },
        {
          path: 'order/detail',
          lazy: page(
            () => import('../features/orders/order-detail-page.tsx'),
            (m) => m.OrderDetailPage,
          ),
          handle: titled('route.orderDetail', 'order/list'),
        },
        // Menu pages: the menu item serving the path names the page (its title is the menu's).
        {
          path: '*',
          lazy: page(
            () => import('../features/admin/admin-fallback.tsx'),
            (m) => m.AdminFallback,
          ),
        },
      ],
    },
  ],
};

const memberRoutes: RouteObject = {
  path: 'user',
  children: [
    { index: true, element: <Navigate to={PATHS.userLoading} replace /> },
    {
      path: 'loading/:to?',
      lazy: page(
        () => import('../features/member/member-loading-page.tsx'),
        (m) => m.MemberLoadingPage,
      ),
      handle: titled('route.loading'),
    },
    {
      lazy: page(
        () => import('./public-layout.tsx'),
        (m) => m.PublicLayout,
      ),
      children: [
        {
          path: 'login',
          lazy: page(
            () => import('../features/member/member-login-page.tsx'),
            (m) => m.MemberLoginPage,
          ),
          handle: titled('route.userLogin'),
        },
        {
          path: 'retrievePassword',
          lazy: page(
            () => import('../features/member/retrieve-password-page.tsx'),
            (m) => m.RetrievePasswordPage,
          ),
          handle: titled('route.forgotPassword'),
        },
      ],
    },
    {
      lazy: page(
        () => import('../features/member/member-gate.tsx'),
        (m) => m.MemberGate,
      ),
      children: [
        {
          path: 'account/overview',
          lazy: page(
            () => import('../features/member/overview-page.tsx'),
            (m) => m.OverviewPage,
          ),
          handle: titled('route.userOverview'),
        },
        {
          path: 'account/profile',
          lazy: page(
            () => import('../features/member/profile-page.tsx'),
            (m) => m.ProfilePage,
          ),
          handle: titled('route.userProfile'),
        },
        {
          path: 'account/changePassword',
          lazy: page(
            () => import('../features/member/change-password-page.tsx'),
            (m) => m.ChangePasswordPage,
          ),
          handle: titled('route.userChangePassword'),
        },
        // spec §2: embedded pages of the member centre, /user/iframe/{encoded path}.
        {
          path: 'iframe/*',
          lazy: page(
            () => import('../features/embedded/embedded-pages.tsx'),
            (m) => m.MemberIframePage,
          ),
          handle: titled('route.embedded'),
        },
        {
          path: 'account/balance',
          lazy: page(loadMemberLogs, (m) => m.BalancePage),
          handle: titled('route.userBalance'),
        },
        {
          path: 'account/integral',
          lazy: page(loadMemberLogs, (m) => m.IntegralPage),
          handle: titled('route.userIntegral'),
        },
        { path: '*', element: <Navigate to={PATHS.notFound} replace /> },
      ],
    },
  ],
};

/**
 * The console (docs/decisions/0022): antd, the site shell, sign-in and register, the agreement,
 * the error pages, the admin area and the member centre, loaded on the first visit of one of them.
 */
const consoleRoutes: RouteObject = {
  lazy: page(
    () => import('./console-root.tsx'),
    (m) => m.ConsoleRoot,
  ),
  children: [
    {
      lazy: page(
        () => import('./public-layout.tsx'),
        (m) => m.PublicLayout,
      ),
      children: [
        {
          path: 'login',
          lazy: twinPage(loadAdminLogin, (m) => m.AdminLoginPage, 'desktop'),
          handle: titled('route.login'),
        },
        {
          path: 'loginWap',
          lazy: twinPage(loadAdminLogin, (m) => m.AdminLoginPage, 'mobile'),
          handle: titled('route.login'),
        },
        {
          path: 'register',
          lazy: twinPage(loadAdminRegister, (m) => m.AdminRegisterPage, 'desktop'),
          handle: titled('route.register'),
        },
        {
          path: 'registerWap',
          lazy: twinPage(loadAdminRegister, (m) => m.AdminRegisterPage, 'mobile'),
          handle: titled('route.register'),
        },
        {
          path: 'forgotPassword',
          lazy: page(
            () => import('../features/identity/forgot-password-page.tsx'),
            (m) => m.ForgotPasswordPage,
          ),
          handle: titled('route.forgotPassword'),
        },
        {
          path: 'protocol',
          lazy: page(
            () => import('../features/protocol/protocol-page.tsx'),
            (m) => m.ProtocolPage,
          ),
          handle: titled('route.protocol'),
        },
        // spec §2: the landing pages of a shop authorisation (issue 18), public like the vendor's redirect.
        {
          path: 'thirdparty/tiktokshopapi/tkRedirect',
          lazy: page(
            () => import('../features/shops/oauth-landing-page.tsx'),
            (m) => m.TikTokRedirectPage,
          ),
          handle: titled('route.shopAuthorisation'),
        },
        {
          path: 'thirdparty/temuapi/redirect',
          lazy: page(
            () => import('../features/shops/oauth-landing-page.tsx'),
            (m) => m.TemuRedirectPage,
          ),
          handle: titled('route.shopAuthorisation'),
        },
        {
          path: '404',
          lazy: page(
            () => import('../features/errors/not-found-page.tsx'),
            (m) => m.NotFoundPage,
          ),
          handle: titled('route.notFound'),
        },
        {
          path: '401',
          lazy: page(
            () => import('../features/errors/no-access-page.tsx'),
            (m) => m.NoAccessPage,
          ),
          handle: titled('route.noAccess'),
        },
      ],
    },
    adminRoutes,
    memberRoutes,
    // spec §2: any unknown path redirects to /404.
    { path: '*', element: <Navigate to={PATHS.notFound} replace /> },
  ],
};

const RouteErrorPage = lazy(() =>
  import('../features/errors/route-error-page.tsx').then((m) => ({ default: m.RouteErrorPage })),
);

/** Nothing while the first route's code loads: index.html's start-up overlay covers it (main.tsx). */
function StartupFallback() {
  return null;
}

/** The routes of spec §2 built so far: the public storefront and the console, split apart. */
export const router = createBrowserRouter([
  {
    path: '/',
    HydrateFallback: StartupFallback,
    errorElement: (
      <Suspense fallback={null}>
        <RouteErrorPage />
      </Suspense>
    ),
    children: [storefrontRoutes, consoleRoutes],
  },
]);
