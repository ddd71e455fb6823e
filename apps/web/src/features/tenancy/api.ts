import type { CrudResource } from '../crud/api.ts';

/** The tenancy and finance resources served by the CRUD kit (spec §7 generic CRUD). */
export const TENANCY_RESOURCES = {
  supplier: { name: 'supplier', prefix: '/api/v1/admin/supplier' },
  supplierLevel: { name: 'supplierLevel', prefix: '/api/v1/admin/supplierLevel' },
  merchantLevel: { name: 'merchantLevel', prefix: '/api/v1/admin/merchantLevel' },
  merchant: { name: 'merchant', prefix: '/api/v1/admin/merchant' },
  paymentAccount: { name: 'paymentAccount', prefix: '/api/v1/admin/paymentAccount' },
  exchangeRate: { name: 'exchangeRate', prefix: '/api/v1/admin/exchangeRate' },
} as const satisfies Record<string, CrudResource>;
