import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { excelJs } from '../../platform/xlsx/exceljs.ts';
import { centralDirectory, firstSheet, type ZipEntry } from './zip-directory.ts';

/**
 * Reading the first worksheet of an .xlsx in bounded memory and without a temporary copy,
 * whatever order the zip's parts are in (issue 20, decision 0051 "Reading the sheet").
 *
 * ExcelJS's streaming reader reads a zip front to back. A worksheet that comes before
 * `xl/workbook.xml.rels` and `xl/sharedStrings.xml` — ExcelJS's own streaming writer puts the
 * sheet first, and a workbook without shared strings never has the second — is copied, inflated,
 * to a temporary file and parsed only once the whole zip has been read: the sheet's full XML (up
 * to the zip guard's 1 GiB) on disk, and read twice. So the import does not hand ExcelJS the
 * file as it is: from the central directory (already checked by the zip guard) it sends ExcelJS
 * a zip stream of just the parts it needs, in the order it needs them — the workbook's
 * relationships, the workbook, the shared strings (an empty table when the file has none), then
 * the first worksheet, which ExcelJS then parses straight from the stream. The other sheets,
 * styles, themes and pictures are never read.
 *
 * Each part is inflated here and handed over stored (uncompressed), its local header written from
 * the central directory:
 * - **Sizes hold.** A part inflating to more or less than the central directory states (the size
 *   the zip guard judged) stops the read: the bomb guard cannot be lied to.
 * - **Whole characters.** ExcelJS decodes every chunk on its own (`TextDecoder.decode` without
 *   streaming), so a chunk ending inside a multi-byte UTF-8 character turned it, and the next one,
 *   into U+FFFD — a Chinese address could be corrupted wherever the inflater happened to cut it.
 *   Chunks here end on a character boundary.
 * - **Rows read ahead.** ExcelJS parses a chunk into all its SAX events and rows at once and
 *   keeps them until the last of those rows is consumed; while the import worked on them the
 *   young generation filled, and they were promoted to the old one — hundreds of MB of garbage
 *   between two full collections (decision 0051, "Memory"). `sheetRows` reads READ_AHEAD rows
 *   (more than a chunk holds) before handing them over, so those objects die young.
 */

const LOCAL = 0x04034b50;
const ENCRYPTED = 0x0001;
const UTF8 = 0x0800;
/** Bytes of XML per chunk handed to ExcelJS (a row of an export is 1–3 KB: 5–15 rows). */
export const CHUNK_BYTES = 16 * 1024;
/** Rows `sheetRows` reads ahead of its consumer. */
const READ_AHEAD = 64;
const EMPTY_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);

/** The file cannot be read as a workbook (encrypted or unknown compression, no sheet, sizes lie). */
export class UnreadableWorkbook extends Error {
  constructor(detail: string) {
    super(`unreadable workbook: ${detail}`);
    this.name = 'UnreadableWorkbook';
  }
}

/** A local file header of a stored (uncompressed) entry of `size` bytes. */
function storedHeader(name: string, size: number, crc: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL, 0);
  header.writeUInt16LE(10, 4); // version needed: 1.0 (stored)
  header.writeUInt16LE(UTF8, 6); // no data descriptor: the sizes are here
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(0, 10); // time
  header.writeUInt16LE(0x21, 12); // date: 1980-01-01
  header.writeUInt32LE(crc >>> 0, 14);
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  header.writeUInt16LE(0, 28); // no extra field
  return Buffer.concat([header, nameBytes]);
}

/** Where an entry's data starts: after its local header, whose name and extra lengths are its own. */
async function dataStart(path: string, entry: ZipEntry): Promise<number> {
  const fd = await open(path, 'r');
  try {
    const header = Buffer.alloc(30);
    const { bytesRead } = await fd.read(header, 0, 30, entry.localOffset);
    if (bytesRead < 30 || header.readUInt32LE(0) !== LOCAL)
      throw new UnreadableWorkbook(`no local header for ${entry.name}`);
    return entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await fd.close();
  }
}

/**
 * How many bytes of `bytes` end on a UTF-8 character boundary (an incomplete sequence at the end
 * waits for the next chunk).
 */
export function wholeCharacters(bytes: Buffer): number {
  const end = bytes.length;
  let lead = end - 1;
  // Back over at most three continuation bytes (10xxxxxx) to the sequence's first byte.
  while (lead >= 0 && end - lead <= 3 && (bytes[lead]! & 0xc0) === 0x80) lead--;
  if (lead < 0) return end;
  const first = bytes[lead]!;
  const length = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  return lead + length > end ? lead : end;
}

/** A part's bytes, inflated, in chunks of at most CHUNK_BYTES ending on character boundaries. */
async function* partChunks(path: string, entry: ZipEntry, start: number): AsyncGenerator<Buffer> {
  let produced = 0;
  let carry: Buffer = Buffer.alloc(0);
  const raw =
    entry.compressed === 0
      ? null
      : createReadStream(path, { start, end: start + entry.compressed - 1, highWaterMark: 16 * 1024 });
  const inflater = raw && entry.method === 8 ? createInflateRaw() : null;
  if (raw && inflater) {
    // pipe() does not pass a read error on: the inflater would wait for bytes forever.
    raw.on('error', (error) => inflater.destroy(error));
    raw.pipe(inflater);
  }
  const source: Iterable<Buffer> | AsyncIterable<Buffer> = inflater ?? raw ?? [];
  try {
    for await (const piece of source) {
      produced += piece.length;
      if (produced > entry.uncompressed)
        throw new UnreadableWorkbook(
          `${entry.name} inflates to more than its stated ${entry.uncompressed} bytes`,
        );
      let data = carry.length ? Buffer.concat([carry, piece]) : piece;
      while (data.length > CHUNK_BYTES) {
        const cut = wholeCharacters(data.subarray(0, CHUNK_BYTES)) || CHUNK_BYTES;
        yield data.subarray(0, cut);
        data = data.subarray(cut);
      }
      const cut = wholeCharacters(data);
      if (cut) yield data.subarray(0, cut);
      carry = data.subarray(cut);
    }
  } finally {
    // Stopped early (the reader is done, or the sizes lied): close the file now.
    raw?.destroy();
    inflater?.destroy();
  }
  if (carry.length) yield carry;
  if (produced !== entry.uncompressed)
    throw new UnreadableWorkbook(
      `${entry.name} inflates to ${produced} bytes, not its stated ${entry.uncompressed}`,
    );
}

/**
 * A zip stream of the workbook's relationships, workbook, shared strings and first worksheet, in
 * that order and stored, read from the file at `path` (see the top of this file).
 */
export async function orderedWorkbookStream(path: string, maxEntries: number): Promise<Readable> {
  const directory = await centralDirectory(path, maxEntries);
  if (directory === null || directory === 'tooMany') throw new UnreadableWorkbook('not a readable zip');
  const byName = new Map(directory.map((e) => [e.name, e]));
  const sheet = firstSheet(directory);
  if (!sheet) throw new UnreadableWorkbook('no worksheet');
  const parts: ZipEntry[] = [];
  for (const name of ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml']) {
    const entry = byName.get(name);
    if (entry) parts.push(entry);
  }
  parts.push(sheet);
  for (const part of parts) {
    if (part.flags & ENCRYPTED) throw new UnreadableWorkbook(`${part.name} is encrypted`);
    if (part.method !== 0 && part.method !== 8)
      throw new UnreadableWorkbook(`${part.name} uses compression method ${part.method}`);
  }
  const starts = await Promise.all(parts.map((p) => dataStart(path, p)));

  async function* chunks(): AsyncGenerator<Buffer> {
    if (!byName.has('xl/sharedStrings.xml')) {
      // ExcelJS streams a sheet only once it has read the shared strings: an empty table.
      yield storedHeader('xl/sharedStrings.xml', EMPTY_SHARED_STRINGS.length, crc32(EMPTY_SHARED_STRINGS));
      yield EMPTY_SHARED_STRINGS;
    }
    for (const [i, part] of parts.entries()) {
      yield storedHeader(part.name, part.uncompressed, part.crc32);
      yield* partChunks(path, part, starts[i]!);
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK_BYTES });
}

/** A row of the sheet: its 1-based number and its cells' values, 0-based. */
export interface SheetRow {
  rowNo: number;
  values: unknown[];
}

/**
 * A copy of `text` that shares no memory with the string it came from. The XML parser's text
 * values are slices of its chunks (a V8 "sliced string" keeps its parent alive): an order number
 * kept for the whole import kept its chunk, and 50,000 of them kept the whole sheet's XML in
 * memory (decision 0051, "Memory"). Slicing a concatenation makes V8 copy the text into a string
 * of its own first (strings under 13 characters are never slices).
 */
export function detached(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/**
 * The rows of the first worksheet of the .xlsx at `path`, streamed by ExcelJS's reader from
 * `orderedWorkbookStream`: no workbook in memory, cell values 0-based, read `READ_AHEAD` rows
 * ahead of the consumer (so ExcelJS's parse of a chunk is done with before the rows are worked
 * on). String values are detached from the parser's chunks, so a row kept for a while (a batch
 * of orders waiting for its transaction) does not keep the XML around it (`detach: false` for rows
 * that are copied anyway, as the reader thread's messages are). A file that turns out
 * unreadable while it is read (a part's size lies, corrupt deflate data) throws UnreadableWorkbook.
 */
export async function* sheetRows(
  path: string,
  { maxEntries, detach = true }: { maxEntries: number; detach?: boolean },
): AsyncGenerator<SheetRow> {
  const input = await orderedWorkbookStream(path, maxEntries);
  // ExcelJS pipes the input into its unzipper without listening for the input's errors: they
  // end the read here instead (the reader, waiting for bytes that never come, is dropped). One
  // waiter at a time: racing every read against one pending promise would make that promise hold
  // every row it ever raced.
  let failure: UnreadableWorkbook | null = null;
  let wake: ((error: UnreadableWorkbook) => void) | null = null;
  input.on('error', (error) => {
    failure ??= error instanceof UnreadableWorkbook ? error : new UnreadableWorkbook(error.message);
    wake?.(failure);
  });
  const guarded = <T>(work: Promise<T>): Promise<T> =>
    failure
      ? Promise.reject(failure)
      : new Promise<T>((resolve, reject) => {
          wake = reject;
          work.then(resolve, reject).finally(() => {
            wake = null;
          });
        });
  const reader = new (excelJs().stream.xlsx.WorkbookReader)(input, {
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  try {
    const first = await guarded(reader[Symbol.asyncIterator]().next());
    if (first.done) return;
    // The shared strings came before the sheet: cached by ExcelJS as slices of their part's XML
    // (the reader's `sharedStrings`), copied once so that XML is not kept for the whole read.
    const cache = (reader as unknown as { sharedStrings?: unknown[] }).sharedStrings;
    if (Array.isArray(cache))
      for (let i = 0; i < cache.length; i++) {
        const text = cache[i];
        if (typeof text === 'string') cache[i] = detached(text);
      }
    const rows = (first.value as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();
    let ended = false;
    /** Reads up to READ_AHEAD rows (their strings detached) while the consumer has none. */
    const fill = async (into: SheetRow[]) => {
      while (into.length < READ_AHEAD) {
        const next = await rows.next();
        if (next.done) {
          ended = true;
          return;
        }
        // row.values is 1-based (index 0 empty).
        const values = (next.value.values as unknown[]).slice(1);
        if (detach)
          for (let i = 0; i < values.length; i++) {
            const value = values[i];
            if (typeof value === 'string') values[i] = detached(value);
          }
        into.push({ rowNo: next.value.number, values });
      }
    };
    for (;;) {
      const ahead: SheetRow[] = [];
      if (!ended) await guarded(fill(ahead));
      if (!ahead.length) return;
      yield* ahead;
    }
  } finally {
    // The stream holds the first worksheet only; whatever is left of it is not read.
    input.destroy();
  }
}
