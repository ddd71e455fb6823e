import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
// antd's own CSS reset (body margin, box sizing); antd ships no global styles otherwise.
import 'antd/dist/reset.css';
import { registerTokenRefresher, type TokenRefresher } from './api/token-refresh.ts';
import { hideLoadingOverlay } from './app/loading-overlay.ts';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { trackRootFontSize } from './features/layout/root-font-size.ts';
import { currentLanguage } from './i18n/i18n.ts';

// The language only changes by reloading (spec §1), so setting it once at start-up is enough.
document.documentElement.lang = currentLanguage();

// spec §4: a 401/403 renews the area's tokens once; a failed renewal goes to that area's login. The
// refresher loads on first use: anonymous storefront visitors never need it (docs/decisions/0022).
let refresher: Promise<TokenRefresher> | null = null;
registerTokenRefresher(async (area) => {
  refresher ??= import('./api/auth-refresh.ts').then((m) => m.createTokenRefresher());
  return (await refresher)(area);
});

// spec §9: the root font size follows the viewport width.
trackRootFontSize();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// The start-up overlay fades once the first route (and its lazily loaded code) is drawn, and is
// removed 1 s later (spec §9).
if (router.state.initialized) requestAnimationFrame(hideLoadingOverlay);
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    requestAnimationFrame(hideLoadingOverlay);
  });
}
