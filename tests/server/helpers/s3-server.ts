import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../../../server/storage/storage';

export interface LocalS3 {
  storage: Extract<StorageConfig, { driver: 's3' }>;
  close(): Promise<void>;
}

/**
 * An S3-protocol server (s3rver) on a random loopback port, keeping its objects in a temporary folder: the `s3`
 * driver talks HTTP to it as to a real bucket. s3rver knows one key pair, S3RVER/S3RVER; it checks the key id but
 * does not verify version-4 signatures, so a wrong secret is not caught here.
 */
export async function startLocalS3(bucket = 'cabinet-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'cabinet-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    storage: {
      driver: 's3',
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
