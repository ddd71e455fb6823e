/** The CRUD kit's list, ids and reply schemas: one copy, in the shared contracts (decision 0028). */
export {
  crudListQueryBase,
  idParamsSchema,
  idsQuerySchema,
  listReplySchema,
  selectOptionsSchema,
  sortableBodySchema,
} from '@pod/shared';
