import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
// antd's own CSS reset (body margin, box sizing); antd ships no global styles otherwise.
import 'antd/dist/reset.css';
import { createTokenRefresher } from './api/auth-refresh.ts';
import { registerTokenRefresher } from './api/token-refresh.ts';
import { hideLoadingOverlay } from './app/loading-overlay.ts';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { trackRootFontSize } from './features/layout/root-font-size.ts';
import { currentLanguage } from './i18n/i18n.ts';

// The language only changes by reloading (spec §1), so setting it once at start-up is enough.
document.documentElement.lang = currentLanguage();

// spec §4: a 401/403 renews the area's tokens once; a failed renewal goes to that area's login.
registerTokenRefresher(createTokenRefresher());

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

// The app has drawn its first screen; the start-up overlay fades and is removed 1 s later (spec §9).
requestAnimationFrame(hideLoadingOverlay);
