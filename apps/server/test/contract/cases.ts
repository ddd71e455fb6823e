import { buildMerchant } from '../factories/index.ts';
import { adminActor } from '../../src/modules/access/index.ts';
import { DEMO_THUMBNAILS_JOB } from '../../src/db/seed/demo-jobs.ts';
import { registerCrossTenantCase } from './cross-tenant.ts';

/** Signs in as the primary account of a fresh merchant of the tenant. */
export const merchantOfTenant = async (
  t: Parameters<Parameters<typeof registerCrossTenantCase>[0]['as']>[0],
  tenantId: string,
) => t.authAs(adminActor((await buildMerchant(t.database.db, tenantId)).primary));

registerCrossTenantCase({
  name: 'jobs: GET /api/v1/jobs/{id}',
  async arrange(t, tenantId) {
    const id = await t.services.jobs.enqueue(DEMO_THUMBNAILS_JOB, { keys: [] }, { tenantId });
    return { method: 'GET', url: `/api/v1/jobs/${id}` };
  },
  as: merchantOfTenant,
});

registerCrossTenantCase({
  name: 'access: GET /api/v1/admin/department/{id}',
  async arrange(t, tenantId) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/department',
      headers: await merchantOfTenant(t, tenantId),
      payload: { name: 'Cross-tenant' },
    });
    return { method: 'GET', url: `/api/v1/admin/department/${res.json().data.id}` };
  },
  as: merchantOfTenant,
});

registerCrossTenantCase({
  name: 'access: PATCH /api/v1/admin/role/{id}',
  async arrange(t, tenantId) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/role',
      headers: await merchantOfTenant(t, tenantId),
      payload: { name: 'Cross-tenant', code: 'cross' },
    });
    return {
      method: 'PATCH',
      url: `/api/v1/admin/role/${res.json().data.id}`,
      payload: { remark: 'changed' },
    };
  },
  as: merchantOfTenant,
});
