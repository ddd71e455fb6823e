import type { spuSizeTemplateRowSchema } from '@pod/shared';
import type { z } from 'zod';

/** One row of a size chart: a size and its measurement per column (size attribute id). */
export type ChartRow = z.output<typeof spuSizeTemplateRowSchema>;

/** The chart's rows for a choice of sizes: kept rows keep their measurements, new ones start empty. */
export function rowsForSizes(rows: readonly ChartRow[], sizeIds: readonly string[]): ChartRow[] {
  return sizeIds.map((sizeId) => rows.find((r) => r.size_id === sizeId) ?? { size_id: sizeId, values: {} });
}

/** The measurements only of the chart's own columns (a removed column's values go with it). */
export function valuesForColumns(rows: readonly ChartRow[], columnIds: readonly string[]): ChartRow[] {
  return rows.map((row) => ({
    size_id: row.size_id,
    values: Object.fromEntries(columnIds.map((id) => [id, row.values[id] ?? null])),
  }));
}
