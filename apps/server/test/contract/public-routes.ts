/**
 * Every route anyone may call without a token. A public route that is not listed here fails the
 * route contract test: making something public must be a deliberate, reviewed change.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/health',
  'GET /api/v1/index',
  // Signing in and up, and what they need (captcha, codes, token refresh).
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/register',
  // Spec §7 "method variable": GET says what the sign-in and registration forms need (issue 27).
  'GET /api/v1/auth/login',
  'GET /api/v1/auth/register',
  'GET /api/user/checkIn',
  'PUT /api/v1/auth/refresh',
  'POST /api/v1/verify/code',
  // The admin login's "forgot password" (issue 27): a code to the account's binding, then the reset.
  'POST /api/v1/auth/retrievePassword/code',
  'POST /api/v1/auth/retrievePassword',
  'GET /api/common/clickCaptcha',
  'POST /api/common/checkClickCaptcha',
  'POST /api/Sms/send',
  'POST /api/Ems/send',
  'POST /api/user/checkIn',
  'PUT /api/user/refresh',
  'POST /api/account/retrievePassword',
  // Reference data for address forms.
  'GET /api/v1/ajax/area',
  'GET /admin/ajax/area',
  'GET /api/ajax/area',
  // Spec §7 suffix SVG builder: a file icon, nothing private (an <img> cannot send the token).
  'GET /admin/ajax/buildSuffixSvg',
  'GET /api/ajax/buildSuffixSvg',
  // Alipay's asynchronous payment notification: authenticated by its RSA2 signature, not a token.
  'POST /api/v1/wallet/alipay/notify',
  // Marketplace shops (issue 18): the seller's way back from the vendor's authorisation page,
  // authenticated by the signed single-use state; and the vendors' webhooks, authenticated by their
  // signatures over the raw body.
  'POST /api/v1/shops/oauth/callback',
  'POST /api/v1/webhooks/tiktok',
  'POST /api/v1/webhooks/temu',
  // Stored files: readable only with the signed, expiring URL handed out with the row (FileUrls).
  'GET /files/{a}/{b}/{name}',
  // Export files: readable only with the signed, expiring link exportLink hands the record's owner.
  'GET /api/v1/exports/{id}/download',
  // The storefront (catalogue): the host's supplier's categories and products on sale.
  'GET /api/v1/storefront/categories',
  'GET /api/v1/storefront/products',
  'GET /api/v1/storefront/products/{id}',
];
