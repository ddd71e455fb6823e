import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type * as Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { spoolHashed } from './spool.ts';
import {
  assertStorageKey,
  storageKeyFor,
  type FileStorage,
  type PutOptions,
  type StoredFile,
} from './storage.ts';

/** Where the files live on an S3-compatible store (STORAGE=s3; decision 0074). */
export interface S3StorageConfig {
  bucket: string;
  /** The store's address (MinIO, Ceph RGW, R2, OSS…); unset: AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** Both or neither: unset uses the SDK's usual chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path instead of the host name (most self-hosted stores need it). */
  forcePathStyle: boolean;
  /** Prepended to every key, e.g. `pod/`, when the bucket is shared. */
  prefix: string;
}

/**
 * Files in a bucket of any S3-compatible store, under the same content-address keys as the local
 * folder (decision 0009). The key is the content's hash, known only once the stream has ended, so
 * an upload is spooled to a local temp file while it is hashed and metered, then sent with its
 * length in one PutObject (nothing is sent for bytes the bucket already holds). Reads stream
 * the object's body.
 */
export class S3FileStorage implements FileStorage {
  #client: S3Client | undefined;

  constructor(
    private readonly config: S3StorageConfig,
    /** Where uploads are spooled (DATA_DIR/.tmp). */
    private readonly tmpDir: string,
  ) {}

  /** The SDK is loaded on first use: a process on the local folder never loads it. */
  async #s3(): Promise<{ client: S3Client; sdk: typeof Sdk }> {
    const sdk = await import('@aws-sdk/client-s3');
    const { config } = this;
    this.#client ??= new sdk.S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
      // Checksums only where the API requires them: many S3-compatible stores refuse the
      // SDK's default streaming checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { client: this.#client, sdk };
  }

  async put(content: Readable, options: PutOptions = {}): Promise<StoredFile> {
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = join(this.tmpDir, `s3-${randomUUID()}`);
    try {
      const { size, sha256 } = await spoolHashed(content, tmp, options.maxBytes);
      const key = storageKeyFor(sha256, options.extension);
      if (!(await this.exists(key))) {
        const { client, sdk } = await this.#s3();
        await client.send(
          new sdk.PutObjectCommand({
            Bucket: this.config.bucket,
            Key: this.#objectKey(key),
            Body: createReadStream(tmp),
            ContentLength: size,
          }),
        );
      }
      return { key, size, sha256 };
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async get(key: string): Promise<Readable | null> {
    const { client, sdk } = await this.#s3();
    try {
      const reply = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.#objectKey(key) }),
      );
      const body = reply.Body;
      if (!body) return null;
      if (body instanceof Readable) return body;
      // Other runtimes hand a web stream; Node's SDK hands an IncomingMessage (a Readable).
      return Readable.fromWeb(body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const { client, sdk } = await this.#s3();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.config.bucket, Key: this.#objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissing(sdk, error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, as the local folder does.
    const { client, sdk } = await this.#s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.#objectKey(key) }));
  }

  /** Stops the client's sockets (tests). */
  close(): void {
    this.#client?.destroy();
  }

  #objectKey(key: string): string {
    assertStorageKey(key);
    return `${this.config.prefix}${key}`;
  }
}

function isMissing(sdk: typeof Sdk, error: unknown): boolean {
  if (!(error instanceof sdk.S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}
