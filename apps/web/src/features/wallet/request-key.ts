/**
 * A fresh idempotency key (decision 0015: a retried write applies once). One is made each time a
 * money form opens, so a double click or a retry after a lost reply cannot apply twice.
 * `crypto.getRandomValues` works on plain-HTTP sites too, where `randomUUID` does not exist.
 */
export function newRequestKey(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${prefix}-${Date.now().toString(36)}-${hex}`;
}
