/** The app's fixed addresses (spec §2), named once for links, guards and the API client's 302s. */
export const PATHS = {
  home: '/',
  login: '/login',
  loginWap: '/loginWap',
  register: '/register',
  registerWap: '/registerWap',
  protocol: '/protocol',
  notFound: '/404',
  noAccess: '/401',
  admin: '/admin',
  adminLoading: '/admin/loading',
  adminDashboard: '/admin/dashboard',
  adminProfile: '/admin/profile',
  user: '/user',
  userLoading: '/user/loading',
  userLogin: '/user/login',
  userOverview: '/user/account/overview',
  userProfile: '/user/account/profile',
  userChangePassword: '/user/account/changePassword',
  userBalance: '/user/account/balance',
  userIntegral: '/user/account/integral',
} as const;

export type PathName = keyof typeof PATHS;

/**
 * Route pairs with a desktop and a mobile (Wap) form (spec §1, §2): on a mobile device the desktop
 * route redirects to its twin, and the reverse on a desktop.
 */
export const DEVICE_TWINS = [
  { desktop: PATHS.login, mobile: PATHS.loginWap },
  { desktop: PATHS.register, mobile: PATHS.registerWap },
] as const;
