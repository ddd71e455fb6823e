/**
 * Everything the storefront routes render, loaded as one chunk on the first public page
 * (./routes.tsx). Nothing here imports antd, zod or the console (docs/decisions/0022).
 */
export { AboutPage } from './about-page.tsx';
export { HelpPage } from './help-page.tsx';
export { StoreHomePage } from './home-page.tsx';
export { ProductDetailPage } from './product-detail-page.tsx';
export { ProductListPage } from './product-list-page.tsx';
export { StorefrontRoot } from './site-root.tsx';
export { DesktopShell, DeviceShell, MobileShell } from './store-shell.tsx';
