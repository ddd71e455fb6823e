import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

type Headers = Record<string, string>;
const BASE = '/api/v1/admin/exports';

/** Waits until the export `id` has finished, then returns its record (it must have completed). */
export async function settledExport(t: TestApp, headers: Headers, id: string) {
  for (let i = 0; i < 400; i += 1) {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers });
    const record = res.json().data as { id: string; status: string; error_log: string | null };
    if (record.status === 'completed' || record.status === 'failed') return record;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the export did not finish');
}

/**
 * The file of a finished export, downloaded through its signed link and read back with ExcelJS:
 * its rows, header first, each cell as text ('' for an empty or non-text cell).
 */
export async function downloadExport(t: TestApp, headers: Headers, id: string): Promise<string[][]> {
  const link = await t.app.inject({ method: 'POST', url: `${BASE}/${id}/link`, headers });
  expect(link.statusCode, link.body).toBe(200);
  const file = await t.app.inject({ method: 'GET', url: link.json().data.url });
  expect(file.statusCode, file.body).toBe(200);
  expect(file.headers['content-disposition']).toMatch(/^attachment/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push(
      (row.values as unknown[])
        .slice(1)
        .map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')),
    );
  });
  return rows;
}

/** Exports a list page (in the language of `headers`) and returns one column's cells, by header. */
export async function exportedColumn(
  t: TestApp,
  headers: Headers,
  page: string,
  header: string,
  filters: Record<string, unknown> = {},
): Promise<string[]> {
  const started = await t.app.inject({ method: 'POST', url: BASE, headers, payload: { page, filters } });
  expect(started.statusCode, started.body).toBe(200);
  const record = await settledExport(t, headers, started.json().data.id as string);
  expect(record.status, record.error_log ?? '').toBe('completed');
  const rows = await downloadExport(t, headers, record.id);
  const at = rows[0]!.indexOf(header);
  expect(at, rows[0]!.join(' | ')).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[at] ?? '');
}
