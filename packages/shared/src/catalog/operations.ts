import { z } from 'zod';
import { RECORD_STATUSES } from '../access/schemas.ts';
import { crudOperations, defineOperation } from '../contract.ts';
import { idParamsSchema, listReplySchema } from '../crud-schemas.ts';
import { KEY_PATTERN } from '../patterns.ts';
import { PERMISSIONS } from '../permissions.ts';
import { STOREFRONT_ROUTES } from '../storefront-routes.ts';
import {
  catalogProductListItemSchema,
  catalogProductListQuerySchema,
  catalogProductSchema,
  PRODUCT_STATUSES,
  priceBreakdownSchema,
  productCreateSchema,
  productSchema,
  productUpdateSchema,
  quoteRequestSchema,
  storefrontCategorySchema,
  storefrontProductListItemSchema,
  storefrontProductListQuerySchema,
  storefrontProductSchema,
} from './product.ts';
import {
  spuAttributeCreateSchema,
  spuAttributeSchema,
  spuAttributeUpdateSchema,
  spuCategoryCreateSchema,
  spuCategorySchema,
  spuCategoryUpdateSchema,
  spuColorCreateSchema,
  spuColorSchema,
  spuColorUpdateSchema,
  spuDictionaryCreateSchema,
  spuDictionarySchema,
  spuDictionaryUpdateSchema,
  spuSizeAttributeCreateSchema,
  spuSizeAttributeSchema,
  spuSizeAttributeUpdateSchema,
  spuSizeCreateSchema,
  spuSizeSchema,
  spuSizeTemplateCreateSchema,
  spuSizeTemplateSchema,
  spuSizeTemplateUpdateSchema,
  spuSizeUpdateSchema,
} from './reference.ts';
import { SPU_GENDERS, spuCreateSchema, spuSchema, spuUpdateSchema } from './spu.ts';

const status = z.enum(RECORD_STATUSES);
const CATALOG = { tag: 'catalog' } as const;
/** spec §2 /admin/product/list: the merchant's catalogue, where it picks what to design. */
const BROWSE = { ...CATALOG, audience: 'admin', permission: PERMISSIONS.productCatalog.list } as const;
const PUBLIC = { ...CATALOG, audience: 'public', permission: null } as const;
const productFilters = {
  status: z.enum(PRODUCT_STATUSES),
  category_id: z.uuid(),
  factory_id: z.uuid(),
  product_type: z.string().max(50),
  style_code: z.string().max(30),
};

/**
 * The catalogue: reference data and SPU inventory, products and merchant templates (the CRUD kit),
 * the merchant's catalogue and quotes, and the public storefront.
 */
export const catalogOperations = {
  spuCategory: crudOperations({
    ...CATALOG,
    resource: 'spuCategory',
    prefix: '/api/v1/admin/spuCategory',
    item: spuCategorySchema,
    create: spuCategoryCreateSchema,
    update: spuCategoryUpdateSchema,
    filters: { status, parent_id: z.uuid() },
    sortable: true,
  }),
  spuAttribute: crudOperations({
    ...CATALOG,
    resource: 'spuAttribute',
    prefix: '/api/v1/admin/spuAttribute',
    item: spuAttributeSchema,
    create: spuAttributeCreateSchema,
    update: spuAttributeUpdateSchema,
    filters: { status },
    sortable: true,
  }),
  spuColor: crudOperations({
    ...CATALOG,
    resource: 'spuColor',
    prefix: '/api/v1/admin/spuColor',
    item: spuColorSchema,
    create: spuColorCreateSchema,
    update: spuColorUpdateSchema,
    filters: { status },
    sortable: true,
  }),
  spuSize: crudOperations({
    ...CATALOG,
    resource: 'spuSize',
    prefix: '/api/v1/admin/spuSize',
    item: spuSizeSchema,
    create: spuSizeCreateSchema,
    update: spuSizeUpdateSchema,
    filters: { status },
    sortable: true,
  }),
  spuSizeAttribute: crudOperations({
    ...CATALOG,
    resource: 'spuSizeAttribute',
    prefix: '/api/v1/admin/spuSizeAttribute',
    item: spuSizeAttributeSchema,
    create: spuSizeAttributeCreateSchema,
    update: spuSizeAttributeUpdateSchema,
    filters: { status },
    sortable: true,
  }),
  spuSizeTemplate: crudOperations({
    ...CATALOG,
    resource: 'spuSizeTemplate',
    prefix: '/api/v1/admin/spuSizeTemplate',
    item: spuSizeTemplateSchema,
    create: spuSizeTemplateCreateSchema,
    update: spuSizeTemplateUpdateSchema,
    filters: { status },
    sortable: true,
  }),
  spuDictionary: crudOperations({
    ...CATALOG,
    resource: 'spuDictionary',
    prefix: '/api/v1/admin/spuDictionary',
    item: spuDictionarySchema,
    create: spuDictionaryCreateSchema,
    update: spuDictionaryUpdateSchema,
    filters: { type: z.string().regex(KEY_PATTERN), status },
    sortable: true,
  }),
  spu: crudOperations({
    ...CATALOG,
    resource: 'spu',
    prefix: '/api/v1/admin/spu',
    item: spuSchema,
    create: spuCreateSchema,
    update: spuUpdateSchema,
    filters: {
      status,
      inventory_category_id: z.uuid(),
      factory_id: z.uuid(),
      gender: z.enum(SPU_GENDERS),
      code: z.string().max(30),
      article_number: z.string().max(50),
    },
  }),
  /** The supplier's products. */
  product: crudOperations({
    ...CATALOG,
    resource: 'product',
    prefix: '/api/v1/admin/product',
    item: productSchema,
    create: productCreateSchema,
    update: productUpdateSchema,
    filters: productFilters,
    sortable: true,
  }),
  /** A merchant's own product templates. */
  productTemplate: crudOperations({
    ...CATALOG,
    resource: 'productTemplate',
    prefix: '/api/v1/admin/productTemplate',
    item: productSchema,
    create: productCreateSchema,
    update: productUpdateSchema,
    filters: productFilters,
    sortable: true,
  }),

  // ---- The merchant's catalogue ----
  catalogCategories: defineOperation({
    ...BROWSE,
    id: 'catalogCategories',
    method: 'GET',
    path: '/api/v1/admin/catalog/categories',
    summary: "The supplier's category tree with listed product counts, for the merchant's filter",
    response: z.array(storefrontCategorySchema),
  }),
  catalogProductList: defineOperation({
    ...BROWSE,
    id: 'catalogProductList',
    method: 'GET',
    path: '/api/v1/admin/catalog/products',
    summary: "Products a merchant may design: the supplier's on sale, and its own templates",
    query: catalogProductListQuerySchema,
    response: listReplySchema(catalogProductListItemSchema),
  }),
  catalogProductGet: defineOperation({
    ...BROWSE,
    id: 'catalogProductGet',
    method: 'GET',
    path: '/api/v1/admin/catalog/products/:id',
    summary: 'A product with everything the design editor needs, and the merchant’s price list',
    params: idParamsSchema,
    response: catalogProductSchema,
  }),
  catalogQuote: defineOperation({
    ...BROWSE,
    id: 'catalogQuote',
    method: 'POST',
    path: '/api/v1/admin/catalog/quote',
    summary: 'The calling merchant’s price: base (best of level, wholesale, exclusive) + print per face',
    body: quoteRequestSchema,
    response: priceBreakdownSchema,
  }),

  // ---- The public storefront (the host's supplier) ----
  storefrontCategories: defineOperation({
    ...PUBLIC,
    ...STOREFRONT_ROUTES.storefrontCategories,
    summary: 'The category tree of the host’s supplier, with listed product counts',
    response: z.array(storefrontCategorySchema),
  }),
  storefrontProductList: defineOperation({
    ...PUBLIC,
    ...STOREFRONT_ROUTES.storefrontProductList,
    summary: 'Products on sale of the host’s supplier: category (with subcategories), keyword, paging',
    query: storefrontProductListQuerySchema,
    response: listReplySchema(storefrontProductListItemSchema),
  }),
  storefrontProductGet: defineOperation({
    ...PUBLIC,
    ...STOREFRONT_ROUTES.storefrontProductGet,
    summary: 'A product page: gallery, colours, sizes and chart, surfaces, public price tiers',
    params: idParamsSchema,
    response: storefrontProductSchema,
  }),
} as const;
