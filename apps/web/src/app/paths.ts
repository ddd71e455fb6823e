/** The app's fixed addresses (spec §2), named once for links, guards and the API client's 302s. */
export const PATHS = {
  home: '/',
  login: '/login',
  loginWap: '/loginWap',
  register: '/register',
  registerWap: '/registerWap',
  /** The admin login's "forgot password" (issue 27). */
  forgotPassword: '/forgotPassword',
  protocol: '/protocol',
  notFound: '/404',
  noAccess: '/401',
  admin: '/admin',
  adminLoading: '/admin/loading',
  adminDashboard: '/admin/dashboard',
  adminProfile: '/admin/profile',
  /** Recharge by a method: `/admin/rechargeBalance/transfer` or `/admin/rechargeBalance/alipay`. */
  adminRechargeBalance: '/admin/rechargeBalance',
  /** Alipay returns here (`?type=alipay&out_trade_no=`); a bank transfer shows `?type=transfer&id=`. */
  adminRechargeResult: '/admin/rechargeResult',
  adminTransferDetail: '/admin/transferDetail',
  // Cart, checkout and orders (issue 10). The cart and the order list are menu pages (their menus
  // may move them); these are the defaults and the fixed pages reached from them.
  adminShopCart: '/admin/publish/shopCart',
  /** `?lines=<cart line ids, comma-separated>` */
  adminSettlement: '/admin/settlement',
  adminOrderList: '/admin/order/list',
  /** `?order_no=` */
  adminOrderDetail: '/admin/order/detail',
  /** Several orders (`?order_nos=a,b`); Alipay returns here with `type=alipay&out_trade_no=`. */
  adminPayResult: '/admin/payResult',
  /** One order: `/admin/orderPayResult/<order_no>`. */
  adminOrderPayResult: '/admin/orderPayResult',
  // Shops (issue 18): the shop list (a menu page), and where sellers land back from authorising.
  adminShopList: '/admin/shop/list',
  tiktokRedirect: '/thirdparty/tiktokshopapi/tkRedirect',
  temuRedirect: '/thirdparty/temuapi/redirect',
  user: '/user',
  userLoading: '/user/loading',
  userLogin: '/user/login',
  /** The member login's "forgot password" (issue 27). */
  userRetrievePassword: '/user/retrievePassword',
  userOverview: '/user/account/overview',
  userProfile: '/user/account/profile',
  userChangePassword: '/user/account/changePassword',
  userBalance: '/user/account/balance',
  userIntegral: '/user/account/integral',
  /** The online design editor (issue 8); `?product=<id>` opens a product. */
  adminDesign: '/admin/design',
  // spec §2 storefront: the desktop shell /layouts and the mobile shell /layoutsWap with their pages.
  help: '/help',
  layouts: '/layouts',
  storeProductList: '/template/productList',
  /** `?id=<product id>` */
  storeProductDetail: '/template/productDetail',
  storeAboutUs: '/template/aboutUs',
  layoutsWap: '/layoutsWap',
  storeProductListWap: '/templateWap/productList',
  storeProductDetailWap: '/templateWap/productDetail',
  storeAboutUsWap: '/templateWap/aboutUs',
} as const;

export type PathName = keyof typeof PATHS;

/**
 * Route pairs with a desktop and a mobile (Wap) form (spec §1, §2): on a mobile device the desktop
 * route redirects to its twin, and the reverse on a desktop.
 */
export const DEVICE_TWINS = [
  { desktop: PATHS.login, mobile: PATHS.loginWap },
  { desktop: PATHS.register, mobile: PATHS.registerWap },
  { desktop: PATHS.layouts, mobile: PATHS.layoutsWap },
  { desktop: PATHS.storeProductList, mobile: PATHS.storeProductListWap },
  { desktop: PATHS.storeProductDetail, mobile: PATHS.storeProductDetailWap },
  { desktop: PATHS.storeAboutUs, mobile: PATHS.storeAboutUsWap },
  // The template pages as children of their shell (spec §2): /layouts/template/… ↔ /layoutsWap/templateWap/….
  ...(['storeProductList', 'storeProductDetail', 'storeAboutUs'] as const).map((key) => ({
    desktop: `${PATHS.layouts}${PATHS[key]}`,
    mobile: `${PATHS.layoutsWap}${PATHS[`${key}Wap`]}`,
  })),
] as const;

/** The settlement page of the chosen cart lines (the cart links there; checkout reads `lines`). */
export function settlementHref(lineIds: readonly string[]): string {
  return `${PATHS.adminSettlement}?lines=${lineIds.map(encodeURIComponent).join(',')}`;
}

/** spec §2: the merchant's finished products list. */
export const FINISHED_LIST_PATH = '/admin/publish/finished/my';
