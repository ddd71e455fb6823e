import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PERSONALISATION_LIMITS } from '@pod/shared';
import { fetchVendorFile } from '../../integrations/marketplace/index.ts';
import { sandboxFileOrigins } from '../../integrations/marketplaces.ts';
import type { AppServices } from '../../services.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import { policyFor, storeUpload } from '../admin/index.ts';
import type { StoredImage } from './fill.ts';

/**
 * The media types a buyer image may be served as: the rasters the design upload topic takes.
 * Anything else (an HTML error page, a redirect target's JSON, no type) is refused before its body
 * is read (decision 0080); the bytes are then checked against the type all the same.
 */
const BUYER_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

/** The suffix of a raster the design upload topic takes, from its first bytes. */
function rasterSuffix(bytes: Buffer): 'png' | 'jpg' | null {
  if (bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/**
 * Fetches a buyer's image from the marketplace's URL (public addresses only — the sandboxes' own
 * outside production —, timeout, byte cap, checked redirects, PNG or JPEG content type; decisions
 * 0064 and 0080) and stores it
 * through the upload pipeline as the merchant's design upload: its content checked against its
 * type, re-encoded without metadata within the pixel limit, counted against the merchant's
 * storage. Throws when any step refuses it (the caller flags the line).
 */
export async function storeBuyerImage(
  services: AppServices,
  m: MerchantScope,
  url: string,
  name: string,
): Promise<StoredImage> {
  const file = await fetchVendorFile(url, {
    maxBytes: PERSONALISATION_LIMITS.imageMaxBytes,
    timeoutMs: PERSONALISATION_LIMITS.imageTimeoutMs,
    contentTypes: BUYER_IMAGE_TYPES,
    loopbackOrigins: sandboxFileOrigins(services.config.marketplaces, services.config.production),
  });
  const suffix = rasterSuffix(file.bytes);
  if (!suffix) throw new Error('not a PNG or JPEG image');
  const path = join(tmpdir(), `pod-buyer-${randomBytes(8).toString('hex')}.${suffix}`);
  await writeFile(path, file.bytes);
  try {
    const row = await storeUpload(
      { db: services.database.db, storage: services.storage },
      // The platform fetched it for the merchant: the merchant is its uploader (decision 0053).
      { tenantId: m.tenantId, merchantId: m.merchantId, uploaderKind: 'admin', uploaderId: m.merchantId },
      { name: `${name}.${suffix}`, path, suffix },
      'design',
      policyFor('design', {}),
    );
    if (!row.width || !row.height) throw new Error('the image has no size');
    return { id: row.id, width: row.width, height: row.height };
  } finally {
    await rm(path, { force: true });
  }
}
