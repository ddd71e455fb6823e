import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  primaryKey,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt, rowId } from '../../db/columns.ts';
import { factories } from '../logistics/schema.ts';
import { merchantRef, tenantRef } from '../tenancy/schema.ts';

/** decision 0024: the order statuses and who moves an order between them. */
export const ORDER_STATUS_VALUES = [
  'unpaid',
  'paid',
  'in_production',
  'shipped',
  'completed',
  'cancelled',
  'timed_out',
] as const;
export const ORDER_SOURCE_VALUES = ['manual', 'import', 'sync'] as const;
export const ORDER_PLATFORM_VALUES = ['tiktok', 'temu', 'other'] as const;
export const ORDER_PAY_METHOD_VALUES = ['balance', 'alipay'] as const;
/** The adapter's `MarketOrderState` values (integrations/marketplace/adapter.ts). */
export const MARKET_STATE_VALUES = [
  'unpaid',
  'awaiting_shipment',
  'shipped',
  'delivered',
  'cancelled',
  'other',
] as const;

/** A buyer customisation of a line, as the adapter gives it (`Customisation`). */
export interface StoredCustomisation {
  kind: 'text' | 'image';
  value: string;
  label: string | null;
  previewUrl: string | null;
}

export interface StoredOrderAddress {
  first_name: string;
  last_name: string;
  mobile_phone: string;
  country: string;
  province: string;
  city: string;
  area: string;
  street: string;
  postcode: string;
}
export interface StoredOrderCustoms {
  cn_name: string;
  en_name: string;
  en_material: string;
  declared_price_usd: number;
  declared_weight: number;
  customs_code: string;
}
/** The logistics method as chosen, so a later change of the method is detectable at payment. */
export interface StoredOrderShipping {
  method_id: string;
  rate_id: string;
  rate_version: number;
  carrier: string;
  name: string;
  code: string;
  delivery_days_min: number;
  delivery_days_max: number;
  /** The rate's own currency and fee when chosen (the order's shipping amount may be converted). */
  currency: string;
  fee: number;
}

/**
 * An order (spec §3 Order): what checkout creates for one consignee address, with its address,
 * customs and logistics snapshots. Amounts are minor units of `currency`; total = product + shipping.
 */
export const orders = pgTable(
  'orders',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    orderNo: text('order_no').notNull(),
    source: text('source', { enum: ORDER_SOURCE_VALUES }).notNull().default('manual'),
    platform: text('platform', { enum: ORDER_PLATFORM_VALUES }),
    shopName: text('shop_name').notNull().default(''),
    thirdPartyOrderNo: text('third_party_order_no').notNull().default(''),
    subOrderNo: text('sub_order_no').notNull().default(''),
    trackingNo: text('tracking_no').notNull().default(''),
    /** The carrier the factory shipped with (fulfilment's CARRIERS), set with the tracking number. */
    carrierCode: text('carrier_code').notNull().default(''),
    status: text('status', { enum: ORDER_STATUS_VALUES }).notNull().default('unpaid'),
    currency: text('currency').notNull(),
    productAmount: money('product_amount').notNull(),
    shippingAmount: money('shipping_amount').notNull(),
    totalAmount: money('total_amount').notNull(),
    totalQuantity: integer('total_quantity').notNull(),
    /** Parcel weight in grams. */
    weight: integer('weight').notNull().default(0),
    countryCode: text('country_code').notNull(),
    address: jsonb('address').$type<StoredOrderAddress>().notNull(),
    customs: jsonb('customs').$type<StoredOrderCustoms>().notNull(),
    factoryId: uuid('factory_id').references(() => factories.id),
    shipping: jsonb('shipping').$type<StoredOrderShipping>().notNull(),
    payMethod: text('pay_method', { enum: ORDER_PAY_METHOD_VALUES }),
    /** The ledger trade number of the payment. */
    payNo: text('pay_no').notNull().default(''),
    remark: text('remark').notNull().default(''),
    checkoutId: uuid('checkout_id'),
    /** The marketplace shop an order came from (shops module), null for manual orders. */
    shopId: uuid('shop_id'),
    /** The creator's department when created (spec §6 data scope "department"). */
    departmentId: uuid('department_id'),
    /** What the marketplace buyer paid (marketplace orders only), in `salesCurrency`. */
    salesCurrency: text('sales_currency'),
    salesAmount: money('sales_amount'),
    salesShippingAmount: money('sales_shipping_amount'),
    salesTotalAmount: money('sales_total_amount'),
    /** The marketplace's deadline for shipping. */
    latestDeliveryAt: timestamp('latest_delivery_at', { withTimezone: true }),
    /** Lines with no finished product yet; an order is payable only at 0 (decision 0040). */
    unlinkedLines: integer('unlinked_lines').notNull().default(0),
    /** Bumped by every change of the shipping (the ledger keys of a difference include it). */
    revision: integer('revision').notNull().default(0),
    /** The order this one was copied or split from. */
    originOrderNo: text('origin_order_no').notNull().default(''),
    createdBy: uuid('created_by'),
    /** The ordering account's name when the order was placed. */
    orderedBy: text('ordered_by').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What after-sales refunds have returned of the total (decision 0042); never more than it. */
    refundedAmount: money('refunded_amount').notNull().default(0),
    /**
     * Order intake (issue 20, decision 0051): the marketplace's own update time of the state last
     * applied; an update older than it is stale and changes nothing.
     */
    vendorUpdatedAt: timestamp('vendor_updated_at', { withTimezone: true }),
    /** The marketplace's status text as it sent it, and the platform's reading of it. */
    vendorStatus: text('vendor_status').notNull().default(''),
    marketState: text('market_state', { enum: MARKET_STATE_VALUES }),
    /** The channels the order arrived through ('import', 'sync'): both = merged (sync health). */
    intakeChannels: text('intake_channels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When the buyer ordered and paid on the marketplace (not the merchant's payment, `paid_at`). */
    marketCreatedAt: timestamp('market_created_at', { withTimezone: true }),
    marketPaidAt: timestamp('market_paid_at', { withTimezone: true }),
    buyerMessage: text('buyer_message').notNull().default(''),
    /** Personalised lines pending or flagged for review (decision 0053); payable only at 0. */
    reviewLines: integer('review_lines').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('orders_order_no_uq').on(t.tenantId, t.orderNo),
    index('orders_merchant_idx').on(t.tenantId, t.merchantId, t.createdAt, t.id),
    index('orders_merchant_status_idx').on(t.tenantId, t.merchantId, t.status, t.createdAt, t.id),
    index('orders_merchant_paid_idx').on(t.tenantId, t.merchantId, t.paidAt),
    index('orders_merchant_delivery_idx').on(t.tenantId, t.merchantId, t.latestDeliveryAt),
    index('orders_merchant_updated_idx').on(t.tenantId, t.merchantId, t.updatedAt),
    index('orders_merchant_third_no_idx')
      .on(t.tenantId, t.merchantId, t.thirdPartyOrderNo)
      .where(sql`${t.thirdPartyOrderNo} <> ''`),
    // One order per marketplace order and shop (decision 0051); split parts (origin set) share it.
    uniqueIndex('orders_shop_third_no_uq')
      .on(t.tenantId, t.shopId, t.thirdPartyOrderNo)
      .where(sql`${t.shopId} IS NOT NULL AND ${t.thirdPartyOrderNo} <> '' AND ${t.originOrderNo} = ''`),
    index('orders_merchant_sub_no_idx')
      .on(t.tenantId, t.merchantId, t.subOrderNo)
      .where(sql`${t.subOrderNo} <> ''`),
    index('orders_merchant_tracking_idx')
      .on(t.tenantId, t.merchantId, t.trackingNo)
      .where(sql`${t.trackingNo} <> ''`),
    index('orders_merchant_pay_no_idx')
      .on(t.tenantId, t.merchantId, t.payNo)
      .where(sql`${t.payNo} <> ''`),
    index('orders_merchant_unlinked_idx')
      .on(t.tenantId, t.merchantId, t.createdAt)
      .where(sql`${t.unlinkedLines} > 0`),
    check('orders_unlinked_ok', sql`${t.unlinkedLines} >= 0`),
    /** The factories' production queue (fulfilment, issue 21). */
    index('orders_factory_status_idx').on(t.tenantId, t.factoryId, t.status, t.paidAt),
    check('orders_review_lines_ok', sql`${t.reviewLines} >= 0`),
    index('orders_unpaid_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'unpaid'`),
    check(
      'orders_amounts_ok',
      sql`${t.productAmount} >= 0 AND ${t.shippingAmount} >= 0 AND ${t.totalAmount} = ${t.productAmount} + ${t.shippingAmount}`,
    ),
    check(
      'orders_refunded_within_paid',
      sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.totalAmount}`,
    ),
  ],
);

/** spec §3 Order line: style code, finished product code, colour, size, quantity, unit price. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: rowId(),
    tenantId: uuid('tenant_id').notNull(),
    orderId: uuid('order_id').notNull(),
    /** Null while a marketplace line is not linked to a finished product yet. */
    finishedProductId: uuid('finished_product_id'),
    finishedCode: text('finished_code').notNull(),
    name: text('name').notNull(),
    productId: uuid('product_id'),
    styleCode: text('style_code').notNull(),
    colorId: uuid('color_id'),
    colorName: text('color_name').notNull(),
    sizeId: uuid('size_id'),
    sizeName: text('size_name').notNull(),
    skuCode: text('sku_code').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    subtotal: money('subtotal').notNull(),
    /** A storage key of the colour's mockup thumbnail, signed when read. */
    thumbKey: text('thumb_key'),
    sort: integer('sort').notNull().default(0),
    /** Grams per piece (the parcel weight is the sum over lines of unit_weight × quantity). */
    unitWeight: integer('unit_weight').notNull().default(0),
    externalProductId: text('external_product_id').notNull().default(''),
    externalSkcId: text('external_skc_id').notNull().default(''),
    externalSkuId: text('external_sku_id').notNull().default(''),
    /** The marketplace's product title of the line. */
    externalName: text('external_name').notNull().default(''),
    /** Order intake (decision 0051): the marketplace's line ids, seller SKU, SKU name and image. */
    externalLineIds: text('external_line_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sellerSku: text('seller_sku').notNull().default(''),
    externalSkuName: text('external_sku_name').notNull().default(''),
    externalImageUrl: text('external_image_url').notNull().default(''),
    /** What the buyer paid per piece on the marketplace, in the order's `sales_currency`. */
    salesUnitPrice: money('sales_unit_price'),
    /** Buyer personalisation (the adapter's `Customisation[]`). */
    customisation: jsonb('customisation').$type<StoredCustomisation[]>().notNull().default([]),
  },
  (t) => [
    foreignKey({
      name: 'order_lines_order_id_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_finished_idx').on(t.finishedProductId),
    check('order_lines_quantity_pos', sql`${t.quantity} > 0`),
  ],
);

/** The order timeline (decision 0039): who did what to an order and what changed. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: rowId(),
    tenantId: uuid('tenant_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    orderId: uuid('order_id').notNull(),
    action: text('action').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'order_events_order_id_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('order_events_order_idx').on(t.orderId, t.createdAt),
  ],
);

/**
 * SKU mapping (decision 0040): a shop's external SKU linked to a finished product, colour and size.
 * A mapping publishing wrote (decision 0067) also carries the seller SKU it published, so a
 * marketplace whose order lines name another SKU id than its listing answered (Temu: the goods SKU
 * on the order, the product SKU on the listing) is still linked, by the seller SKU the line carries.
 */
export const orderSkuMappings = pgTable(
  'order_sku_mappings',
  {
    id: rowId(),
    tenantId: uuid('tenant_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    externalSkuId: text('external_sku_id').notNull(),
    externalProductId: text('external_product_id').notNull().default(''),
    externalSkcId: text('external_skc_id').notNull().default(''),
    /** The seller SKU publishing sent ('' for a mapping made by linking a line by hand). */
    sellerSku: text('seller_sku').notNull().default(''),
    finishedProductId: uuid('finished_product_id').notNull(),
    colorId: uuid('color_id').notNull(),
    sizeId: uuid('size_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('order_sku_mappings_sku_uq').on(t.tenantId, t.merchantId, t.shopId, t.externalSkuId),
    index('order_sku_mappings_seller_sku_idx').on(t.tenantId, t.merchantId, t.shopId, t.sellerSku),
  ],
);
