/**
 * The server's clock as the browser sees it, from the envelope's `time` (seconds, spec §7), so
 * countdowns such as an unpaid order's timeout do not depend on a wrong local clock. The envelope
 * time has one-second resolution: offsets within SKEW_TOLERANCE_MS count as none.
 */
const SKEW_TOLERANCE_MS = 1500;
let offsetMs = 0;

/** Records one reply: its server time in seconds and when the request was sent and answered. */
export function noteServerTime(serverSeconds: number, sentAtMs: number, receivedAtMs: number): void {
  if (!Number.isFinite(serverSeconds) || serverSeconds <= 0) return;
  const localMidpoint = (sentAtMs + receivedAtMs) / 2;
  // The server's second began up to 1 s before it stamped the reply: take the middle of it.
  const offset = serverSeconds * 1000 + 500 - localMidpoint;
  offsetMs = Math.abs(offset) < SKEW_TOLERANCE_MS ? 0 : Math.round(offset);
}

/** Now, in milliseconds, on the server's clock. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** For tests. */
export function resetServerClock(): void {
  offsetMs = 0;
}
