import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { ORDER_IMPORT_LIMITS } from '@pod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_AHEAD, ROWS_PER_MESSAGE } from './sheet-protocol.ts';
import { sheetRows, UnreadableWorkbook, type SheetRow } from './sheet-reader.ts';
import { sheetRowsOnThread } from './sheet-thread.ts';

// The reader thread (decision 0093) gives what `sheetRows` gives on the import's own thread.
const dir = mkdtempSync(join(tmpdir(), 'pod-sheet-thread-'));
/** More rows than the thread may send ahead, so it has to wait for the reader to take them. */
const ROWS = ROWS_PER_MESSAGE * (MESSAGES_AHEAD + 3) + 17;
const big = join(dir, 'big.xlsx');
const small = join(dir, 'small.xlsx');

async function workbook(path: string, rows: number, prefix: string) {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const sheet = writer.addWorksheet('Orders');
  sheet.addRow(['Order ID', 'Product', 'Quantity', 'Paid', 'Note']).commit();
  for (let n = 0; n < rows; n++)
    sheet
      .addRow([
        `${prefix}${String(n).padStart(8, '0')}`,
        `定制印花短袖T恤 ${n}`,
        1 + (n % 5),
        new Date(Date.UTC(2026, 10, 1 + (n % 28), 10, 15)),
        n % 7 === 0 ? '' : `note ${n}`,
      ])
      .commit();
  sheet.commit();
  await writer.commit();
}

async function all(rows: AsyncIterable<SheetRow>): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

beforeAll(async () => {
  await workbook(big, ROWS, '5781');
  await workbook(small, 40, '5782');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reading a sheet on the reader thread', () => {
  it('gives the same rows, in the same order, with the same values as reading it here', async () => {
    const here = await all(sheetRows(big, { maxEntries: ORDER_IMPORT_LIMITS.maxZipEntries }));
    const there = await all(sheetRowsOnThread(big));
    expect(here).toHaveLength(ROWS + 1);
    expect(there).toEqual(here);
    // Texts stay texts and numbers numbers (a date arrives as Excel's serial day, styles not read).
    expect(there[1]!.values[1]).toBe('定制印花短袖T恤 0');
    expect(there[1]!.values[2]).toBe(1);
    expect(typeof there[1]!.values[3]).toBe('number');
  });

  it('keeps two reads apart, and a read stopped early does not hold the next one up', async () => {
    const [a, b] = await Promise.all([all(sheetRowsOnThread(small)), all(sheetRowsOnThread(big))]);
    expect(a).toHaveLength(41);
    expect(b).toHaveLength(ROWS + 1);
    expect(a.every((r, i) => i === 0 || String(r.values[0]).startsWith('5782'))).toBe(true);
    expect(b.every((r, i) => i === 0 || String(r.values[0]).startsWith('5781'))).toBe(true);

    let taken = 0;
    for await (const row of sheetRowsOnThread(big)) {
      expect(row.rowNo).toBe(taken + 1);
      if (++taken === 10) break;
    }
    expect(await all(sheetRowsOnThread(small))).toHaveLength(41);
  });

  it('names a file that is no workbook unreadable', async () => {
    const junk = join(dir, 'junk.xlsx');
    writeFileSync(junk, 'Order ID,SKU\n1,2\n');
    await expect(all(sheetRowsOnThread(junk))).rejects.toBeInstanceOf(UnreadableWorkbook);
    // The thread goes on serving reads.
    expect(await all(sheetRowsOnThread(small))).toHaveLength(41);
  });
});
