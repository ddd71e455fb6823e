/** spec §9 route progress bar constants. */
export const PROGRESS = { minimum: 0.08, trickle: 0.02, speedMs: 200, trickleSpeedMs: 800 } as const;

/** Where a started bar begins: at least the minimum. */
export function startValue(value: number | null): number {
  return Math.max(value ?? 0, PROGRESS.minimum);
}

/** One trickle step: grows by the trickle amount, never reaching the end before the work is done. */
export function trickleValue(value: number): number {
  return Math.min(Math.max(value, PROGRESS.minimum) + PROGRESS.trickle, 0.994);
}
