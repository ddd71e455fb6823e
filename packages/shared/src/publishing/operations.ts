import { z } from 'zod';
import { crudOperations, defineOperation } from '../contract.ts';
import { PERMISSIONS } from '../permissions.ts';
import { PUBLISH_PLATFORMS } from './rules.ts';
import { PUBLISH_STATUSES } from './status.ts';
import {
  listingCreateSchema,
  listingIdsBodySchema,
  listingSchema,
  listingUpdateSchema,
  preflightReplySchema,
  publishJobReplySchema,
  publishTemplateCreateSchema,
  publishTemplateSchema,
  publishTemplateUpdateSchema,
  templateApplyBodySchema,
  templateApplyReplySchema,
} from './schemas.ts';
import { idParamsSchema } from '../crud-schemas.ts';

const admin = { audience: 'admin', tag: 'publishing' } as const;
const BASE = '/api/v1/admin/publish';

/** Listings, templates, preflight and (batch) publishing to the marketplaces (issue 23). */
export const publishingOperations = {
  listing: crudOperations({
    resource: 'publishListing',
    prefix: `${BASE}/listing`,
    tag: 'publishing',
    item: listingSchema,
    create: listingCreateSchema,
    update: listingUpdateSchema,
    filters: {
      status: z.enum(PUBLISH_STATUSES),
      platform: z.enum(PUBLISH_PLATFORMS),
      shop_id: z.uuid(),
      finished_id: z.uuid(),
    },
  }),
  template: crudOperations({
    resource: 'publishTemplate',
    prefix: `${BASE}/template`,
    tag: 'publishing',
    item: publishTemplateSchema,
    create: publishTemplateCreateSchema,
    update: publishTemplateUpdateSchema,
    filters: { platform: z.enum(PUBLISH_PLATFORMS) },
  }),
  templateApply: defineOperation({
    ...admin,
    id: 'publishTemplateApply',
    method: 'POST',
    path: `${BASE}/template/:id/apply`,
    permission: PERMISSIONS.publishListing.add,
    summary: "Applies a template's fields to many finished products' draft listings for a shop",
    params: idParamsSchema,
    body: templateApplyBodySchema,
    response: templateApplyReplySchema,
  }),
  preflight: defineOperation({
    ...admin,
    id: 'publishPreflight',
    method: 'POST',
    path: `${BASE}/preflight`,
    permission: PERMISSIONS.publishListing.list,
    summary: 'One report per listing: the print side and the listing side; errors block publishing',
    body: listingIdsBodySchema,
    response: preflightReplySchema,
  }),
  publish: defineOperation({
    ...admin,
    id: 'publishListings',
    method: 'POST',
    path: `${BASE}/publish`,
    permission: PERMISSIONS.publishListing.publish,
    summary: 'Publishes (or republishes) listings in a job with progress and a result per listing',
    body: listingIdsBodySchema,
    response: publishJobReplySchema,
  }),
  unpublish: defineOperation({
    ...admin,
    id: 'unpublishListings',
    method: 'POST',
    path: `${BASE}/unpublish`,
    permission: PERMISSIONS.publishListing.unpublish,
    summary: 'Deactivates released listings on the marketplace (back to draft) in a job',
    body: listingIdsBodySchema,
    response: publishJobReplySchema,
  }),
} as const;
