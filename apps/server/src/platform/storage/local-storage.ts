import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  FileTooLargeError,
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
    const hash = createHash('sha256');
    let size = 0;
    const { maxBytes } = options;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (maxBytes !== undefined && size > maxBytes) return done(new FileTooLargeError(maxBytes));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(content, meter, createWriteStream(tmp, { flags: 'wx' }));
      const sha256 = hash.digest('hex');
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
