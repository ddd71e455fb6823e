import type { ImageRef } from '@pod/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { catalogImageRefs, type StoredImage } from './schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { findAttachments } from '../admin/index.ts';

/** Who owns the images a catalogue row may use: the supplier (no merchant) or one merchant. */
export interface ImageOwner {
  tenantId: string;
  merchantId: string | null;
}

/** Raster types the renderer composites (mockups and masks); the gallery may hold any image. */
const RASTER = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * Resolves attachment ids to the images catalogue rows keep. Each must be an image uploaded in
 * the owner's tenant (and by the merchant, for a merchant's template), else 404 as for another
 * tenant's id. With `raster`, SVGs and images of unknown size are refused (415).
 */
export async function resolveImages(
  tx: Executor,
  owner: ImageOwner,
  ids: string[],
  options: { raster?: string[] } = {},
): Promise<Map<string, StoredImage>> {
  const rows = await findAttachments(tx, owner, ids, { imagesOnly: true });
  const raster = new Set(options.raster ?? []);
  const out = new Map<string, StoredImage>();
  for (const row of rows) {
    if (raster.has(row.id) && (!RASTER.includes(row.mimeType) || !row.width || !row.height))
      throw new AppError(415, 'upload.type', { suffix: row.suffix });
    out.set(row.id, {
      id: row.id,
      key: row.storageKey,
      thumb: row.thumbnailKey,
      width: row.width,
      height: row.height,
    });
  }
  return out;
}

/** Replaces the attachments a row uses, so none of them can be deleted while it is in use. */
export async function syncImageRefs(
  tx: Executor,
  tenantId: string,
  ownerId: string,
  images: Iterable<StoredImage | null | undefined>,
): Promise<void> {
  await tx.delete(catalogImageRefs).where(eq(catalogImageRefs.ownerId, ownerId));
  const ids = [...new Set([...images].filter((i): i is StoredImage => !!i).map((i) => i.id))];
  if (ids.length)
    await tx
      .insert(catalogImageRefs)
      .values(ids.map((attachmentId) => ({ tenantId, ownerId, attachmentId })))
      .onConflictDoNothing();
}

/** An image as replies show it, with signed URLs. */
export function imageRef(files: FileUrls, image: StoredImage): ImageRef {
  return {
    id: image.id,
    url: files.url(image.key),
    thumb_url: image.thumb ? files.url(image.thumb) : null,
    width: image.width,
    height: image.height,
  };
}

export const imageRefOrNull = (files: FileUrls, image: StoredImage | null | undefined) =>
  image ? imageRef(files, image) : null;
