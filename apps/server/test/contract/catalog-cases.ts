import { adminActor } from '../../src/modules/access/index.ts';
import { buildMerchant, buildSupplierAdmin } from '../factories/index.ts';
import { buildProduct } from '../factories/catalog.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { registerCrossTenantCase } from './cross-tenant.ts';

/*
 * Catalogue cross-tenant replays: a product, a colour and a quote of tenant A, asked for by
 * tenant B's supplier or merchant, answer 404.
 */

const supplier = async (t: TestApp, tenantId: string) =>
  t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenantId)));
const merchant = async (t: TestApp, tenantId: string) =>
  t.authAs(adminActor((await buildMerchant(t.database.db, tenantId)).primary));
const onSaleProduct = async (t: TestApp, tenantId: string) =>
  (await buildProduct({ db: t.database.db, storage: t.services.storage }, tenantId, { onSale: true }))
    .product;

registerCrossTenantCase({
  name: 'catalog: GET /api/v1/admin/product/{id}',
  async arrange(t, tenantId) {
    return { method: 'GET', url: `/api/v1/admin/product/${(await onSaleProduct(t, tenantId)).id}` };
  },
  as: supplier,
});

registerCrossTenantCase({
  name: 'catalog: PATCH /api/v1/admin/spuColor/{id}',
  async arrange(t, tenantId) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/spuColor',
      headers: await supplier(t, tenantId),
      payload: { name: 'Cross-tenant', hex: '#abcdef' },
    });
    return {
      method: 'PATCH',
      url: `/api/v1/admin/spuColor/${res.json().data.id}`,
      payload: { name: 'changed' },
    };
  },
  as: supplier,
});

registerCrossTenantCase({
  name: 'catalog: GET /api/v1/admin/catalog/products/{id}',
  async arrange(t, tenantId) {
    return { method: 'GET', url: `/api/v1/admin/catalog/products/${(await onSaleProduct(t, tenantId)).id}` };
  },
  as: merchant,
});

registerCrossTenantCase({
  name: 'catalog: POST /api/v1/admin/catalog/quote',
  async arrange(t, tenantId) {
    const product = await onSaleProduct(t, tenantId);
    return {
      method: 'POST',
      url: '/api/v1/admin/catalog/quote',
      payload: { product_id: product.id, quantity: 3 },
    };
  },
  as: merchant,
});
