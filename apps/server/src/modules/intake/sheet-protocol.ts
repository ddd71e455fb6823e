import type { SheetRow } from './sheet-reader.ts';

/** What the import's thread and the reader thread say to each other (decision 0093). */

/** Rows per message (cloned whole: big enough to cost little each, small enough to start at once). */
export const ROWS_PER_MESSAGE = 256;
/** Messages the reader thread may send before the import has taken the first of them. */
export const MESSAGES_AHEAD = 4;

export type ToReader =
  | { kind: 'read'; id: number; path: string; maxEntries: number }
  | { kind: 'more'; id: number }
  | { kind: 'stop'; id: number };
export type FromReader =
  | { kind: 'rows'; id: number; rows: SheetRow[] }
  | { kind: 'end'; id: number }
  | { kind: 'fail'; id: number; unreadable: boolean; message: string };
