import { parentPort } from 'node:worker_threads';
import { sheetRows, UnreadableWorkbook, type SheetRow } from './sheet-reader.ts';
import { MESSAGES_AHEAD, ROWS_PER_MESSAGE, type FromReader, type ToReader } from './sheet-protocol.ts';

/**
 * The sheet reader's thread (decision 0093): reads the rows of the workbooks it is asked for with
 * `sheetRows` and posts them in messages of ROWS_PER_MESSAGE rows, never more than MESSAGES_AHEAD
 * messages ahead of what the import has taken (each taken message is answered with `more`).
 */
const port = parentPort;
if (!port) throw new Error('sheet-worker.ts runs as a worker thread');

interface Read {
  credit: number;
  stopped: boolean;
  wake: (() => void) | null;
}
const reads = new Map<number, Read>();
const post = (message: FromReader) => port.postMessage(message);

async function read(id: number, path: string, maxEntries: number): Promise<void> {
  const state: Read = { credit: MESSAGES_AHEAD, stopped: false, wake: null };
  reads.set(id, state);
  const send = async (rows: SheetRow[]) => {
    while (state.credit === 0 && !state.stopped) await new Promise<void>((resolve) => (state.wake = resolve));
    if (state.stopped) return false;
    state.credit--;
    post({ kind: 'rows', id, rows });
    return true;
  };
  try {
    let batch: SheetRow[] = [];
    // Posting a row copies its strings: nothing of the parser's chunks is kept by the import.
    for await (const row of sheetRows(path, { maxEntries, detach: false })) {
      batch.push(row);
      if (batch.length === ROWS_PER_MESSAGE) {
        if (!(await send(batch))) return;
        batch = [];
      }
    }
    if (batch.length && !(await send(batch))) return;
    post({ kind: 'end', id });
  } catch (error) {
    post({
      kind: 'fail',
      id,
      unreadable: error instanceof UnreadableWorkbook,
      message: error instanceof Error ? error.message : String(error),
    });
  } finally {
    reads.delete(id);
  }
}

port.on('message', (message: ToReader) => {
  if (message.kind === 'read') {
    void read(message.id, message.path, message.maxEntries);
    return;
  }
  const state = reads.get(message.id);
  if (!state) return;
  if (message.kind === 'more') state.credit++;
  else state.stopped = true;
  state.wake?.();
  state.wake = null;
});
