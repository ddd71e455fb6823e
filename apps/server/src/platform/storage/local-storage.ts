import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { spoolHashed } from './spool.ts';
import {
  assertStorageKey,
  storageKeyFor,
  type FileStorage,
  type PutOptions,
  type StoredFile,
} from './storage.ts';

/** Files under DATA_DIR/files, written through a temp file and renamed into place atomically. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(content: Readable, options: PutOptions = {}): Promise<StoredFile> {
    const tmpDir = join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = join(tmpDir, randomUUID());
    try {
      const { size, sha256 } = await spoolHashed(content, tmp, options.maxBytes);
      const key = storageKeyFor(sha256, options.extension);
      const target = this.pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(tmp, target);
      return { key, size, sha256 };
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable | null> {
    if (!(await this.exists(key))) return null;
    return createReadStream(this.pathOf(key));
  }

  async exists(key: string): Promise<boolean> {
    const path = this.pathOf(key);
    try {
      return (await stat(path)).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, key);
  }
}
