import { z } from 'zod';
import { RECORD_STATUSES } from '../access/schemas.ts';
import { crudOperations, defineOperation } from '../contract.ts';
import { CURRENCIES } from '../i18n.ts';
import { PERMISSIONS } from '../permissions.ts';
import {
  areaOptionSchema,
  areaQuerySchema,
  factoryCreateSchema,
  factorySchema,
  factoryUpdateSchema,
  senderAddressCreateSchema,
  senderAddressSchema,
  senderAddressUpdateSchema,
} from '../tenancy/schemas.ts';
import {
  shippingMethodCreateSchema,
  shippingMethodSchema,
  shippingMethodUpdateSchema,
  shippingOptionsQuerySchema,
  shippingOptionsReplySchema,
  shippingRateCreateSchema,
  shippingRateSchema,
  shippingRateUpdateSchema,
} from './schemas.ts';

const status = z.enum(RECORD_STATUSES);

/** Factories and sender addresses, logistics methods and rates, the merchant's options, areas. */
export const logisticsOperations = {
  factory: crudOperations({
    resource: 'factory',
    prefix: '/api/v1/admin/factory',
    tag: 'logistics',
    item: factorySchema,
    create: factoryCreateSchema,
    update: factoryUpdateSchema,
    filters: { status, country: z.string().regex(/^[A-Z]{2}$/) },
  }),
  senderAddress: crudOperations({
    resource: 'senderAddress',
    prefix: '/api/v1/admin/senderAddress',
    tag: 'logistics',
    item: senderAddressSchema,
    create: senderAddressCreateSchema,
    update: senderAddressUpdateSchema,
    filters: { factory_id: z.uuid(), status },
  }),
  shippingMethod: crudOperations({
    resource: 'shippingMethod',
    prefix: '/api/v1/admin/shippingMethod',
    tag: 'logistics',
    item: shippingMethodSchema,
    create: shippingMethodCreateSchema,
    update: shippingMethodUpdateSchema,
    filters: { status, carrier: z.string().max(50) },
    sortable: true,
  }),
  shippingRate: crudOperations({
    resource: 'shippingRate',
    prefix: '/api/v1/admin/shippingRate',
    tag: 'logistics',
    item: shippingRateSchema,
    create: shippingRateCreateSchema,
    update: shippingRateUpdateSchema,
    filters: { method_id: z.uuid(), factory_id: z.uuid(), status, currency: z.enum(CURRENCIES) },
  }),
  logisticsOptions: defineOperation({
    id: 'logisticsOptions',
    method: 'GET',
    path: '/api/v1/admin/logistics/options',
    audience: 'admin',
    // Merchants, who hold the catalogue (spec §2 /admin/product/list is where buying starts).
    permission: PERMISSIONS.productCatalog.list,
    tag: 'logistics',
    summary:
      'Methods for a parcel (country, weight in grams) from the product’s factory or the main one, with fees',
    query: shippingOptionsQuerySchema,
    response: shippingOptionsReplySchema,
  }),
  areaOptions: defineOperation({
    id: 'areaOptions',
    method: 'GET',
    path: '/api/v1/ajax/area',
    audience: 'public',
    permission: null,
    tag: 'logistics',
    summary: 'Countries, or China’s provinces → cities → districts (bundled data)',
    query: areaQuerySchema,
    response: z.array(areaOptionSchema),
  }),
  // Spec §7 "GET /admin/ajax/area or /api/ajax/area": the same call at the addresses the spec
  // lists, for the console and the member centre.
  adminAreaOptions: defineOperation({
    id: 'adminAreaOptions',
    method: 'GET',
    path: '/admin/ajax/area',
    audience: 'public',
    permission: null,
    tag: 'logistics',
    summary:
      'Countries, or China’s provinces → cities → districts (the console’s address of GET /api/v1/ajax/area)',
    query: areaQuerySchema,
    response: z.array(areaOptionSchema),
  }),
  memberAreaOptions: defineOperation({
    id: 'memberAreaOptions',
    method: 'GET',
    path: '/api/ajax/area',
    audience: 'public',
    permission: null,
    tag: 'logistics',
    summary:
      'Countries, or China’s provinces → cities → districts (the member centre’s address of GET /api/v1/ajax/area)',
    query: areaQuerySchema,
    response: z.array(areaOptionSchema),
  }),
} as const;
