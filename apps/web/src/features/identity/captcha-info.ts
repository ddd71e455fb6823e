/** A click on the captcha image, in the displayed image's pixels. */
export interface CaptchaPoint {
  x: number;
  y: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The `info` of POST /api/common/checkClickCaptcha: `x,y-x,y-…;shownWidth;shownHeight` with the
 * clicks in the displayed image's pixels; the server scales them to its own image size.
 */
export function captchaInfo(
  points: readonly CaptchaPoint[],
  shownWidth: number,
  shownHeight: number,
): string {
  const clicks = points.map((point) => `${round1(Math.max(0, point.x))},${round1(Math.max(0, point.y))}`);
  return `${clicks.join('-')};${round1(shownWidth)};${round1(shownHeight)}`;
}

/**
 * A fresh captcha id (the server's rule: 8–64 of letters, digits and dash). getRandomValues also
 * works on plain-HTTP origins, where crypto.randomUUID does not exist.
 */
export function newCaptchaId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
