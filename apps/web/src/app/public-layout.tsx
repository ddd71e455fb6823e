import { useState } from 'react';
import { Outlet } from 'react-router';
import { StoreHeader } from '../storefront/store-header.tsx';
import type { StoreVariant } from '../storefront/store-context.ts';
import { isThisDeviceMobile } from './device.ts';

/**
 * Public pages of the console (sign-in, registration, agreement, error pages): the storefront's own
 * header (issue 27: one header on every public page), in its desktop or phone form, then the page.
 */
export function PublicLayout() {
  const [variant] = useState<StoreVariant>(() => (isThisDeviceMobile() ? 'mobile' : 'desktop'));
  return (
    <div className={`sf-root sf-${variant}`} data-testid="public-layout">
      <StoreHeader variant={variant} />
      <main className="sf-main sf-public-main">
        <Outlet />
      </main>
    </div>
  );
}
