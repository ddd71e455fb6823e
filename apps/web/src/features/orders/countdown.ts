/**
 * The unpaid-order countdown (spec §4: "Orders have a minutes-based countdown to timeout, shown as
 * timed out"). Pure, so the page's ticking and the formatting are tested apart.
 */

/** Milliseconds left until `expiresAt` at `nowMs`; 0 once it has passed (or the time is unreadable). */
export function remainingMs(expiresAt: string, nowMs: number): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, end - nowMs);
}

const two = (n: number) => String(n).padStart(2, '0');

/** `mm:ss` left, or `h:mm:ss` from an hour up; seconds are rounded up so 0:00 means "over". */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}
