import { and, eq, gt, isNotNull, lt } from 'drizzle-orm';
import type { ClickCaptcha } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { captchas } from './schema.ts';
import { AppError } from '../http/errors.ts';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, clicksMatch, parseClicks, renderCaptcha } from './captcha-image.ts';

/** Seconds a captcha may be answered in, and then used by the login that follows. */
export const CAPTCHA_TTL_SECONDS = 300;

const secondsFromNow = (s: number) => new Date(Date.now() + s * 1000);

/**
 * Click captchas (spec §5): the server keeps the answer; a wrong answer destroys the captcha;
 * a right one, checked with `unset: false`, can be used exactly once by the login that follows.
 */
export class CaptchaService {
  constructor(private readonly db: Executor) {}

  /** A new captcha under the client's id (a second request for the same id replaces it). */
  /** `length`: how many characters to click (a supplier's `verify_count`), 2 to 5. */
  async create(id: string, length = 3): Promise<ClickCaptcha> {
    const rendered = await renderCaptcha(Math.min(5, Math.max(2, length)));
    const values = {
      id,
      text: rendered.text,
      points: rendered.points,
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
      expiresAt: secondsFromNow(CAPTCHA_TTL_SECONDS),
      passedAt: null,
    };
    await this.db.insert(captchas).values(values).onConflictDoUpdate({ target: captchas.id, set: values });
    // Expired captchas are swept as new ones are made, so the table stays small.
    await this.db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
    return {
      id,
      text: rendered.text,
      base64: `data:image/png;base64,${rendered.png.toString('base64')}`,
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
      expire: CAPTCHA_TTL_SECONDS,
    };
  }

  /**
   * Checks the clicks. Wrong, expired or unknown: the captcha is gone and 400 is thrown. Right:
   * with `unset` the captcha is consumed now; without, it is kept as passed for one login.
   */
  async check(id: string, info: string, unset: boolean): Promise<void> {
    const [row] = await this.db.select().from(captchas).where(eq(captchas.id, id)).limit(1);
    const clicks = row ? parseClicks(info, row.width, row.height) : null;
    if (!row || row.expiresAt <= new Date() || !clicks || !clicksMatch(clicks, row.points)) {
      if (row) await this.db.delete(captchas).where(eq(captchas.id, id));
      throw AppError.badRequest('captcha.wrong', {}, { field: 'captchaInfo' });
    }
    if (unset) await this.db.delete(captchas).where(eq(captchas.id, id));
    else await this.db.update(captchas).set({ passedAt: new Date() }).where(eq(captchas.id, id));
  }

  /**
   * Used by login: the captcha must have been passed, not expired, and the clicks must be the
   * ones that passed. It is consumed whatever the outcome.
   */
  async consumePassed(id: string | undefined, info: string | undefined): Promise<void> {
    if (!id || !info) throw AppError.badRequest('captcha.required', {}, { field: 'captchaInfo' });
    const [row] = await this.db
      .delete(captchas)
      .where(and(eq(captchas.id, id), isNotNull(captchas.passedAt), gt(captchas.expiresAt, new Date())))
      .returning();
    const clicks = row ? parseClicks(info, row.width, row.height) : null;
    if (!row || !clicks || !clicksMatch(clicks, row.points)) {
      await this.db.delete(captchas).where(eq(captchas.id, id));
      throw AppError.badRequest('captcha.required', {}, { field: 'captchaInfo' });
    }
  }

  /** The answer, for the NODE_ENV=test hook only. */
  async answer(id: string) {
    const [row] = await this.db.select().from(captchas).where(eq(captchas.id, id)).limit(1);
    return row ? { text: row.text, points: row.points, width: row.width, height: row.height } : null;
  }
}
