import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  checkKey,
  StorageUnavailableError,
  type PutOptions,
  type Storage,
  type StorageConfig,
  type StoredObject,
} from './storage';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

const notFound = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404 ||
    ['NoSuchKey', 'NotFound'].includes((err as { name?: string }).name ?? ''));

/** No answer at all (refused, reset, timed out) or a 5xx: the store is down or overloaded, not the request wrong. */
function unavailable(err: unknown): unknown {
  if (typeof err !== 'object' || err === null || err instanceof StorageUnavailableError) return err;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== undefined && status < 500) return err;
  const why = err instanceof Error ? err.message : String(err);
  return new StorageUnavailableError(`The S3 store does not answer: ${why}`, { cause: err });
}

/** The whole stream in memory, failing when it comes to more or fewer than `size` bytes. */
async function collect(body: ReadableStream<Uint8Array>, size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size);
  let seen = 0;
  for await (const chunk of body as NodeReadableStream<Uint8Array>) {
    if (seen + chunk.byteLength > size) throw new Error(`The body is longer than ${size} bytes`);
    bytes.set(chunk, seen);
    seen += chunk.byteLength;
  }
  if (seen !== size) throw new Error(`The body is ${seen} bytes, not ${size}`);
  return bytes;
}

/**
 * Objects in an S3 bucket (AWS, MinIO, Yandex Object Storage, any S3-compatible store) through AWS's own client.
 * The SDK (~20 MB resident) is loaded here, so a server on the `fs` driver never loads it.
 */
export async function createS3Storage(config: S3Config): Promise<Storage> {
  const s3 = await import('@aws-sdk/client-s3');
  const Bucket = config.bucket;
  const client: S3Client = new s3.S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // The SDK's default CRC32 trailers on every upload are not understood by every S3-compatible store:
    // checksums only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it (no timeout on slow bodies: a zip
    // download may pause an object's stream for as long as its client reads slowly).
    requestHandler: { connectionTimeout: 2_000 },
    // One retry: a store that is down should cost a caller seconds, not the SDK's three tries with backoff.
    maxAttempts: 2,
  });
  // Every call, with a store that cannot be used turned into StorageUnavailableError (503).
  const send: S3Client['send'] = ((command: Parameters<S3Client['send']>[0]) =>
    client.send(command).catch((err: unknown) => {
      throw unavailable(err);
    })) as S3Client['send'];

  const storage: Storage = {
    driver: 's3',

    async put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, opts: PutOptions = {}) {
      checkKey(key);
      // A stream is read to its end before the request: a source that breaks off then fails here, with nothing
      // sent, rather than half way through a PUT (some S3-compatible servers keep what an aborted PUT had sent).
      // Uploads are at most 20 MB and already in memory once the multipart body is parsed.
      let bytes: Uint8Array;
      if (body instanceof Uint8Array) bytes = body;
      else if (opts.size === undefined) throw new Error(`put ${key}: a stream needs its size`);
      else bytes = await collect(body, opts.size);
      try {
        await send(
          new s3.PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentLength: bytes.byteLength,
            ContentType: opts.contentType,
          }),
        );
      } catch (err) {
        // S3 stores a PUT whole or not at all, but an answer lost on the way back may hide a stored object.
        await storage.delete([key]).catch(() => {});
        throw err;
      }
    },

    async get(key: string): Promise<StoredObject | null> {
      try {
        const res = await send(new s3.GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!res.Body) return null;
        return {
          body: res.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: res.ContentLength ?? 0,
        };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },

    async read(key: string) {
      try {
        const res = await send(new s3.GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return res.Body ? await res.Body.transformToByteArray() : null;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },

    async exists(key: string) {
      try {
        await send(new s3.HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },

    async delete(keys: string[]) {
      // One DeleteObject per key (at most 30 at a time here): DeleteObjects needs a checksum header that not
      // every S3-compatible store accepts.
      await Promise.all(
        keys.map((key) => client.send(new s3.DeleteObjectCommand({ Bucket, Key: checkKey(key) }))),
      );
    },

    async list(prefix: string) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const res = await send(new s3.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const o of res.Contents ?? []) if (o.Key) keys.push(o.Key);
        ContinuationToken = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },

    async ready() {
      try {
        await send(new s3.HeadBucketCommand({ Bucket }));
      } catch (err) {
        // HeadBucket answers with a status and no body: name it, or the message is "UnknownError".
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const why = status === 404 ? 'no such bucket' : status === 403 ? 'access denied' : String(err);
        throw new Error(`S3 bucket "${Bucket}" at ${config.endpoint ?? 'AWS'} cannot be used: ${why}.`, {
          cause: err,
        });
      }
    },

    async close() {
      client.destroy();
    },
  };
  return storage;
}
