/** The distinct, non-empty ids of a batch look-up (nulls and repeats dropped). */
export function distinctIds(ids: Iterable<string | null | undefined>): string[] {
  return [...new Set([...ids].filter((id): id is string => !!id))];
}
