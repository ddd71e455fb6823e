import { open } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { ORDER_IMPORT_LIMITS } from '@pod/shared';
import {
  centralDirectory,
  firstSheet,
  LOCAL,
  readAt,
  startsWithLocalHeader,
  type ZipEntry,
} from './zip-directory.ts';

export type { ZipEntry } from './zip-directory.ts';

const MB = 1024 * 1024;

/**
 * What an .xlsx is before any of it is parsed (issue 20, decision 0051): a zip whose central
 * directory (read from the end of the file, nothing decompressed) names a workbook, with no macros
 * and no entry that inflates to a bomb. The first worksheet's `<dimension>` gives its row count,
 * read by inflating only the sheet's first bytes.
 */
export type ZipVerdict =
  | { ok: true; rows: number | null }
  | {
      ok: false;
      /** i18n key under `intake.` */
      reason: 'notSpreadsheet' | 'macros' | 'zipBomb' | 'tooManyRows';
      params?: Record<string, string | number>;
    };

/** The first bytes of an entry, inflated (at most `want` of them). */
async function entryHead(path: string, entry: ZipEntry, want = 64 * 1024): Promise<string | null> {
  const fd = await open(path, 'r');
  try {
    const header = await readAt(fd, entry.localOffset, 30);
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) return null;
    const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const raw = await readAt(fd, start, Math.min(entry.compressed, want));
    if (entry.method === 0) return raw.toString('utf8');
    if (entry.method !== 8) return null;
    try {
      // A truncated deflate stream inflates as far as it goes: finishFlush keeps what came out.
      return inflateRawSync(raw, { finishFlush: 2 /* Z_SYNC_FLUSH */, maxOutputLength: want * 4 }).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  } finally {
    await fd.close();
  }
}

/** The last row of a `<dimension ref="A1:BC1234"/>`; null when the sheet does not state it. */
export function dimensionRows(xml: string): number | null {
  const match = /<(?:\w+:)?dimension\s+ref="[A-Z]*\d*:?[A-Z]*(\d+)"/.exec(xml);
  return match ? Number(match[1]) : null;
}

/** Checks an .xlsx on disk before it is parsed (see ZipVerdict). */
export async function inspectWorkbook(path: string, limits = ORDER_IMPORT_LIMITS): Promise<ZipVerdict> {
  // A zip starts with a local header: bytes of something else in front of one are not a workbook
  // (decision 0092), whatever its central directory says.
  if (!(await startsWithLocalHeader(path))) return { ok: false, reason: 'notSpreadsheet' };
  const entries = await centralDirectory(path, limits.maxZipEntries);
  if (entries === null) return { ok: false, reason: 'notSpreadsheet' };
  if (entries === 'tooMany') return { ok: false, reason: 'zipBomb' };
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml'))
    return { ok: false, reason: 'notSpreadsheet' };
  if (
    entries.some(
      (e) => /(^|\/)vbaProject\.bin$/i.test(e.name) || (/\.bin$/i.test(e.name) && /vba/i.test(e.name)),
    )
  )
    return { ok: false, reason: 'macros' };
  let total = 0;
  for (const e of entries) {
    total += e.uncompressed;
    const ratio = e.uncompressed / Math.max(e.compressed, 1);
    if (e.uncompressed > MB && ratio > limits.maxCompressionRatio) return { ok: false, reason: 'zipBomb' };
  }
  if (total > limits.maxUncompressedBytes) return { ok: false, reason: 'zipBomb' };
  const sheet = firstSheet(entries);
  if (!sheet) return { ok: false, reason: 'notSpreadsheet' };
  const head = await entryHead(path, sheet);
  const rows = head ? dimensionRows(head) : null;
  // The header row (and at most one description row) are not data.
  if (rows !== null && rows - 1 > limits.maxRows + 1)
    return { ok: false, reason: 'tooManyRows', params: { count: rows - 1, max: limits.maxRows } };
  return { ok: true, rows };
}
