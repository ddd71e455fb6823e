import { z } from 'zod';
import { pagedListQueryBase } from '../crud-schemas.ts';

/**
 * What an upload is for. Each topic has its own rules: `general` follows the tenant's upload
 * config (spec §3 Site config upload); the others are fixed by spec §5.
 */
export const UPLOAD_TOPICS = ['general', 'material', 'design', 'receipt', 'image'] as const;
export type UploadTopic = (typeof UPLOAD_TOPICS)[number];

export const uploadQuerySchema = z.object({
  topic: z.enum(UPLOAD_TOPICS).default('general'),
});

/** An accepted upload, as replies show it; `url` and `thumb_url` are signed and expire. */
export const attachmentSchema = z.object({
  id: z.string(),
  topic: z.string(),
  name: z.string(),
  url: z.string(),
  thumb_url: z.string().nullable(),
  mime_type: z.string(),
  suffix: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  dpi: z.number().nullable(),
  uploader_kind: z.enum(['admin', 'member']),
  created_at: z.string(),
  /** Where the file is used (attachments page); a used file cannot be deleted. */
  references: z.array(z.object({ kind: z.string(), id: z.string(), label: z.string() })).optional(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const uploadReplySchema = z.object({ file: attachmentSchema });

/** One file of a batch upload: accepted with its attachment, or refused with the reason shown. */
export const batchFileResultSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  reason: z.enum(['incomplete', 'type', 'size', 'pixels', 'unsafeSvg', 'corrupt', 'quota']).nullable(),
  message: z.string().nullable(),
});

/** The attachments page: paging, quick search (name), topic and MIME type. */
export const attachmentListQuerySchema = pagedListQueryBase.extend({
  topic: z.enum(UPLOAD_TOPICS).optional(),
  mime_type: z.string().max(100).optional(),
});

/** A signed file read: `/files/{a}/{b}/{name}?e=…&s=…`, as stored rows hand the URL out. */
export const fileReadParamsSchema = z.object({
  a: z.string().regex(/^[0-9a-f]{2}$/),
  b: z.string().regex(/^[0-9a-f]{2}$/),
  name: z.string().regex(/^[0-9a-f]{64}(\.[a-z0-9]{1,10})?$/),
});
export const fileReadQuerySchema = z.object({ e: z.coerce.number().int(), s: z.string().max(64) });

/**
 * Spec §7 "suffix svg builder": the icon of a file by its suffix, for lists that show files which
 * are not images. `batoken` is the console's token as a query parameter (an <img> cannot send
 * headers); the icon holds nothing private, so the call needs no sign-in and ignores it.
 */
export const suffixSvgQuerySchema = z.object({
  suffix: z
    .string()
    .regex(/^[A-Za-z0-9]{1,10}$/)
    .default('file')
    .describe('The file suffix shown on the icon, without the dot: 1–10 letters or digits (default "file").'),
  background: z
    .string()
    .regex(/^#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/)
    .optional()
    .describe(
      'The icon’s colour as a hex colour (#rgb or #rrggbb, the # optional); default: a colour chosen from the suffix.',
    ),
  batoken: z
    .string()
    .max(2000)
    .optional()
    .describe('The console token, as spec §7 sends it with image addresses; accepted and not needed.'),
});
