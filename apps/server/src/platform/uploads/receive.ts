import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import { checkName, cleanFileName, UploadRejected, type UploadPolicy } from './inspect.ts';

/** One file part of a multipart request: on disk within its limit, or refused with a reason. */
export type ReceivedFile =
  | { name: string; ok: true; path: string; suffix: string }
  | { name: string; ok: false; error: UploadRejected };

export interface ReceivedUpload {
  files: ReceivedFile[];
  fields: Record<string, string>;
  /** More file parts arrived than allowed; none of them should be kept. */
  isOverBatch: boolean;
  /** Removes the temporary files; call it in `finally`. */
  cleanup(): Promise<void>;
}

/**
 * Streams every file part of a multipart request to a temporary file, checking names and sizes
 * as bytes arrive (an over-size part stops being written and is drained). Nothing is stored yet:
 * the caller inspects and stores each file, so that one bad file does not sink the others.
 */
export async function receiveUpload(
  request: FastifyRequest,
  policyFor: (fields: Record<string, string>) => UploadPolicy,
  options: { tmpRoot: string; maxFiles: number },
): Promise<ReceivedUpload> {
  const dir = join(options.tmpRoot, '.uploads', randomUUID());
  await mkdir(dir, { recursive: true });
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  let isOverBatch = false;
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const parts = request.parts()[Symbol.asyncIterator]();
    for (;;) {
      let step: Awaited<ReturnType<typeof parts.next>>;
      try {
        step = await parts.next();
      } catch (error) {
        throw malformed(error);
      }
      if (step.done) break;
      const part = step.value;
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 200);
        continue;
      }
      const name = cleanFileName(part.filename);
      if (files.length >= options.maxFiles) {
        isOverBatch = true;
        await drain(part.file);
        continue;
      }
      const policy = policyFor(fields);
      try {
        const suffix = checkName(part.filename, policy);
        const path = join(dir, String(files.length));
        const metered = meter(policy.maxBytes);
        await pipeline(part.file, metered, createWriteStream(path));
        if (metered.exceeded || part.file.truncated) {
          await rm(path, { force: true });
          throw new UploadRejected('size', { max: policy.maxBytes });
        }
        files.push({ name, ok: true, path, suffix });
      } catch (error) {
        await drain(part.file);
        if (error instanceof UploadRejected) {
          files.push({ name, ok: false, error });
        } else throw malformed(error);
      }
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { files, fields, isOverBatch, cleanup };
}

/**
 * Counts a part's bytes and stops passing them on past `maxBytes`, while still reading the part to
 * its end. Failing the pipeline instead would destroy the part's stream, and the multipart parser
 * then ends the request there: every file after an over-size one was silently lost (issue 26).
 */
function meter(maxBytes: number): Transform & { exceeded: boolean } {
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) {
        stream.exceeded = true;
        return done();
      }
      done(null, chunk);
    },
  }) as Transform & { exceeded: boolean };
  stream.exceeded = false;
  return stream;
}

async function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  stream.resume();
  await new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

/**
 * A body that breaks off or is not valid multipart is the sender's fault (400, "uploaded file data
 * incomplete"); a failure of our own disk (ENOSPC, EACCES…) stays a server error.
 */
function malformed(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'ECONNRESET') return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status !== 500) return error;
  return AppError.badRequest('upload.incomplete');
}
