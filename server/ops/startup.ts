// What the server's first log lines say (server/main.ts): where it listens, which database and file store it uses.
// A DATABASE_URL's password and an S3 key never appear.
import { join } from 'node:path';
import type { Config } from '../config';

/** "pglite in /srv/data/db" or "postgres at db.example:5432/cabinet". */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `pglite in ${join(config.dataDir, 'db')}`;
  try {
    const url = new URL(config.databaseUrl);
    return `postgres at ${url.host || 'localhost'}${url.pathname}`;
  } catch {
    return 'postgres (DATABASE_URL)';
  }
}

/** "files in /srv/data" or "files in s3://bucket at https://storage.yandexcloud.net". */
export function describeStorage(config: Pick<Config, 'storage' | 'dataDir'>): string {
  const s = config.storage;
  if (s.driver === 'fs') return `files in ${config.dataDir}`;
  return `files in s3://${s.bucket}${s.endpoint ? ` at ${s.endpoint}` : ` (AWS, ${s.region})`}`;
}
