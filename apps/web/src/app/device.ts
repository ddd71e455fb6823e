import { DEVICE_TWINS } from './paths.ts';

/** Below this viewport width a device counts as mobile (spec §2 mobile routes). */
export const MOBILE_MAX_WIDTH = 768;

const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** Whether to serve the mobile (Wap) forms: a mobile user agent or a narrow viewport. */
export function isMobileDevice(userAgent: string, viewportWidth: number): boolean {
  return MOBILE_AGENT.test(userAgent) || viewportWidth < MOBILE_MAX_WIDTH;
}

/**
 * spec §2: "On a non-mobile device a mobile route redirects to the desktop one, and the reverse on
 * mobile." The twin to redirect to, or null when the path suits the device.
 */
export function deviceTwinOf(pathname: string, isMobile: boolean): string | null {
  for (const twin of DEVICE_TWINS) {
    if (isMobile && pathname === twin.desktop) return twin.mobile;
    if (!isMobile && pathname === twin.mobile) return twin.desktop;
  }
  return null;
}

/** Reads the current browser. */
export function isThisDeviceMobile(): boolean {
  return isMobileDevice(navigator.userAgent, window.innerWidth);
}
