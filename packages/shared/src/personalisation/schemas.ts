import { z } from 'zod';
import { orderLineParamsSchema } from '../orders/centre.ts';

/**
 * Buyer personalisation (issue 20, decision 0053): a finished product names some of its text and
 * image layers "slots"; a marketplace order line's buyer customisation fills them, and the line
 * gets its own print files and mockups.
 */
export const PERSONALISATION_SLOT_KINDS = ['text', 'image'] as const;
export type PersonalisationSlotKind = (typeof PERSONALISATION_SLOT_KINDS)[number];

export const PERSONALISATION_LIMITS = {
  /** Slots per finished product. */
  maxSlots: 20,
  slotNameLength: 40,
  /** The buyer image fetched from the marketplace. */
  imageMaxBytes: 20 * 1024 * 1024,
  imageTimeoutMs: 15_000,
} as const;

/** Personalisation statuses of an order line. `pending` and `review` stop the order's payment. */
export const PERSONALISATION_STATUSES = ['pending', 'rendering', 'done', 'review'] as const;
export type PersonalisationStatus = (typeof PERSONALISATION_STATUSES)[number];

/** Why a customisation could not be applied (each has a zh-cn and en message). */
export const PERSONALISATION_REASONS = [
  'missing_slot',
  'image_too_small',
  'text_too_long',
  'image_unusable',
  /** The buyer image's address is not a public one (private, loopback, metadata…): not fetched. */
  'image_address_refused',
  'render_failed',
] as const;
export type PersonalisationReason = (typeof PERSONALISATION_REASONS)[number];

export const PERSONALISATION_JOBS = {
  /** Fill the slots of one order's customised lines and render their print files. */
  fill: 'personalisation.fill',
} as const;

export const slotNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(PERSONALISATION_LIMITS.slotNameLength)
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  .regex(/^[^\u0000-\u001f\u007f]+$/);

export const personalisationSlotSchema = z.object({
  name: slotNameSchema,
  /** The surface key of the layer (front, back…). */
  surface: z.string().regex(/^[a-z][a-z0-9_]{0,29}$/),
  layer_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  kind: z.enum(PERSONALISATION_SLOT_KINDS),
});
export type PersonalisationSlot = z.infer<typeof personalisationSlotSchema>;

export const finishedSlotsUpdateSchema = z.object({
  slots: z.array(personalisationSlotSchema).max(PERSONALISATION_LIMITS.maxSlots),
});

/** A layer of the design that may become a slot (text and image layers). */
export const slotCandidateSchema = z.object({
  surface: z.string(),
  layer_id: z.string(),
  layer_name: z.string(),
  kind: z.enum(PERSONALISATION_SLOT_KINDS),
  /** Text layers: the merchant's sample text. */
  sample: z.string().nullable(),
});

export const finishedSlotsReplySchema = z.object({
  finished_id: z.string(),
  personalisable: z.boolean(),
  slots: z.array(personalisationSlotSchema),
  candidates: z.array(slotCandidateSchema),
});
export type FinishedSlotsReply = z.infer<typeof finishedSlotsReplySchema>;

const signedAsset = z.object({
  kind: z.literal('attachment'),
  id: z.string(),
  url: z.string(),
  thumb_url: z.string().nullable(),
});

export const personalisedRenderSchema = z.object({
  surface_key: z.string(),
  print_url: z.string().nullable(),
  mockup_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  dpi: z.number(),
});

/** One order line's personalisation. */
export const linePersonalisationSchema = z.object({
  line_id: z.string(),
  finished_product_id: z.string().nullable(),
  product_id: z.string().nullable(),
  color_id: z.string().nullable(),
  name: z.string(),
  status: z.enum(PERSONALISATION_STATUSES),
  reason_code: z.enum(PERSONALISATION_REASONS).nullable(),
  /** The reason in the reader's language. */
  reason: z.string().nullable(),
  customisation: z.array(
    z.object({
      kind: z.enum(PERSONALISATION_SLOT_KINDS),
      value: z.string(),
      label: z.string().nullable(),
      preview_url: z.string().nullable(),
    }),
  ),
  /** Which slot each customisation entry went into. */
  applied: z.array(
    z.object({ slot: z.string(), kind: z.enum(PERSONALISATION_SLOT_KINDS), value: z.string() }),
  ),
  /** The line's own design document (the finished product's with the slots filled). */
  document: z.record(z.string(), z.unknown()).nullable(),
  assets: z.array(signedAsset),
  renders: z.array(personalisedRenderSchema),
  /** The merchant saved the line's design by hand. */
  edited: z.boolean(),
  job_id: z.string().nullable(),
  updated_at: z.string(),
});
export type LinePersonalisation = z.infer<typeof linePersonalisationSchema>;

export const orderPersonalisationReplySchema = z.object({
  order_no: z.string(),
  /** Lines still pending or flagged: the order cannot be paid (and so go to production) until 0. */
  blocking_lines: z.number().int(),
  lines: z.array(linePersonalisationSchema),
});
export type OrderPersonalisationReply = z.infer<typeof orderPersonalisationReplySchema>;

export const personalisationLineParamsSchema = orderLineParamsSchema;

export const personalisationSaveSchema = z.object({
  document: z.record(z.string(), z.unknown()),
  /** The merchant confirmed a blurry image (spec §5), as for a finished product. */
  confirmed_blurry: z.boolean().default(false),
});

export const personalisationJobReplySchema = z.object({ job_id: z.string().nullable() });
