import { PassThrough } from 'node:stream';
import { excelJs } from './exceljs.ts';
import type { FileStorage, StoredFile } from '../storage/storage.ts';
import { safeCell, type CellValue } from './cells.ts';

/** A column of a sheet: its header (already in the reader's language) and width in characters. */
export interface XlsxColumn {
  header: string;
  width?: number;
}

/** What a sheet's producer is handed: add one row at a time; it is written out at once. */
export interface XlsxRowSink {
  addRow(cells: readonly CellValue[]): void;
}

/**
 * Writes one sheet into storage with ExcelJS's streaming writer: each row is committed (zipped and
 * handed to storage) as it is added, so the file never sits in memory whole. Every cell goes
 * through `safeCell` (formula escaping). The producer awaits its own reads between batches, which
 * lets the stream drain. Returns the stored file.
 */
export async function writeXlsx(
  storage: FileStorage,
  sheet: { name: string; columns: readonly XlsxColumn[] },
  produce: (sink: XlsxRowSink) => Promise<void>,
): Promise<StoredFile> {
  const out = new PassThrough();
  const stored = storage.put(out, { extension: 'xlsx' });
  // Keeps an early storage failure from being an unhandled rejection while rows are produced.
  stored.catch(() => undefined);
  const workbook = new (excelJs().stream.xlsx.WorkbookWriter)({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  try {
    const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31));
    worksheet.columns = sheet.columns.map((c, i) => ({ key: String(i), width: c.width ?? 18 }));
    const header = worksheet.addRow(sheet.columns.map((c) => safeCell(c.header)));
    header.font = { bold: true };
    header.commit();
    await produce({
      addRow(cells) {
        worksheet.addRow(cells.map(safeCell)).commit();
      },
    });
    worksheet.commit();
    await workbook.commit();
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    await stored.catch(() => undefined);
    throw error;
  }
  return stored;
}
