import type { Readable } from 'node:stream';

/** What storage returns for a stored file. The key is storage's own, never a user path. */
export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

export interface PutOptions {
  /** File extension to keep on the key (letters and digits only), e.g. "png". */
  extension?: string;
  /** Refuse, and store nothing, when the stream is longer than this. */
  maxBytes?: number;
}

/**
 * File storage: a local folder by default, any S3-compatible store later (ARCHITECTURE). Keys
 * are content addresses, so the same bytes are stored once.
 */
export interface FileStorage {
  put(content: Readable, options?: PutOptions): Promise<StoredFile>;
  /** A stream of the file, or null when there is no such key. */
  get(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file exceeds ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key).slice(0, 100)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}(\.[a-z0-9]{1,10})?$/;

/** Throws unless the key is one storage could have made: no traversal, no user paths. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new InvalidStorageKeyError(key);
}

export function storageKeyFor(sha256: string, extension?: string): string {
  const ext = extension
    ? `.${extension
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 10)}`
    : '';
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}${ext === '.' ? '' : ext}`;
}
