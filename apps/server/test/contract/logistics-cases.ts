import { adminActor } from '../../src/modules/access/index.ts';
import { buildFactoryWithUser, buildSupplierAdmin } from '../factories/index.ts';
import { buildShippingMethod, buildShippingRate } from '../factories/logistics.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { registerCrossTenantCase } from './cross-tenant.ts';

/*
 * Logistics cross-tenant replays (issue 10): a method or rate of tenant A, read or changed by
 * tenant B's supplier administrator, answers 404.
 */

const supplier = async (t: TestApp, tenantId: string) =>
  t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenantId)));

registerCrossTenantCase({
  name: 'logistics: GET /api/v1/admin/shippingMethod/{id}',
  async arrange(t, tenantId) {
    const method = await buildShippingMethod(t.database.db, tenantId);
    return { method: 'GET', url: `/api/v1/admin/shippingMethod/${method.id}` };
  },
  as: supplier,
});

registerCrossTenantCase({
  name: 'logistics: PATCH /api/v1/admin/shippingMethod/{id}',
  async arrange(t, tenantId) {
    const method = await buildShippingMethod(t.database.db, tenantId);
    return {
      method: 'PATCH',
      url: `/api/v1/admin/shippingMethod/${method.id}`,
      payload: { name: 'changed' },
    };
  },
  as: supplier,
});

registerCrossTenantCase({
  name: 'logistics: PATCH /api/v1/admin/shippingRate/{id}',
  async arrange(t, tenantId) {
    const { factory } = await buildFactoryWithUser(t.database.db, tenantId);
    const method = await buildShippingMethod(t.database.db, tenantId);
    const rate = await buildShippingRate(t.database.db, tenantId, {
      methodId: method.id,
      factoryId: factory.id,
    });
    return { method: 'PATCH', url: `/api/v1/admin/shippingRate/${rate.id}`, payload: { first_price: 1 } };
  },
  as: supplier,
});

registerCrossTenantCase({
  name: 'logistics: POST /api/v1/admin/shippingRate (another tenant’s method and factory)',
  async arrange(t, tenantId) {
    const { factory } = await buildFactoryWithUser(t.database.db, tenantId);
    const method = await buildShippingMethod(t.database.db, tenantId);
    return {
      method: 'POST',
      url: '/api/v1/admin/shippingRate',
      payload: {
        method_id: method.id,
        factory_id: factory.id,
        first_weight_g: 100,
        first_price: 1200,
        additional_weight_g: 50,
        additional_price: 350,
      },
    };
  },
  as: supplier,
});
