/**
 * Requests currently on the wire, by identity. spec §7: "Duplicate identical requests are cancelled":
 * sending a request identical to one still in flight aborts the earlier one.
 */
const inFlight = new Map<string, AbortController>();

/** Identity of a request: method, full URL with query, and the serialised body. */
export function requestKey(method: string, url: string, body: string | undefined): string {
  return `${method.toUpperCase()} ${url} ${body ?? ''}`;
}

/**
 * Registers a request, aborting an identical earlier one with `reason`.
 * Returns the function to call once the request settles.
 */
export function trackRequest(key: string, controller: AbortController, reason: unknown): () => void {
  inFlight.get(key)?.abort(reason);
  inFlight.set(key, controller);
  return () => {
    // A later duplicate may already have replaced this entry; leave that one alone.
    if (inFlight.get(key) === controller) inFlight.delete(key);
  };
}
