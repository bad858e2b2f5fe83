import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type Storage } from '../../server/storage/storage';
import { startLocalS3, type LocalS3 } from './helpers/s3-server';

const text = (s: string) => new TextEncoder().encode(s);
const streamOf = (...chunks: Uint8Array<ArrayBuffer>[]) => new Blob(chunks).stream();
/** Gives `good` chunks of 64 KB, then breaks off, as a client that hangs up half way. */
const breakingStream = (good: number) => {
  let n = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (n++ < good) c.enqueue(new Uint8Array(65536).fill(n));
      else c.error(new Error('the client went away'));
    },
  });
};

describe.each(['fs', 's3'] as const)('storage: the %s driver', (driver) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cabinet-storage-'));
  let s3: LocalS3 | undefined;
  let storage: Storage;
  beforeAll(async () => {
    if (driver === 's3') s3 = await startLocalS3();
    storage = await createStorage({ dataDir, storage: s3?.storage ?? { driver: 'fs' } });
    await storage.ready();
  });
  afterAll(async () => {
    await storage?.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps bytes and streams under their keys, gives them back, lists and deletes them', async () => {
    expect(storage.driver).toBe(driver);
    const big = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    await storage.put('files/small', text('Привет'), { contentType: 'text/plain; charset=utf-8' });
    await storage.put('files/big', streamOf(big.subarray(0, 1 << 20), big.subarray(1 << 20)), {
      size: big.length,
    });
    await storage.put('avatars/x-64.webp', text('webp'));

    expect((await storage.list('files/')).sort()).toEqual(['files/big', 'files/small']);
    expect(await storage.list('avatars/')).toEqual(['avatars/x-64.webp']);
    expect(new TextDecoder().decode((await storage.read('files/small'))!)).toBe('Привет');
    const object = await storage.get('files/big');
    expect(object?.size).toBe(big.length);
    expect(Buffer.from(await new Response(object!.body).arrayBuffer()).equals(Buffer.from(big))).toBe(true);
    expect(await storage.exists('files/small')).toBe(true);

    expect(await storage.get('files/none')).toBeNull();
    expect(await storage.read('files/none')).toBeNull();
    expect(await storage.exists('files/none')).toBe(false);

    await storage.delete(['files/small', 'files/none']);
    expect(await storage.exists('files/small')).toBe(false);
    expect(await storage.list('files/')).toEqual(['files/big']);
    await storage.delete(['files/big', 'avatars/x-64.webp']);
    expect(await storage.list('')).toEqual([]);
  });

  it('stores nothing when a stream breaks off half way or is not the size it was said to be', async () => {
    await expect(storage.put('files/broken', breakingStream(5), { size: 10 * 65536 })).rejects.toThrow(
      'the client went away',
    );
    await expect(storage.put('files/short', streamOf(text('12345')), { size: 6 })).rejects.toThrow();
    await expect(storage.put('files/long', streamOf(text('1234567')), { size: 6 })).rejects.toThrow();
    await expect(storage.put('files/unsized', streamOf(text('1')))).rejects.toThrow('needs its size');
    expect(await storage.list('files/')).toEqual([]);
    // No temporary file is left beside the objects either.
    if (driver === 'fs') expect(readdirSync(join(dataDir, 'files'))).toEqual([]);
  });

  it('refuses keys that could leave its folder or bucket prefix', async () => {
    writeFileSync(join(dataDir, 'jwt-secret'), 'secret');
    for (const key of ['../jwt-secret', 'files/../../jwt-secret', '/etc/passwd', '.hidden', 'files//x', ''])
      await expect(storage.read(key), key).rejects.toThrow('Bad storage key');
  });
});

describe('storage: readiness', () => {
  it('fails when the folder cannot be written or the bucket is not there', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cabinet-storage-')), 'not-a-folder');
    writeFileSync(file, '');
    await expect(
      (await createStorage({ dataDir: file, storage: { driver: 'fs' } })).ready(),
    ).rejects.toThrow();

    const s3 = await startLocalS3('cabinet-real');
    const wrong = await createStorage({
      dataDir: file,
      storage: { ...s3.storage, bucket: 'cabinet-missing' },
    });
    try {
      await expect(wrong.ready()).rejects.toThrow(
        `S3 bucket "cabinet-missing" at ${s3.storage.endpoint} cannot be used: no such bucket.`,
      );
    } finally {
      await wrong.close();
      await s3.close();
    }
  });
});
