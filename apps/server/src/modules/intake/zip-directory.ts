import { open } from 'node:fs/promises';

/**
 * A zip's central directory, read from the end of the file with nothing decompressed (issue 20,
 * decision 0051): what the zip guard judges and what the sheet reader reads by. It imports nothing
 * of the platform, so the reader thread (decision 0093) loads no more than it needs.
 */

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

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
export const LOCAL = 0x04034b50;

export async function readAt(
  fd: Awaited<ReturnType<typeof open>>,
  offset: number,
  length: number,
): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await fd.read(buffer, 0, length, offset);
  return buffer.subarray(0, bytesRead);
}

/** Whether the file begins with a zip's local file header. */
export async function startsWithLocalHeader(path: string): Promise<boolean> {
  const fd = await open(path, 'r');
  try {
    const head = await readAt(fd, 0, 4);
    return head.length === 4 && head.readUInt32LE(0) === LOCAL;
  } finally {
    await fd.close();
  }
}

/** The central directory's entries, or null when the file is not a (single-disk, non-zip64) zip. */
export async function centralDirectory(
  path: string,
  maxEntries: number,
): Promise<ZipEntry[] | 'tooMany' | null> {
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
    if (count > maxEntries) return 'tooMany';
    if (cdOffset + cdSize > size) return null;
    const cd = await readAt(fd, cdOffset, cdSize);
    const entries: ZipEntry[] = [];
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
