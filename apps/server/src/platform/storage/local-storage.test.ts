import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { LocalFileStorage } from './local-storage.ts';
import { FileTooLargeError, InvalidStorageKeyError } from './storage.ts';

const storage = () => {
  const root = mkdtempSync(join(tmpdir(), 'pod-files-'));
  return { root, files: new LocalFileStorage(root) };
};

describe('local file storage', () => {
  it('stores a stream under its content address and streams it back', async () => {
    const { files } = storage();
    const content = 'hello print-on-demand';
    const stored = await files.put(Readable.from([Buffer.from(content)]), { extension: 'TXT' });
    const sha = createHash('sha256').update(content).digest('hex');
    expect(stored).toEqual({
      key: `${sha.slice(0, 2)}/${sha.slice(2, 4)}/${sha}.txt`,
      size: content.length,
      sha256: sha,
    });
    expect(await text((await files.get(stored.key))!)).toBe(content);
    expect(await files.exists(stored.key)).toBe(true);
    await files.delete(stored.key);
    expect(await files.get(stored.key)).toBeNull();
  });

  it('refuses keys it did not make, such as a path traversal', async () => {
    const { files } = storage();
    await expect(files.get('../../etc/passwd')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(files.exists(`ab/cd/${'a'.repeat(64)}/../x`)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(files.delete('/etc/passwd')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('stops a stream over the limit and leaves nothing behind', async () => {
    const { root, files } = storage();
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1024, 1));
    await expect(files.put(Readable.from(chunks), { maxBytes: 4096 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
    expect(readdirSync(root)).toEqual(['.tmp']);
  });
});
