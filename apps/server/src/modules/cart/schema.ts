import {
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  primaryKey,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, money, updatedAt, rowId } from '../../db/columns.ts';
import { finishedProducts } from '../designs/schema.ts';
import { merchantRef, tenantRef } from '../tenancy/schema.ts';

/**
 * A merchant's cart line (spec §3 Cart and settlement line): a finished product in one colour and
 * size of an in-stock SKU. `unit_price` is the pricing engine's price when the line was added; the
 * cart shows today's price beside it and checkout charges today's, after the user has seen it.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    finishedProductId: uuid('finished_product_id').notNull(),
    colorId: uuid('color_id').notNull(),
    sizeId: uuid('size_id').notNull(),
    quantity: integer('quantity').notNull(),
    currency: text('currency').notNull(),
    unitPrice: money('unit_price').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'cart_lines_finished_product_id_fk',
      columns: [t.tenantId, t.finishedProductId],
      foreignColumns: [finishedProducts.tenantId, finishedProducts.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('cart_lines_merchant_sku_uq').on(
      t.tenantId,
      t.merchantId,
      t.finishedProductId,
      t.colorId,
      t.sizeId,
    ),
    index('cart_lines_merchant_idx').on(t.tenantId, t.merchantId, t.createdAt),
    check('cart_lines_quantity_pos', sql`${t.quantity} > 0`),
  ],
);
