import { assertStorageKey } from '../../platform/storage/storage.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';

/**
 * An account's avatar as replies show it: the stored image's signed URL. Avatars are kept as the
 * storage key of the uploaded image (decision 0014: files are read only through signed URLs).
 */
export function avatarUrl(files: FileUrls, stored: string): string {
  try {
    assertStorageKey(stored);
    return files.url(stored);
  } catch {
    return '';
  }
}
