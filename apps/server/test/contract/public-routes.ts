/**
 * Every route anyone may call without a token. A public route that is not listed here fails the
 * route contract test: making something public must be a deliberate, reviewed change.
 */
export const PUBLIC_ROUTES: readonly string[] = ['GET /api/health', 'GET /api/v1/index'];
