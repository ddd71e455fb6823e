import { adminActor } from '../../src/modules/access/index.ts';
import { buildMerchant } from '../factories/index.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { registerCrossTenantCase } from './cross-tenant.ts';

/** Design rows are the merchant's own: the owning tenant's request is made by the same merchant. */
const owners = new Map<string, Record<string, string>>();
const merchantHeaders = async (t: TestApp, tenantId: string) => {
  const known = owners.get(tenantId);
  if (known) return known;
  const headers = await t.authAs(adminActor((await buildMerchant(t.database.db, tenantId)).primary));
  owners.set(tenantId, headers);
  return headers;
};

registerCrossTenantCase({
  name: 'designs: PUT /api/v1/admin/design/groups/{id}',
  async arrange(t, tenantId) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/design/groups',
      headers: await merchantHeaders(t, tenantId),
      payload: { name: 'Cross-tenant' },
    });
    return {
      method: 'PUT',
      url: `/api/v1/admin/design/groups/${res.json().data.id}`,
      payload: { name: 'changed' },
    };
  },
  as: merchantHeaders,
});
