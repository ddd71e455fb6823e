/**
 * Admin pages spec §2 names that later issues build (relative to /admin). Until then each opens an
 * honest "not available yet" notice inside the admin shell. No feature stands behind them yet, so
 * there is nothing to guard: they are open to every signed-in admin, and each page's own issue
 * removes it from this list and puts it behind its menu right.
 */
export const UNBUILT_ADMIN_PATHS = ['product/detail'] as const;
