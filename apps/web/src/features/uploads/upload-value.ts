/** A form value of an upload field: one attachment id (max 1) or a list of them. */
export type UploadValue = string | string[] | null;

/** The attachment ids a field value holds. */
export function idsOf(value: UploadValue | undefined): string[] {
  if (Array.isArray(value)) return value.filter((id) => typeof id === 'string' && id !== '');
  return typeof value === 'string' && value !== '' ? [value] : [];
}

/** The field value for ids: one id (or null) when at most one file is allowed, else the list. */
export function valueOf(ids: readonly string[], maxCount: number): UploadValue {
  if (maxCount === 1) return ids[0] ?? null;
  return ids.slice(0, maxCount);
}

/** Whether two id lists are the same, in order. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
