import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { listReplySchema, pagedListQueryBase } from '../crud-schemas.ts';
import {
  ORDER_PLATFORMS,
  orderAddressSchema,
  orderCustomsSchema,
  orderShippingSchema,
} from '../orders/order.ts';

/*
 * Fulfilment (issue 21, decision 0054): the factory's production queue, label import and waybill
 * import. Tracking pushed back to the marketplace is the tracking module's.
 */

/**
 * The carriers a factory ships with (the `carrier_code` of a shipped order). The tracking module
 * maps each to a marketplace's shipping provider.
 */
export const CARRIERS = [
  'yunexpress',
  '4px',
  'yanwen',
  'cainiao',
  'sf',
  'ems',
  'dhl',
  'ups',
  'fedex',
  'usps',
  'other',
] as const;
export type Carrier = (typeof CARRIERS)[number];

/** The statuses the production queue shows (paid orders and what became of them). */
export const PRODUCTION_STATUSES = ['paid', 'in_production', 'shipped', 'completed'] as const;

export const FULFILMENT_LIMITS = {
  /** Orders started, zipped or printed in one request (spec §5 query boxes: 50). */
  batch: LIMITS.orderQuery.large,
  /** spec §5: labels are downloaded 20 at a time. */
  labelDownload: LIMITS.orderQuery.small,
  /** spec §5: label import takes at most 50 lines. */
  labelImportLines: LIMITS.logisticsImportLines,
  /** Waybill PDFs uploaded at once. */
  waybillBatch: LIMITS.logisticsImportLines,
  /** Bytes of one waybill PDF, and of one multi-page label PDF. */
  waybillBytes: 5 * 1024 * 1024,
  labelPdfBytes: 20 * 1024 * 1024,
  /** Pages of one multi-page label PDF. */
  labelPdfPages: 200,
  trackingNo: 40,
} as const;

/** A tracking number: letters, digits and dashes (what carriers print). */
export const TRACKING_NO_PATTERN = /^[A-Za-z0-9-]{6,40}$/;
export const trackingNoSchema = z
  .string()
  .trim()
  .regex(TRACKING_NO_PATTERN)
  .max(FULFILMENT_LIMITS.trackingNo);

const isoTime = z.string();
const ids = (max: number) => z.array(z.uuid()).min(1).max(max);

// ---- The production queue ------------------------------------------------------------------

export const productionListQuerySchema = pagedListQueryBase.extend({
  status: z.enum(PRODUCTION_STATUSES).optional(),
  /** An order number or tracking number, exact or a prefix. */
  order_no: z.string().trim().max(40).optional(),
  factory_id: z.uuid().optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .max(2)
    .regex(/^[A-Z]{2}$/)
    .optional(),
  paid_from: z.iso.datetime({ offset: true }).optional(),
  paid_to: z.iso.datetime({ offset: true }).optional(),
});

export const productionItemSchema = z.object({
  id: z.string(),
  order_no: z.string(),
  status: z.enum(PRODUCTION_STATUSES),
  factory: z.object({ id: z.string(), name: z.string() }).nullable(),
  platform: z.enum(ORDER_PLATFORMS).nullable(),
  country_code: z.string(),
  consignee: z.string(),
  total_quantity: z.number().int(),
  shipping: orderShippingSchema,
  tracking_no: z.string(),
  carrier_code: z.string(),
  /** The waybill PDF the merchant imported for this order is there to print. */
  has_label: z.boolean(),
  latest_delivery_at: isoTime.nullable(),
  paid_at: isoTime.nullable(),
  shipped_at: isoTime.nullable(),
});
export type ProductionItem = z.infer<typeof productionItemSchema>;

export const productionListReply = listReplySchema(productionItemSchema).extend({
  counts: z.record(z.enum(PRODUCTION_STATUSES), z.number().int()),
});

export const printFileSchema = z.object({
  line_id: z.string(),
  surface: z.string(),
  /** Signed URL of the print-resolution PNG; null while the design is not rendered. */
  url: z.string().nullable(),
  mockup_url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  dpi: z.number().int(),
});

export const productionLineSchema = z.object({
  id: z.string(),
  finished_code: z.string(),
  name: z.string(),
  style_code: z.string(),
  color_name: z.string(),
  size_name: z.string(),
  sku_code: z.string(),
  quantity: z.number().int(),
  thumb_url: z.string().nullable(),
});

export const productionDetailSchema = productionItemSchema.extend({
  lines: z.array(productionLineSchema),
  print_files: z.array(printFileSchema),
  address: orderAddressSchema,
  customs: orderCustomsSchema,
  remark: z.string(),
  label: z.object({ tracking_no: z.string(), method_name: z.string(), file_name: z.string() }).nullable(),
});
export type ProductionDetail = z.infer<typeof productionDetailSchema>;

export const productionIdsSchema = z.object({ ids: ids(FULFILMENT_LIMITS.batch) });

export const productionResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      order_no: z.string(),
      ok: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
  success: z.number().int(),
  failure: z.number().int(),
});

export const productionShipSchema = z.object({
  carrier_code: z.enum(CARRIERS),
  tracking_no: trackingNoSchema,
});

// ---- Label import (spec §5) ------------------------------------------------------------------

export const LABEL_STATUSES = ['awaiting_file', 'ready'] as const;
export type LabelStatus = (typeof LABEL_STATUSES)[number];

export const labelImportSchema = z
  .object({
    platform: z.enum(ORDER_PLATFORMS),
    /** The shop the orders came from; required unless the platform is "other". */
    shop_id: z.uuid().nullable().optional(),
    /** spec §5: at least one logistics method. */
    method_ids: z.array(z.uuid()).min(1).max(20),
    /** `order number,logistics number`, one per line, at most 50 lines. */
    lines: z.string().max(10_000),
  })
  .superRefine((v, ctx) => {
    if (v.platform !== 'other' && !v.shop_id)
      ctx.addIssue({ code: 'custom', path: ['shop_id'], params: { rule: 'labelImportShop' } });
    const count = v.lines.split(/\r?\n/).filter((l) => l.trim()).length;
    if (count === 0) ctx.addIssue({ code: 'custom', path: ['lines'], params: { rule: 'labelImportEmpty' } });
    if (count > FULFILMENT_LIMITS.labelImportLines)
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        params: { rule: 'labelImportMax', max: FULFILMENT_LIMITS.labelImportLines },
      });
  });

export const LABEL_LINE_REASONS = [
  'format',
  'duplicate',
  'order_not_found',
  'not_in_shop',
  'status',
  'tracking_taken',
] as const;

export const labelImportReplySchema = z.object({
  success: z.number().int(),
  failure: z.number().int(),
  results: z.array(
    z.object({
      line: z.number().int(),
      text: z.string(),
      order_no: z.string(),
      tracking_no: z.string(),
      ok: z.boolean(),
      reason: z.enum(LABEL_LINE_REASONS).nullable(),
      message: z.string().nullable(),
    }),
  ),
});

export const labelListQuerySchema = pagedListQueryBase.extend({
  order_no: z.string().trim().max(40).optional(),
  tracking_no: z.string().trim().max(40).optional(),
  label_status: z.enum(LABEL_STATUSES).optional(),
});

export const labelSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_no: z.string(),
  tracking_no: z.string(),
  method_name: z.string(),
  label_status: z.enum(LABEL_STATUSES),
  file_name: z.string(),
  source: z.string(),
  updated_at: isoTime,
});
export type Label = z.infer<typeof labelSchema>;
export const labelListReply = listReplySchema(labelSchema);

// ---- Waybill import ------------------------------------------------------------------------

export const WAYBILL_REASONS = [
  'type',
  'size',
  'name',
  'not_pdf',
  'no_label',
  'order_status',
  'duplicate',
] as const;

export const waybillUploadReplySchema = z.object({
  success: z.number().int(),
  failure: z.number().int(),
  results: z.array(
    z.object({
      file_name: z.string(),
      tracking_no: z.string(),
      order_no: z.string(),
      ok: z.boolean(),
      reason: z.enum(WAYBILL_REASONS).nullable(),
      message: z.string().nullable(),
    }),
  ),
});

export const labelDownloadSchema = z.object({ ids: ids(FULFILMENT_LIMITS.labelDownload) });

// ---- One multi-page PDF of labels, split and reviewed before it is saved ----------------------

export const SPLIT_PAGE_REASONS = [
  'no_text',
  'no_tracking',
  'no_label',
  'order_status',
  'duplicate',
] as const;

export const SPLIT_READ_FROM = ['text', 'barcode'] as const;

export const labelSplitPageSchema = z.object({
  page: z.number().int(),
  tracking_no: z.string().nullable(),
  order_id: z.string().nullable(),
  order_no: z.string().nullable(),
  matched: z.boolean(),
  reason: z.enum(SPLIT_PAGE_REASONS).nullable(),
  /** Where the number was read: the page's text layer or a Code 128 barcode drawn on it. */
  read_from: z.enum(SPLIT_READ_FROM).nullable(),
  /** A signed URL of the page's PNG thumbnail (null when it could not be drawn). */
  thumbnail_url: z.string().nullable(),
});

export const LABEL_SPLIT_STATUSES = ['pending', 'confirmed'] as const;

export const labelSplitSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  page_count: z.number().int(),
  matched: z.number().int(),
  status: z.enum(LABEL_SPLIT_STATUSES),
  pages: z.array(labelSplitPageSchema),
  created_at: isoTime,
});
export type LabelSplit = z.infer<typeof labelSplitSchema>;

export const labelSplitPageParamsSchema = z.object({
  id: z.uuid(),
  page: z.coerce.number().int().min(1).max(FULFILMENT_LIMITS.labelPdfPages),
});

export const labelSplitConfirmReplySchema = z.object({
  saved: z.number().int(),
  skipped: z.number().int(),
  split: labelSplitSchema,
});
