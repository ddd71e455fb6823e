import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  primaryKey,
} from 'drizzle-orm/pg-core';
import type { ListingFields, PublishStatus } from '@pod/shared';
import { createdAt, updatedAt, rowId } from '../../db/columns.ts';

export interface StoredExternalSku {
  seller_sku: string;
  sku_id: string;
}

/**
 * A listing of a finished product in one shop (spec §3 Publish listing): its form (`fields`), its
 * publish status (decision 0044) and what the marketplace returned. The finished product's code and
 * name and the shop's name and platform are copied in so the list needs no join across modules.
 */
export const publishListings = pgTable(
  'publish_listings',
  {
    id: rowId(),
    tenantId: uuid('tenant_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    finishedId: uuid('finished_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    platform: text('platform', { enum: ['tiktok', 'temu'] }).notNull(),
    finishedCode: text('finished_code').notNull(),
    finishedName: text('finished_name').notNull(),
    shopName: text('shop_name').notNull(),
    templateId: uuid('template_id'),
    status: text('status').$type<PublishStatus>().notNull().default('draft'),
    editedSincePublish: boolean('edited_since_publish').notNull().default(false),
    fields: jsonb('fields').$type<ListingFields>().notNull(),
    externalProductId: text('external_product_id'),
    externalSkcId: text('external_skc_id'),
    externalSkus: jsonb('external_skus').$type<StoredExternalSku[]>().notNull().default([]),
    failReason: text('fail_reason'),
    publishStartedAt: timestamp('publish_started_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    auditStatus: text('audit_status', { enum: ['none', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('none'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    jobId: uuid('job_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('publish_listings_finished_shop_uq').on(t.tenantId, t.finishedId, t.shopId),
    index('publish_listings_owner_idx').on(t.tenantId, t.merchantId, t.createdAt),
  ],
);

/** A listing's reusable fields under a name (spec §5: "Template name cannot be empty"). */
export const publishTemplates = pgTable(
  'publish_templates',
  {
    id: rowId(),
    tenantId: uuid('tenant_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    name: text('name').notNull(),
    platform: text('platform', { enum: ['tiktok', 'temu'] }).notNull(),
    fields: jsonb('fields').$type<ListingFields>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('publish_templates_owner_idx').on(t.tenantId, t.merchantId),
  ],
);
