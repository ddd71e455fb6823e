import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileTooLargeError } from './storage.ts';

/**
 * Writes a stream to a new file at `path`, hashing and counting it on the way; refuses (with
 * FileTooLargeError) past `maxBytes`. The caller removes the file when this throws.
 */
export async function spoolHashed(
  content: Readable,
  path: string,
  maxBytes?: number,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) return done(new FileTooLargeError(maxBytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(content, meter, createWriteStream(path, { flags: 'wx' }));
  return { size, sha256: hash.digest('hex') };
}
