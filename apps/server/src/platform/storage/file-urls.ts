import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertStorageKey } from './storage.ts';

const DAY = 86_400;

/**
 * Signed, expiring URLs for stored files. `<img src>` cannot send a bearer token, so whoever may
 * read a row (a material, a receipt) is handed a URL signed for its file; without the signature
 * the file cannot be fetched, whatever its key. Expiry is rounded to the end of the next UTC day
 * so that a file's URL is stable for a day and browsers can cache it.
 */
export class FileUrls {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.key = createHmac('sha256', secret).update('pod:file-urls').digest();
  }

  /** The URL of a stored file, valid for at least one day. */
  url(storageKey: string): string {
    assertStorageKey(storageKey);
    const nowSeconds = Math.floor(this.now() / 1000);
    const expires = (Math.floor(nowSeconds / DAY) + 2) * DAY;
    return `/files/${storageKey}?e=${expires}&s=${this.sign(storageKey, expires)}`;
  }

  /** True when the signature is this server's for this key and has not expired. */
  verify(storageKey: string, expires: number, signature: string): boolean {
    if (!Number.isSafeInteger(expires) || expires * 1000 < this.now()) return false;
    const expected = Buffer.from(this.sign(storageKey, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(storageKey: string, expires: number): string {
    return createHmac('sha256', this.key)
      .update(`${storageKey}\n${expires}`)
      .digest('base64url')
      .slice(0, 32);
  }
}
