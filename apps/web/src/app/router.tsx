import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AdminFallback } from '../features/admin/admin-fallback.tsx';
import { AdminGate } from '../features/admin/admin-gate.tsx';
import { AdminLoadingPage } from '../features/admin/admin-loading-page.tsx';
import { AdminProfilePage } from '../features/admin/profile-page.tsx';
import { DashboardPage } from '../features/admin/dashboard-page.tsx';
import { UnavailablePage } from '../features/admin/unavailable-page.tsx';
import { UNBUILT_ADMIN_PATHS } from '../features/admin/unbuilt-paths.ts';
import { NoAccessPage } from '../features/errors/no-access-page.tsx';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { RouteErrorPage } from '../features/errors/route-error-page.tsx';
import { AdminLoginPage } from '../features/identity/admin-login-page.tsx';
import { AdminRegisterPage } from '../features/identity/admin-register-page.tsx';
import { ChangePasswordPage } from '../features/member/change-password-page.tsx';
import { BalancePage, IntegralPage } from '../features/member/log-pages.tsx';
import { MemberGate } from '../features/member/member-gate.tsx';
import { MemberLoadingPage } from '../features/member/member-loading-page.tsx';
import { MemberLoginPage } from '../features/member/member-login-page.tsx';
import { OverviewPage } from '../features/member/overview-page.tsx';
import { ProfilePage } from '../features/member/profile-page.tsx';
import { ProtocolPage } from '../features/protocol/protocol-page.tsx';
import { HomePage } from '../features/site/home-page.tsx';
import { DeviceRoute } from './device-route.tsx';
import { PATHS } from './paths.ts';
import type { RouteHandle, RouteTitleKey } from './route-handle.ts';
import { PublicLayout } from './public-layout.tsx';
import { ShellLayout } from './shell-layout.tsx';

const titled = (titleKey: RouteTitleKey) => ({ titleKey }) satisfies RouteHandle;

const adminRoutes: RouteObject = {
  path: 'admin',
  children: [
    { index: true, element: <Navigate to={PATHS.adminLoading} replace /> },
    { path: 'loading/:to?', element: <AdminLoadingPage />, handle: titled('route.loading') },
    {
      element: <AdminGate />,
      children: [
        { path: 'dashboard', element: <DashboardPage />, handle: titled('route.dashboard') },
        ...UNBUILT_ADMIN_PATHS.map((path) => ({
          path,
          element: <UnavailablePage />,
          handle: titled('route.unavailable'),
        })),
        { path: 'profile', element: <AdminProfilePage />, handle: titled('route.adminProfile') },
        // Menu pages: the menu item serving the path names the page (its title is the menu's).
        { path: '*', element: <AdminFallback /> },
      ],
    },
  ],
};

const memberRoutes: RouteObject = {
  path: 'user',
  children: [
    { index: true, element: <Navigate to={PATHS.userLoading} replace /> },
    { path: 'loading/:to?', element: <MemberLoadingPage />, handle: titled('route.loading') },
    {
      element: <PublicLayout />,
      children: [{ path: 'login', element: <MemberLoginPage />, handle: titled('route.userLogin') }],
    },
    {
      element: <MemberGate />,
      children: [
        { path: 'account/overview', element: <OverviewPage />, handle: titled('route.userOverview') },
        { path: 'account/profile', element: <ProfilePage />, handle: titled('route.userProfile') },
        {
          path: 'account/changePassword',
          element: <ChangePasswordPage />,
          handle: titled('route.userChangePassword'),
        },
        { path: 'account/balance', element: <BalancePage />, handle: titled('route.userBalance') },
        { path: 'account/integral', element: <IntegralPage />, handle: titled('route.userIntegral') },
        { path: '*', element: <Navigate to={PATHS.notFound} replace /> },
      ],
    },
  ],
};

/** The routes of spec §2 built so far. */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <ShellLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage />, handle: titled('route.home') },
          {
            path: 'login',
            element: (
              <DeviceRoute>
                <AdminLoginPage variant="desktop" />
              </DeviceRoute>
            ),
            handle: titled('route.login'),
          },
          {
            path: 'loginWap',
            element: (
              <DeviceRoute>
                <AdminLoginPage variant="mobile" />
              </DeviceRoute>
            ),
            handle: titled('route.login'),
          },
          {
            path: 'register',
            element: (
              <DeviceRoute>
                <AdminRegisterPage variant="desktop" />
              </DeviceRoute>
            ),
            handle: titled('route.register'),
          },
          {
            path: 'registerWap',
            element: (
              <DeviceRoute>
                <AdminRegisterPage variant="mobile" />
              </DeviceRoute>
            ),
            handle: titled('route.register'),
          },
          { path: 'protocol', element: <ProtocolPage />, handle: titled('route.protocol') },
          { path: '404', element: <NotFoundPage />, handle: titled('route.notFound') },
          { path: '401', element: <NoAccessPage />, handle: titled('route.noAccess') },
        ],
      },
      adminRoutes,
      memberRoutes,
      // spec §2: any unknown path redirects to /404.
      { path: '*', element: <Navigate to={PATHS.notFound} replace /> },
    ],
  },
]);
