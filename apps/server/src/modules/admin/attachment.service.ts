import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { and, eq, inArray, sql, sum } from 'drizzle-orm';
import { LIMITS, type Attachment, type UploadTopic } from '@pod/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { attachments } from './schema.ts';
import { makeThumbnail } from '../../platform/images/thumbnail.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { organisationScope } from '../../platform/context.ts';
import { ownedBy, type Ownership } from '../../platform/ownership.ts';
import type { UploadRejected } from '../../platform/uploads/inspect.ts';
import { inspectFile, type RejectReason, type UploadPolicy } from '../../platform/uploads/inspect.ts';
import { assertStorage } from '../tenancy/index.ts';

export type AttachmentRow = typeof attachments.$inferSelect;

/** Who owns an upload: the tenant (null = platform), the merchant if any, and the uploader. */
/** Uploads belong to the uploader's organisation (decision 0026). */
export const ATTACHMENT_OWNER: Ownership = {
  level: 'organisation',
  tenant: attachments.tenantId,
  merchant: attachments.merchantId,
  factory: attachments.factoryId,
};

export interface UploadOwner {
  tenantId: string | null;
  merchantId: string | null;
  /** A factory user's factory (decision 0026); absent or null for everyone else. */
  factoryId?: string | null;
  uploaderKind: 'admin' | 'member';
  uploaderId: string;
}

const IMAGES = ['jpg', 'jpeg', 'png'];
const IMAGE_MIMES = ['image/jpeg', 'image/png'];

/**
 * The rules of each upload topic. `general` follows the tenant's upload config (spec §3); material
 * images are jpg/jpeg/png up to 20 MB (spec §5); design uploads may also be SVG.
 */
export function policyFor(topic: UploadTopic, config: Record<string, unknown>): UploadPolicy {
  const maxPixels = LIMITS.uploadMaxPixels;
  const configuredMax = Math.min(
    Number(config['upload.maxSize']) || LIMITS.materialUploadBytes,
    LIMITS.uploadHardMaxBytes,
  );
  switch (topic) {
    case 'general':
      return {
        suffixes: asList(config['upload.allowedSuffixes'], IMAGES),
        mimeTypes: asList(config['upload.allowedMimeTypes'], IMAGE_MIMES),
        maxBytes: configuredMax,
        maxPixels,
      };
    case 'material':
    case 'receipt':
      return { suffixes: IMAGES, mimeTypes: IMAGE_MIMES, maxBytes: LIMITS.materialUploadBytes, maxPixels };
    case 'design':
      return {
        suffixes: [...IMAGES, 'svg'],
        mimeTypes: [...IMAGE_MIMES, 'image/svg+xml'],
        maxBytes: LIMITS.materialUploadBytes,
        maxPixels,
      };
    case 'image':
      return {
        suffixes: [...IMAGES, 'webp', 'svg'],
        mimeTypes: [...IMAGE_MIMES, 'image/webp', 'image/svg+xml'],
        maxBytes: configuredMax,
        maxPixels,
      };
  }
}

const asList = (value: unknown, fallback: string[]) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : fallback;

/** The HTTP status and message key of a refusal (spec §8 upload errors). */
export function rejectionError(error: UploadRejected): AppError {
  const status: Record<RejectReason, number> = {
    incomplete: 400,
    type: 415,
    size: 413,
    pixels: 413,
    unsafeSvg: 415,
    corrupt: 400,
  };
  const params: Record<string, string | number> = { ...error.params };
  if (typeof params.max === 'number' && error.reason === 'size') params.max = megabytes(params.max);
  return new AppError(status[error.reason], `upload.${error.reason}`, params);
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Inspects one received file and stores it with its attachment row. Rasters get a thumbnail; a
 * merchant's upload counts against its level's storage quota. Throws UploadRejected or AppError.
 */
export async function storeUpload(
  deps: { db: Db; storage: FileStorage },
  owner: UploadOwner,
  file: { name: string; path: string; suffix: string },
  topic: UploadTopic,
  policy: UploadPolicy,
  /** Runs in the attachment's transaction, so what links the file is written with it or not at all. */
  link?: (tx: Tx, row: AttachmentRow) => Promise<void>,
): Promise<AttachmentRow> {
  const inspected = await inspectFile(file.path, file.suffix, policy);
  const body = inspected.body;
  const { merchantId, tenantId } = owner;
  const bytes = Buffer.isBuffer(body) ? body.length : (await stat(file.path)).size;
  // Checked before storing, so a merchant over quota leaves nothing behind; re-checked under a lock.
  if (merchantId && tenantId)
    await assertStorage(
      deps.db,
      { tenantId, merchantId },
      (await storageUsed(deps.db, merchantId)) / MB,
      bytes / MB,
    );
  const stored = await deps.storage.put(Buffer.isBuffer(body) ? Readable.from(body) : body(), {
    extension: inspected.suffix === 'jpeg' ? 'jpg' : inspected.suffix,
  });
  const thumbnail =
    inspected.kind === 'other' ? null : await makeThumbnail(deps.storage, stored.key).catch(() => null);
  return deps.db.transaction(async (tx) => {
    if (merchantId && tenantId) {
      // One upload at a time per merchant, so two parallel uploads cannot both fit the last megabyte.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${merchantId}, 7))`);
      await assertStorage(
        tx,
        { tenantId, merchantId },
        (await storageUsed(tx, merchantId)) / MB,
        stored.size / MB,
      );
    }
    const [row] = await tx
      .insert(attachments)
      .values({
        tenantId,
        merchantId,
        factoryId: owner.factoryId ?? null,
        uploaderKind: owner.uploaderKind,
        uploaderId: owner.uploaderId,
        topic,
        name: file.name,
        storageKey: stored.key,
        thumbnailKey: thumbnail?.key ?? null,
        mimeType: inspected.mimeType,
        suffix: inspected.suffix,
        size: stored.size,
        width: inspected.width,
        height: inspected.height,
        dpi: inspected.dpi,
        sha256: stored.sha256,
      })
      .returning();
    await link?.(tx, row!);
    return row!;
  });
}

const MB = 1024 * 1024;

/** Bytes a merchant's uploads take (what the storage quota counts). */
export async function storageUsed(tx: Executor, merchantId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(attachments.size) })
    .from(attachments)
    .where(eq(attachments.merchantId, merchantId));
  return Number(row?.total ?? 0);
}

/** Bytes used per merchant, for lists (merchant list "image storage used"). */
export async function storageUsedByMerchants(
  tx: Executor,
  merchantIds: string[],
): Promise<Map<string, number>> {
  if (!merchantIds.length) return new Map();
  const rows = await tx
    .select({ merchantId: attachments.merchantId, total: sum(attachments.size) })
    .from(attachments)
    .where(inArray(attachments.merchantId, merchantIds))
    .groupBy(attachments.merchantId);
  return new Map(rows.map((r) => [r.merchantId!, Number(r.total ?? 0)]));
}

/** The reply shape of an attachment, with signed URLs. */
export function toAttachment(row: AttachmentRow, files: FileUrls): Attachment {
  return {
    id: row.id,
    topic: row.topic,
    name: row.name,
    url: files.url(row.storageKey),
    thumb_url: row.thumbnailKey ? files.url(row.thumbnailKey) : null,
    mime_type: row.mimeType,
    suffix: row.suffix,
    size: row.size,
    width: row.width,
    height: row.height,
    dpi: row.dpi,
    uploader_kind: row.uploaderKind,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Attachments another module may link (a material's image, a recharge's receipts): they must exist
 * in the caller's tenant, belong to the caller's merchant (when given) and, with `imagesOnly`, be
 * images. Any id that does not qualify gives 404, as another tenant's id would.
 */
export async function findAttachments(
  tx: Executor,
  owner: { tenantId: string | null; merchantId: string | null },
  ids: string[],
  options: { imagesOnly?: boolean } = {},
): Promise<AttachmentRow[]> {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(attachments)
    .where(and(inArray(attachments.id, unique), ...ownedBy(ATTACHMENT_OWNER, organisationScope(owner))));
  const usable = options.imagesOnly ? rows.filter((r) => r.mimeType.startsWith('image/')) : rows;
  if (usable.length !== unique.length) throw AppError.notFound('upload.notFound');
  return unique.map((id) => usable.find((r) => r.id === id)!);
}

/**
 * Attachments by id with no owner check: only for files linked to a row the caller was already
 * allowed to read (e.g. finance reviewing a merchant's recharge receipts).
 */
export async function attachmentsLinkedTo(tx: Executor, ids: string[]): Promise<AttachmentRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(attachments)
    .where(inArray(attachments.id, [...new Set(ids)]));
}
