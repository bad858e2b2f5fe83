import { describe, expect, it } from 'vitest';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import webpush from 'web-push';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'config-test-')), JWT_SECRET: 'x'.repeat(40) });

describe('configuration', () => {
  it('gives every test config one Web Push key pair, made once: a P-256 pair that web-push accepts', () => {
    const first = testConfig().push;
    const again = testConfig({ port: 1 }).push;
    expect(again.publicKey).toBe(first.publicKey);
    expect(again.privateKey).toBe(first.privateKey);
    const pub = Buffer.from(first.publicKey, 'base64url');
    expect([pub.length, pub[0]]).toEqual([65, 0x04]); // an uncompressed P-256 point
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(() => webpush.setVapidDetails(first.subject, first.publicKey, first.privateKey)).not.toThrow();
  });

  it("keeps PGlite's page cache at 16MB unless told otherwise, and refuses a size it cannot read", () => {
    expect(loadConfig(base()).pgliteSharedBuffers).toBe('16MB');
    expect(loadConfig({ ...base(), PGLITE_SHARED_BUFFERS: '512kB' }).pgliteSharedBuffers).toBe('512kB');
    expect(() => loadConfig({ ...base(), PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(
      'PGLITE_SHARED_BUFFERS must be a size such as 32MB or 512kB, not "lots".',
    );
  });

  it('believes X-Forwarded-For only behind as many proxies as TRUST_PROXY says (none by default)', () => {
    expect(loadConfig(base()).trustProxy).toBe(0);
    expect(loadConfig({ ...base(), TRUST_PROXY: '' }).trustProxy).toBe(0);
    expect(loadConfig({ ...base(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    for (const bad of ['true', '-1', 'yes', '1.5'])
      expect(() => loadConfig({ ...base(), TRUST_PROXY: bad })).toThrow(
        `TRUST_PROXY must be the number of proxies in front of the server (0, 1, 2 …), not "${bad}".`,
      );
  });

  it('sheds load by default with the documented limits, turns it off with SHED_LOAD=0, and refuses what it cannot read', () => {
    expect(loadConfig(base()).shedding).toEqual({
      enabled: true,
      maxAnonymous: 5,
      maxInFlight: 100,
      reserve: 50,
      maxLagMs: 500,
    });
    expect(loadConfig({ ...base(), SHED_LOAD: '0' }).shedding.enabled).toBe(false);
    expect(
      loadConfig({
        ...base(),
        SHED_MAX_ANONYMOUS: '3',
        SHED_MAX_IN_FLIGHT: '20',
        SHED_RESERVE: '5',
        SHED_MAX_LAG_MS: '250',
      }).shedding,
    ).toEqual({ enabled: true, maxAnonymous: 3, maxInFlight: 20, reserve: 5, maxLagMs: 250 });
    expect(() => loadConfig({ ...base(), SHED_LOAD: 'off' })).toThrow('SHED_LOAD must be 1 or 0, not "off".');
    expect(() => loadConfig({ ...base(), SHED_MAX_LAG_MS: '0.5' })).toThrow(
      'SHED_MAX_LAG_MS must be a whole number, not "0.5".',
    );
  });

  it('goes through PgBouncer only when DATABASE_POOLER says so, with a direct URL for LISTEN and the migrations', () => {
    const pool = 'postgres://cabinet@pgbouncer:6432/cabinet';
    const direct = 'postgres://cabinet@db:5432/cabinet';
    const plain = loadConfig({ ...base(), DATABASE_URL: direct });
    expect([plain.databaseDirectUrl, plain.databasePooler]).toEqual([undefined, undefined]);
    const pooled = loadConfig({
      ...base(),
      DATABASE_URL: pool,
      DATABASE_DIRECT_URL: direct,
      DATABASE_POOLER: 'pgbouncer',
    });
    expect([pooled.databaseUrl, pooled.databaseDirectUrl]).toEqual([pool, direct]);
    expect(pooled.databasePooler).toEqual({ kind: 'pgbouncer', preparedStatements: false });
    expect(
      loadConfig({
        ...base(),
        DATABASE_URL: pool,
        DATABASE_DIRECT_URL: direct,
        DATABASE_POOLER: 'pgbouncer',
        DATABASE_POOLER_PREPARED: '1',
      }).databasePooler,
    ).toEqual({ kind: 'pgbouncer', preparedStatements: true });
    expect(() => loadConfig({ ...base(), DATABASE_URL: pool, DATABASE_POOLER: 'pgbouncer' })).toThrow(
      /DATABASE_POOLER=pgbouncer needs DATABASE_URL \(through PgBouncer\) and DATABASE_DIRECT_URL/,
    );
    expect(() => loadConfig({ ...base(), DATABASE_URL: pool, DATABASE_POOLER: 'odyssey' })).toThrow(
      'DATABASE_POOLER must be pgbouncer or none, not "odyssey".',
    );
    expect(() => loadConfig({ ...base(), DATABASE_URL: direct, DATABASE_POOLER_PREPARED: '1' })).toThrow(
      'DATABASE_POOLER_PREPARED is set without DATABASE_POOLER.',
    );
  });

  it('keeps files under DATA_DIR unless an S3 bucket is named, and refuses an S3 setting it cannot use', () => {
    expect(loadConfig(base()).storage).toEqual({ driver: 'fs' });
    const s3 = { S3_BUCKET: 'cabinet', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ ...base(), ...s3 }).storage).toEqual({
      driver: 's3',
      bucket: 'cabinet',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        ...base(),
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'cabinet',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        AWS_REGION: 'ru-central1',
        S3_FORCE_PATH_STYLE: '1',
      }).storage,
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'ru-central1', forcePathStyle: true });
    expect(loadConfig({ ...base(), ...s3, S3_REGION: 'eu-north-1', AWS_REGION: 'x' }).storage).toMatchObject({
      region: 'eu-north-1',
    });
    expect(loadConfig({ ...base(), ...s3, STORAGE_DRIVER: 'fs' }).storage).toEqual({ driver: 'fs' });
    expect(() => loadConfig({ ...base(), STORAGE_DRIVER: 's3' })).toThrow(
      'STORAGE_DRIVER=s3 needs S3_BUCKET.',
    );
    expect(() => loadConfig({ ...base(), STORAGE_DRIVER: 'gcs' })).toThrow(
      'STORAGE_DRIVER must be fs or s3, not "gcs".',
    );
    expect(() => loadConfig({ ...base(), S3_BUCKET: 'cabinet', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(() => loadConfig({ ...base(), ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'S3_FORCE_PATH_STYLE must be 1 or 0, not "yes".',
    );
  });

  it('creates a database in an empty directory, opens it with the cache size asked for, and reopens it', async () => {
    const dir = join(base().DATA_DIR, 'db');
    const first = await openDatabase({ dataDir: dir, sharedBuffers: '8MB' });
    const shown = (await first.db.execute('show shared_buffers')) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(shown.rows[0]?.shared_buffers).toBe('8MB');
    await first.close();
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    const again = await openDatabase({ dataDir: dir });
    expect(await again.prepared('one', 'select $1::text')(['ok'])).toEqual([['ok']]);
    await again.close();
  }, 30_000);
});
