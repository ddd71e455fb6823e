import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { deviceTwinOf, isThisDeviceMobile } from './device.ts';

/** Renders a page that has a desktop and a mobile twin, or redirects to the twin suiting the device. */
export function DeviceRoute({ children }: { children: ReactNode }) {
  const location = useLocation();
  // Decided once per visit of the page; resizing a window does not swap the form under the user.
  const [isMobile] = useState(isThisDeviceMobile);
  const twin = deviceTwinOf(location.pathname, isMobile);
  if (twin) return <Navigate to={{ pathname: twin, search: location.search }} replace />;
  return children;
}
