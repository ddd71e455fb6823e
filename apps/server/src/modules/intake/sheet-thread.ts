import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';
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
/**
 * The thread's young generation. ExcelJS makes many short-lived objects per cell; at 8 or 16 MB
 * scavenging took 40 % of the thread's time and the import waited on it, at 32 MB the import is
 * a quarter faster, and 64 MB is no faster for 30 MB more (decision 0095).
 */
const YOUNG_MB = 32;

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
 * The reader thread: the built worker beside this file. Running from the TypeScript sources (tests,
 * benches, tsx), a thread does not take over the process's loader: the worker's source is bundled
 * once per process by esbuild, as the build bundles it, so the thread loads plain JavaScript rather
 * than a transpiler of its own (tsx in the thread cost about 50 MB and 0.7 s of its start).
 */
function newWorker(): Worker {
  const options = { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB } };
  const built = !import.meta.url.endsWith('.ts');
  return new Worker(
    built ? join(import.meta.dirname, 'sheet-worker.js') : (sourceWorker ??= bundledSource()),
    options,
  );
}

let sourceWorker: string | undefined;

/**
 * The worker's source bundled (its packages left to Node), written under node_modules/.cache so
 * that the bundle's bare imports resolve to the project's packages. Named by its content: processes
 * running at once share one file, written whole or not at all.
 */
function bundledSource(): string {
  const requireHere = createRequire(import.meta.url);
  // A development dependency, needed only on this path (the build has already bundled the worker).
  const esbuild = requireHere('esbuild') as typeof Esbuild;
  const [output] = esbuild.buildSync({
    entryPoints: [join(import.meta.dirname, 'sheet-worker.ts')],
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
  }).outputFiles;
  const text = output!.text;
  const packages = dirname(dirname(requireHere.resolve('exceljs')));
  const folder = join(packages, '.cache', 'pod-server');
  const file = join(
    folder,
    `sheet-worker-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.mjs`,
  );
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, text);
    renameSync(partial, file);
  }
  return file;
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
