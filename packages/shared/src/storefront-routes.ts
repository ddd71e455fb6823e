/**
 * Method and path of the public operations the storefront calls, without zod: the storefront
 * does not load zod (docs/decisions/0022), so it cannot import the contracts themselves. The
 * contracts (`site/operations.ts`, `catalog/operations.ts`) are built on these, so each route is
 * still declared once.
 */
export const STOREFRONT_ROUTES = {
  getHealth: { id: 'getHealth', method: 'GET', path: '/api/health' },
  getSiteIndex: { id: 'getSiteIndex', method: 'GET', path: '/api/v1/index' },
  storefrontCategories: { id: 'storefrontCategories', method: 'GET', path: '/api/v1/storefront/categories' },
  storefrontProductList: { id: 'storefrontProductList', method: 'GET', path: '/api/v1/storefront/products' },
  storefrontProductGet: {
    id: 'storefrontProductGet',
    method: 'GET',
    path: '/api/v1/storefront/products/:id',
  },
} as const;
