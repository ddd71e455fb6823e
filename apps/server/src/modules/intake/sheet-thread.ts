import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ORDER_IMPORT_LIMITS } from '@pod/shared';
import { UnreadableWorkbook, type SheetRow } from './sheet-reader.ts';
import type { FromReader, ToReader } from './sheet-protocol.ts';

/**
 * The rows of an import's sheet, read on a thread of their own (decision 0093).
 *
 * An import was bound by one thread: ExcelJS's parse and everything done with the rows (checking
 * them, building the orders, sending them to the database) took turns on it, while the second
 * core waited. `sheetRowsOnThread` hands the parse to a worker thread, which streams the rows
 * back in messages while this thread works on the ones before.
 *
 * - **One reader thread per process, kept.** Starting a thread loads ExcelJS again (and, running
 *   from TypeScript sources, the transpiler): it is started on the first import (or when an upload
 *   arrives, `warmSheetThread`), kept while imports run and for IDLE_MS after the last one, and
 *   never keeps the process alive. Reads of several imports share it.
 * - **Bounded.** The thread is never more than MESSAGES_AHEAD messages ahead of the import, so a
 *   slow database holds the parse back instead of queueing the sheet in memory.
 * - **Same contract as `sheetRows`.** The same rows in the same order; a file found unreadable while
 *   it is read throws `UnreadableWorkbook`; stopping early stops the thread's read. A thread that
 *   dies fails the reads it had, and the next read starts a new one.
 */

/** How long an idle reader thread is kept for the next import. */
const IDLE_MS = 60_000;
/** The thread's young generation: its rows die young, and a small one keeps its memory small. */
const YOUNG_MB = 8;

interface Listener {
  onMessage: (message: FromReader) => void;
  onDeath: (error: Error) => void;
}

interface Reader {
  worker: Worker;
  listeners: Map<number, Listener>;
  idle: NodeJS.Timeout | null;
}

let reader: Reader | null = null;
let nextId = 1;

/**
 * The reader thread: the built worker beside this file, or, running from the TypeScript sources,
 * the source file loaded through tsx (a thread does not take over the process's loader).
 */
function newWorker(): Worker {
  const options = { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB } };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(join(import.meta.dirname, 'sheet-worker.js'), options);
  const source = pathToFileURL(join(import.meta.dirname, 'sheet-worker.ts')).href;
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`,
    { ...options, eval: true },
  );
}

function start(): Reader {
  const worker = newWorker();
  worker.unref();
  const started: Reader = { worker, listeners: new Map(), idle: null };
  const die = (error: Error) => {
    if (reader === started) reader = null;
    for (const listener of started.listeners.values()) listener.onDeath(error);
    started.listeners.clear();
  };
  worker.on('message', (message: FromReader) => started.listeners.get(message.id)?.onMessage(message));
  worker.on('error', die);
  worker.on('exit', (code) => die(new Error(`the sheet reader's thread exited (${code})`)));
  return started;
}

function current(): Reader {
  reader ??= start();
  if (reader.idle) {
    clearTimeout(reader.idle);
    reader.idle = null;
  }
  return reader;
}

/** Keeps an unused reader thread for IDLE_MS, then ends it (unless a read takes it first). */
function idleLater(of: Reader): void {
  if (of.listeners.size || of !== reader) return;
  of.idle = setTimeout(() => {
    if (reader === of && !of.listeners.size) {
      reader = null;
      void of.worker.terminate();
    }
  }, IDLE_MS);
  of.idle.unref();
}

/** Starts the reader thread ahead of an import (an upload is arriving), if it is not running. */
export function warmSheetThread(): void {
  idleLater(current());
}

/** The rows of the first worksheet of the .xlsx at `path`, as `sheetRows` gives them, read on the reader thread. */
export async function* sheetRowsOnThread(path: string): AsyncGenerator<SheetRow> {
  const thread = current();
  const id = nextId++;
  // What the thread has said of this read, filled in by its messages.
  const heard: { batches: SheetRow[][]; done: boolean; failure: Error | null; wake: (() => void) | null } = {
    batches: [],
    done: false,
    failure: null,
    wake: null,
  };
  const notify = () => {
    heard.wake?.();
    heard.wake = null;
  };
  thread.listeners.set(id, {
    onMessage: (message) => {
      if (message.kind === 'rows') heard.batches.push(message.rows);
      else if (message.kind === 'end') heard.done = true;
      else
        heard.failure = message.unreadable
          ? new UnreadableWorkbook(message.message)
          : new Error(message.message);
      notify();
    },
    onDeath: (error) => {
      heard.failure ??= error;
      notify();
    },
  });
  const send = (message: ToReader) => thread.worker.postMessage(message);
  send({ kind: 'read', id, path, maxEntries: ORDER_IMPORT_LIMITS.maxZipEntries });
  try {
    for (;;) {
      const batch = heard.batches.shift();
      if (batch) {
        send({ kind: 'more', id });
        yield* batch;
        continue;
      }
      if (heard.failure) throw heard.failure;
      if (heard.done) return;
      await new Promise<void>((resolve) => (heard.wake = resolve));
    }
  } finally {
    if (!heard.done && !heard.failure) send({ kind: 'stop', id });
    thread.listeners.delete(id);
    idleLater(thread);
  }
}
