/**
 * Per-file progress of ONE multipart request carrying several files. The browser reports only the
 * request's uploaded bytes; multipart sends the parts in order, so each file's share follows from
 * the files' cumulative sizes. The bytes that are not file content (boundaries and part headers)
 * are spread evenly over the parts, each part's share coming before its content.
 *
 * Returns a percentage (0–100, whole numbers) per file.
 */
export function filesProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  if (sizes.length === 0) return [];
  const content = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= 0) return sizes.map(() => 0);
  if (loaded >= total) return sizes.map(() => 100);
  const overheadPerPart = Math.max(0, total - content) / sizes.length;
  let start = 0;
  return sizes.map((size) => {
    const contentStart = start + overheadPerPart;
    const end = contentStart + size;
    start = end;
    if (loaded >= end) return 100;
    if (loaded <= contentStart || size <= 0) return 0;
    return Math.min(99, Math.floor(((loaded - contentStart) / size) * 100));
  });
}
