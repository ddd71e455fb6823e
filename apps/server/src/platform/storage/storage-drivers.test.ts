import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';
import { FileTooLargeError, InvalidStorageKeyError, type FileStorage } from './storage.ts';

/**
 * One suite, every driver (decision 0074): the local folder, and an S3-compatible server started
 * here (s3rver, a devDependency) reached through the AWS SDK like any MinIO, RGW or R2.
 */
interface Driver {
  storage: FileStorage;
  /** Where uploads are spooled or written before they land: must be empty after every put. */
  spoolDir: string;
}

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

let server: S3rver | undefined;
let s3Endpoint = '';
const s3Drivers: S3FileStorage[] = [];

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir('pod-s3rver-'),
    configureBuckets: [{ name: 'pod-files' }],
  });
  const address = await server.run();
  s3Endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  for (const driver of s3Drivers) driver.close();
  await server?.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const drivers: Record<string, () => Driver> = {
  local: () => {
    const root = tempDir('pod-files-');
    return { storage: new LocalFileStorage(root), spoolDir: join(root, '.tmp') };
  },
  s3: () => {
    const spoolDir = tempDir('pod-s3-spool-');
    const storage = new S3FileStorage(
      {
        bucket: 'pod-files',
        endpoint: s3Endpoint,
        region: 'us-east-1',
        // s3rver's fixed test credentials.
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: `run-${process.pid}-${Math.random().toString(36).slice(2)}/`,
      },
      spoolDir,
    );
    s3Drivers.push(storage);
    return { storage, spoolDir };
  },
};

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

describe.each(Object.keys(drivers))('file storage: %s', (name) => {
  const make = () => drivers[name]!();

  it('stores a stream under its content address and streams it back', async () => {
    const { storage, spoolDir } = make();
    const content = 'hello print-on-demand';
    const stored = await storage.put(Readable.from([Buffer.from(content)]), { extension: 'TXT' });
    const sha = sha256(content);
    expect(stored).toEqual({
      key: `${sha.slice(0, 2)}/${sha.slice(2, 4)}/${sha}.txt`,
      size: content.length,
      sha256: sha,
    });
    expect(await storage.exists(stored.key)).toBe(true);
    expect(await text((await storage.get(stored.key))!)).toBe(content);
    expect(readdirSync(spoolDir)).toEqual([]);
  });

  it('streams a file of many chunks through without holding it whole, byte for byte', async () => {
    const { storage } = make();
    // 6 MiB in 64 KiB chunks of varying bytes: past one S3 part and the SDK's buffers.
    const chunks = Array.from({ length: 96 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const whole = Buffer.concat(chunks);
    const stored = await storage.put(Readable.from(chunks), { extension: 'bin' });
    expect(stored.size).toBe(whole.length);
    expect(stored.sha256).toBe(sha256(whole));
    const back = await buffer((await storage.get(stored.key))!);
    expect(back.length).toBe(whole.length);
    expect(sha256(back)).toBe(stored.sha256);
  });

  it('stores identical bytes once: the second put answers the same key', async () => {
    const { storage } = make();
    const a = await storage.put(Readable.from([Buffer.from('same bytes')]), { extension: 'txt' });
    const b = await storage.put(Readable.from([Buffer.from('same'), Buffer.from(' bytes')]), {
      extension: 'txt',
    });
    expect(b).toEqual(a);
    expect(await text((await storage.get(b.key))!)).toBe('same bytes');
  });

  it('deletes a file; a missing key reads as null and deletes quietly', async () => {
    const { storage } = make();
    const stored = await storage.put(Readable.from([Buffer.from('to be removed')]));
    await storage.delete(stored.key);
    expect(await storage.exists(stored.key)).toBe(false);
    expect(await storage.get(stored.key)).toBeNull();
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
    const never = `aa/bb/${'a'.repeat(64)}.png`;
    expect(await storage.get(never)).toBeNull();
    expect(await storage.exists(never)).toBe(false);
  });

  it('refuses keys it did not make, such as a path traversal', async () => {
    const { storage } = make();
    await expect(storage.get('../../etc/passwd')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.exists(`ab/cd/${'a'.repeat(64)}/../x`)).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.delete('/etc/passwd')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('stops a stream over the limit, stores nothing and leaves no spooled bytes behind', async () => {
    const { storage, spoolDir } = make();
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1024, 7));
    await expect(storage.put(Readable.from(chunks), { maxBytes: 4096 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(readdirSync(spoolDir)).toEqual([]);
    const whole = Buffer.concat(chunks);
    const key = `${sha256(whole).slice(0, 2)}/${sha256(whole).slice(2, 4)}/${sha256(whole)}`;
    expect(await storage.exists(key)).toBe(false);
  });
});
