import { open } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { ORDER_IMPORT_LIMITS } from '@pod/shared';

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

/** One entry of the central directory. */
export interface ZipEntry {
  name: string;
  /** General-purpose flags (bit 0: encrypted, bit 3: sizes in a data descriptor, bit 11: UTF-8). */
  flags: number;
  method: number;
  crc32: number;
  compressed: number;
  uncompressed: number;
  localOffset: number;
}
type Entry = ZipEntry;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MB = 1024 * 1024;

async function readAt(fd: Awaited<ReturnType<typeof open>>, offset: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await fd.read(buffer, 0, length, offset);
  return buffer.subarray(0, bytesRead);
}

/** The central directory's entries, or null when the file is not a (single-disk, non-zip64) zip. */
export async function centralDirectory(
  path: string,
  limits = ORDER_IMPORT_LIMITS,
): Promise<Entry[] | 'tooMany' | null> {
  const fd = await open(path, 'r');
  try {
    const { size } = await fd.stat();
    if (size < 22) return null;
    // The end record is in the last 22 bytes plus a comment of at most 65,535.
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await readAt(fd, size - tailLength, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    if (at < 0) return null;
    const count = tail.readUInt16LE(at + 10);
    const cdSize = tail.readUInt32LE(at + 12);
    const cdOffset = tail.readUInt32LE(at + 16);
    // zip64 markers: a workbook this large is not one this import reads.
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return 'tooMany';
    if (count > limits.maxZipEntries) return 'tooMany';
    if (cdOffset + cdSize > size) return null;
    const cd = await readAt(fd, cdOffset, cdSize);
    const entries: Entry[] = [];
    let p = 0;
    for (let n = 0; n < count; n++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) return null;
      const nameLength = cd.readUInt16LE(p + 28);
      const extraLength = cd.readUInt16LE(p + 30);
      const commentLength = cd.readUInt16LE(p + 32);
      entries.push({
        flags: cd.readUInt16LE(p + 8),
        method: cd.readUInt16LE(p + 10),
        crc32: cd.readUInt32LE(p + 16),
        compressed: cd.readUInt32LE(p + 20),
        uncompressed: cd.readUInt32LE(p + 24),
        name: cd.toString('utf8', p + 46, p + 46 + nameLength),
        localOffset: cd.readUInt32LE(p + 42),
      });
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await fd.close();
  }
}

/** The first bytes of an entry, inflated (at most `want` of them). */
async function entryHead(path: string, entry: Entry, want = 64 * 1024): Promise<string | null> {
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

/**
 * The worksheet the import reads: `xl/worksheets/sheet1.xml`, else the lowest-numbered
 * `sheetN.xml` (the names ExcelJS's reader knows; Excel and LibreOffice number the parts in tab
 * order when they save).
 */
export function firstSheet(entries: readonly ZipEntry[]): ZipEntry | null {
  let best: { entry: ZipEntry; n: number } | null = null;
  for (const entry of entries) {
    const match = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(entry.name);
    if (!match) continue;
    const n = Number(match[1]);
    if (!best || n < best.n) best = { entry, n };
  }
  return best?.entry ?? null;
}

/** The last row of a `<dimension ref="A1:BC1234"/>`; null when the sheet does not state it. */
export function dimensionRows(xml: string): number | null {
  const match = /<(?:\w+:)?dimension\s+ref="[A-Z]*\d*:?[A-Z]*(\d+)"/.exec(xml);
  return match ? Number(match[1]) : null;
}

/** Checks an .xlsx on disk before it is parsed (see ZipVerdict). */
export async function inspectWorkbook(path: string, limits = ORDER_IMPORT_LIMITS): Promise<ZipVerdict> {
  const entries = await centralDirectory(path, limits);
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
