import { sharp } from './sharp.ts';
import type { FileStorage, StoredFile } from '../storage/storage.ts';

/** Decompression-bomb guard: refuse images above this many pixels (about 16k × 16k). */
export const MAX_INPUT_PIXELS = 268_402_689;

/**
 * Streams a stored image through sharp into a thumbnail that fits in `size` × `size`, and stores
 * it. Metadata is not carried over.
 */
export async function makeThumbnail(storage: FileStorage, key: string, size = 240): Promise<StoredFile> {
  const source = await storage.get(key);
  if (!source) throw new Error(`no stored file ${key}`);
  const resize = sharp({ limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 });
  return storage.put(source.pipe(resize), { extension: 'webp' });
}
