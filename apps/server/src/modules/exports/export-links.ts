import { createHmac, timingSafeEqual } from 'node:crypto';
import { EXPORT_LIMITS } from '@pod/shared';

/**
 * Download links of exports: signed for one record and an expiry a few minutes ahead. The records
 * page asks for one when the user clicks download (a link is never stored or listed), and the
 * download route checks the signature, the expiry and that the record still has its file.
 */
export class ExportLinks {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = createHmac('sha256', secret).update('pod:export-links').digest();
  }

  /** A link to the record's file, valid for EXPORT_LIMITS.linkMinutes from now. */
  link(recordId: string, now = Date.now()): { url: string; expiresAt: Date } {
    const expires = Math.floor(now / 1000) + EXPORT_LIMITS.linkMinutes * 60;
    return {
      url: `/api/v1/exports/${recordId}/download?e=${expires}&s=${this.#sign(recordId, expires)}`,
      expiresAt: new Date(expires * 1000),
    };
  }

  /** 'ok', or why the link is refused: not this server's signature, or past its expiry. */
  check(recordId: string, expires: number, signature: string, now = Date.now()): 'ok' | 'bad' | 'expired' {
    const expected = Buffer.from(this.#sign(recordId, expires));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad';
    return expires * 1000 < now ? 'expired' : 'ok';
  }

  #sign(recordId: string, expires: number): string {
    return createHmac('sha256', this.#key).update(`${recordId}\n${expires}`).digest('base64url').slice(0, 32);
  }
}
