import { createBrowserRouter, Navigate } from 'react-router';
import { NoAccessPage } from '../features/errors/no-access-page.tsx';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { RouteErrorPage } from '../features/errors/route-error-page.tsx';
import { HomePage } from '../features/site/home-page.tsx';
import type { RouteHandle } from './route-handle.ts';
import { ShellLayout } from './shell-layout.tsx';

/** The routes of spec §2 built so far. */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <ShellLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage />, handle: { titleKey: 'route.home' } satisfies RouteHandle },
      {
        path: '404',
        element: <NotFoundPage />,
        handle: { titleKey: 'route.notFound' } satisfies RouteHandle,
      },
      {
        path: '401',
        element: <NoAccessPage />,
        handle: { titleKey: 'route.noAccess' } satisfies RouteHandle,
      },
      // spec §2: any unknown path redirects to /404.
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]);
