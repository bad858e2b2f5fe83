import type { Config } from '../config';
import { createFsStorage } from './fs';
import { createS3Storage } from './s3';

/**
 * Where uploaded bytes live: order files, draft files, chat attachments (`files/<storage name>`) and avatars
 * (`avatars/<name>-<px>.webp`). Two drivers: `fs` under DATA_DIR (one machine) and `s3` (any S3-compatible store,
 * shared by every instance behind a load balancer). Keys are the same in both, so `DATA_DIR/files/x` is `files/x`
 * in the bucket and moving from one to the other is a copy.
 *
 * A put stores the whole object or nothing: a failed put leaves no object under its key.
 */
export interface Storage {
  readonly driver: 'fs' | 's3';
  /** A stream needs its `size` (S3 wants the length before the body). */
  put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, opts?: PutOptions): Promise<void>;
  /** The object as a stream (nothing buffered), or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The whole object in memory (small ones: avatars), or null. */
  read(key: string): Promise<Uint8Array | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the objects; a key that is not there is not an error. */
  delete(keys: string[]): Promise<void>;
  /** Every key that starts with `prefix`, in no particular order (tests, orphan sweeps). */
  list(prefix: string): Promise<string[]>;
  /** Throws when the store cannot be used (folder not writable, bucket unreachable or refused). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface PutOptions {
  contentType?: string;
  size?: number;
}

export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  size: number;
}

export type StorageConfig =
  | { driver: 'fs' }
  | {
      driver: 's3';
      bucket: string;
      /** Unset for AWS itself; e.g. https://storage.yandexcloud.net or http://minio:9000. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID…, a profile, an instance role). */
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      /** bucket in the path (http://host/bucket/key) instead of the host name: MinIO and most self-hosted stores. */
      forcePathStyle: boolean;
    };

/**
 * The store cannot be used now (unreachable, timing out, answering 5xx; a disk that is full or failing): the
 * request answers 503 with Retry-After (server/app.ts) and may be tried again; nothing half-stored stays behind.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** Segments of letters, digits, `_`, `-` and `.`, none starting with a dot: no `..`, no absolute path. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function checkKey(key: string): string {
  if (key.length > 512 || !KEY.test(key)) throw new Error(`Bad storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The driver the config names (the S3 client is loaded only when it is the one). */
export async function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Promise<Storage> {
  return config.storage.driver === 's3' ? createS3Storage(config.storage) : createFsStorage(config.dataDir);
}
