import { z } from 'zod';
import { RECORD_STATUSES } from '../access/schemas.ts';
import { crudOperations } from '../contract.ts';
import {
  levelCreateSchema,
  levelSchema,
  levelUpdateSchema,
  merchantCreateSchema,
  merchantLevelCreateSchema,
  merchantSchema,
  merchantUpdateSchema,
  supplierCreateSchema,
  supplierSchema,
  supplierUpdateSchema,
} from './schemas.ts';

const status = z.enum(RECORD_STATUSES);
const levelFilters = { status, name: z.string().max(50) };
/** The platform's filter by supplier; another tier's rows are its own tenant's anyway. */
const tenantFilter = { tenant_id: z.uuid() };

/** Suppliers and merchants with their levels (the CRUD kit). */
export const tenancyOperations = {
  supplierLevel: crudOperations({
    resource: 'supplierLevel',
    prefix: '/api/v1/admin/supplierLevel',
    tag: 'tenancy',
    item: levelSchema,
    create: levelCreateSchema,
    update: levelUpdateSchema,
    filters: levelFilters,
    sortable: true,
  }),
  merchantLevel: crudOperations({
    resource: 'merchantLevel',
    prefix: '/api/v1/admin/merchantLevel',
    tag: 'tenancy',
    item: levelSchema,
    create: merchantLevelCreateSchema,
    update: levelUpdateSchema,
    filters: { ...levelFilters, ...tenantFilter },
    sortable: true,
  }),
  supplier: crudOperations({
    resource: 'supplier',
    prefix: '/api/v1/admin/supplier',
    tag: 'tenancy',
    item: supplierSchema,
    create: supplierCreateSchema,
    update: supplierUpdateSchema,
    filters: { status, level_id: z.uuid() },
  }),
  merchant: crudOperations({
    resource: 'merchant',
    prefix: '/api/v1/admin/merchant',
    tag: 'tenancy',
    item: merchantSchema,
    create: merchantCreateSchema,
    update: merchantUpdateSchema,
    filters: { status, level_id: z.uuid(), ...tenantFilter },
  }),
} as const;
