import { buildMerchant, buildSupplierAdmin } from '../factories/index.ts';
import { adminActor } from '../../src/modules/access/index.ts';
import { DEMO_THUMBNAILS_JOB } from '../../src/db/seed/demo-jobs.ts';
import { registerCrossTenantCase } from './cross-tenant.ts';
import './catalog-cases.ts';
import './design-cases.ts';
import './logistics-cases.ts';
import './orders-cases.ts';

/** Signs in as the primary account of a fresh merchant of the tenant. */
export const merchantOfTenant = async (
  t: Parameters<Parameters<typeof registerCrossTenantCase>[0]['as']>[0],
  tenantId: string,
) => t.authAs(adminActor((await buildMerchant(t.database.db, tenantId)).primary));

/**
 * Signs in as the primary account of one merchant of the tenant, the same at every call: roles and
 * departments are that merchant's own (decision 0026), so the owner and the reader must be one.
 */
const merchantHeaders = new Map<string, Promise<Record<string, string>>>();
export const theMerchantOfTenant = (
  t: Parameters<Parameters<typeof registerCrossTenantCase>[0]['as']>[0],
  tenantId: string,
) => {
  let headers = merchantHeaders.get(tenantId);
  if (!headers) {
    headers = merchantOfTenant(t, tenantId);
    merchantHeaders.set(tenantId, headers);
  }
  return headers;
};

/** Signs in as a fresh supplier administrator of the tenant. */
export const supplierOfTenant = async (
  t: Parameters<Parameters<typeof registerCrossTenantCase>[0]['as']>[0],
  tenantId: string,
) => t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenantId)));

registerCrossTenantCase({
  name: 'jobs: GET /api/v1/jobs/{id}',
  async arrange(t, tenantId) {
    // A job of the tenant's supplier, read by its supplier administrators (decision 0026).
    const id = await t.services.jobs.enqueue(DEMO_THUMBNAILS_JOB, { keys: [] }, { tenantId });
    return { method: 'GET', url: `/api/v1/jobs/${id}` };
  },
  as: supplierOfTenant,
});

registerCrossTenantCase({
  name: 'access: GET /api/v1/admin/department/{id}',
  async arrange(t, tenantId) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/department',
      headers: await theMerchantOfTenant(t, tenantId),
      payload: { name: 'Cross-tenant' },
    });
    return { method: 'GET', url: `/api/v1/admin/department/${res.json().data.id}` };
  },
  as: theMerchantOfTenant,
});

registerCrossTenantCase({
  name: 'access: PATCH /api/v1/admin/role/{id}',
  async arrange(t, tenantId) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/role',
      headers: await theMerchantOfTenant(t, tenantId),
      payload: { name: 'Cross-tenant', code: 'cross' },
    });
    return {
      method: 'PATCH',
      url: `/api/v1/admin/role/${res.json().data.id}`,
      payload: { remark: 'changed' },
    };
  },
  as: theMerchantOfTenant,
});

registerCrossTenantCase({
  name: 'materials: GET /api/v1/admin/materialCategory/{id}',
  async arrange(t, tenantId) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/materialCategory',
      headers: await supplierOfTenant(t, tenantId),
      payload: { name: 'Cross-tenant' },
    });
    return { method: 'GET', url: `/api/v1/admin/materialCategory/${res.json().data.id}` };
  },
  // A merchant's library is its own; the tenant's official library is shared by its supplier admins.
  as: supplierOfTenant,
});

registerCrossTenantCase({
  name: 'wallet: GET /api/v1/admin/finance/transfer/{id}',
  async arrange(t, tenantId) {
    const { buildPaymentAccount } = await import('../factories/index.ts');
    const account = await buildPaymentAccount(t.database.db, tenantId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/wallet/recharge/transfer',
      headers: await merchantOfTenant(t, tenantId),
      payload: {
        receipt_no: 'R-1',
        amount: 100,
        currency: 'CNY',
        transfer_type: 'domestic',
        payment_account_id: account.id,
        bank_name: 'Bank',
        bank_account_name: 'Payer',
        bank_account_no: '62220200',
        agreement: true,
      },
    });
    return { method: 'GET', url: `/api/v1/admin/finance/transfer/${res.json().data.id}` };
  },
  // Merchants read only their own requests; the tenant's finance (supplier) reviews them all.
  as: supplierOfTenant,
});

registerCrossTenantCase({
  name: 'wallet: GET /api/v1/admin/finance/transaction/{id}',
  async arrange(t, tenantId) {
    const { buildMerchant: merchantFactory, fundWallet } = await import('../factories/index.ts');
    const { merchant } = await merchantFactory(t.database.db, tenantId);
    const row = await fundWallet(t.database.db, { tenantId, merchantId: merchant.id }, 1_00);
    return { method: 'GET', url: `/api/v1/admin/finance/transaction/${row.id}` };
  },
  as: supplierOfTenant,
});
