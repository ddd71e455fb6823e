import { z } from 'zod';
import { RECORD_STATUSES } from '../access/schemas.ts';
import { crudOperations, defineOperation } from '../contract.ts';
import { idParamsSchema, listReplySchema } from '../crud-schemas.ts';
import { PERMISSIONS } from '../permissions.ts';
import {
  libraryMaterialSchema,
  libraryQuerySchema,
  MATERIAL_TYPES,
  MATERIAL_VISIBILITIES,
  materialAuthoriseSchema,
  materialCategoryCreateSchema,
  materialCategorySchema,
  materialCategoryUpdateSchema,
  materialCreateSchema,
  materialSchema,
  materialUpdateSchema,
  materialUploadQuerySchema,
  materialUploadReplySchema,
} from './schemas.ts';

const ADMIN = { audience: 'admin', tag: 'materials' } as const;

/** Material categories and materials (the CRUD kit), the merchant's library, batch upload, authorising. */
export const materialOperations = {
  materialCategory: crudOperations({
    resource: 'materialCategory',
    prefix: '/api/v1/admin/materialCategory',
    tag: 'materials',
    item: materialCategorySchema,
    create: materialCategoryCreateSchema,
    update: materialCategoryUpdateSchema,
    filters: { parent_id: z.uuid() },
    sortable: true,
  }),
  material: crudOperations({
    resource: 'material',
    prefix: '/api/v1/admin/material',
    tag: 'materials',
    item: materialSchema,
    create: materialCreateSchema,
    update: materialUpdateSchema,
    filters: {
      category_id: z.uuid(),
      // The Uncategorised node of the tree: materials with no category.
      uncategorised: z.enum(['true']),
      type: z.enum(MATERIAL_TYPES),
      visibility: z.enum(MATERIAL_VISIBILITIES),
      status: z.enum(RECORD_STATUSES),
    },
  }),
  materialLibrary: defineOperation({
    ...ADMIN,
    id: 'materialLibrary',
    method: 'GET',
    path: '/api/v1/admin/material/library',
    permission: PERMISSIONS.material.list,
    summary: 'Materials the calling merchant may see, with whether its designs may use each',
    query: libraryQuerySchema,
    response: listReplySchema(libraryMaterialSchema),
  }),
  materialLibraryGet: defineOperation({
    ...ADMIN,
    id: 'materialLibraryGet',
    method: 'GET',
    path: '/api/v1/admin/material/library/:id',
    permission: PERMISSIONS.material.list,
    summary: 'One material the calling merchant may see',
    params: idParamsSchema,
    response: libraryMaterialSchema,
  }),
  materialSummary: defineOperation({
    ...ADMIN,
    id: 'materialSummary',
    method: 'GET',
    path: '/api/v1/admin/material/summary',
    permission: PERMISSIONS.material.list,
    summary: 'Counts of the caller’s library: all materials and the Uncategorised ones',
    response: z.object({ total: z.number(), uncategorised: z.number() }),
  }),
  materialUpload: defineOperation({
    ...ADMIN,
    id: 'materialUpload',
    method: 'POST',
    path: '/api/v1/admin/material/upload',
    permission: PERMISSIONS.material.add,
    summary: 'Upload up to 50 images as materials; each file is accepted or refused on its own',
    consumes: 'multipart/form-data',
    query: materialUploadQuerySchema,
    response: materialUploadReplySchema,
  }),
  materialAuthorise: defineOperation({
    ...ADMIN,
    id: 'materialAuthorise',
    method: 'PUT',
    path: '/api/v1/admin/material/:id/authorise',
    permission: PERMISSIONS.material.authorise,
    summary: 'Authorise (or withdraw) an official material for the merchants who can see it',
    params: idParamsSchema,
    body: materialAuthoriseSchema,
    response: materialSchema,
  }),
} as const;
