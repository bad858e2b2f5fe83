// The file store goes away and comes back (issue 34, docs/faults.md): an S3 server (s3rver) stopped while uploads
// are under way. Uploads answer 503 with Retry-After and leave no object without a row and no row without its
// object; downloads and the zip answer 503; /readyz says storage; once the store is back, everything works again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './helpers/test-database';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import S3rver from 's3rver';
import { testConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import type { Database } from '../../server/db/client';
import { orderFiles } from '../../server/db/tables';
import type { StorageConfig } from '../../server/storage/storage';
import type { Harness } from './harness';
import { createCustomer, filesForm, insertOrder, type Customer } from './helpers/orders';
import { freePort } from './helpers/pg-cluster';

const BUCKET = 'cabinet-faults';

describe('the file store goes away and comes back', () => {
  let s3dir: string;
  let port: number;
  let s3: S3rver | undefined;
  let database: Database;
  let server: RunningServer;
  let dataDir: string;
  let customer: Customer;
  let orderId: number;

  const startS3 = async () => {
    s3 = new S3rver({
      address: '127.0.0.1',
      port,
      directory: s3dir,
      silent: true,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await s3.run();
  };
  const stopS3 = async () => {
    const stopping = s3!.close();
    (s3 as unknown as { httpServer: Server }).httpServer.closeAllConnections();
    await stopping;
    s3 = undefined;
  };

  beforeAll(async () => {
    s3dir = mkdtempSync(join(tmpdir(), 'cabinet-faults-s3-'));
    dataDir = mkdtempSync(join(tmpdir(), 'cabinet-faults-'));
    port = await freePort();
    await startS3();
    const storage: StorageConfig = {
      driver: 's3',
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    database = await openPglite();
    server = await startServer(testConfig({ dataDir, storage }), { database });
    const h = { deps: server.deps } as Harness;
    customer = await createCustomer(h);
    orderId = (await insertOrder(h, customer.id)).id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
    if (s3) await stopS3();
    rmSync(s3dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  const call = async (path: string, init: RequestInit = {}) => {
    const started = performance.now();
    const res = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${customer.token}` },
      signal: AbortSignal.timeout(15_000),
    });
    const body = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      ms: performance.now() - started,
      body,
    };
  };
  const files = () => `/api/client/orders/${orderId}/files/`;
  const uploadOne = (i: number) =>
    call(files(), {
      method: 'POST',
      body: filesForm([{ name: `Глава ${i}.docx`, size: 512 * 1024 }]),
    });

  /** Objects in the bucket and rows that point at objects: they must name the same files. */
  const storedVsRows = async () => {
    const keys = (await server.deps.storage.list('files/')).sort();
    const rows = (await server.deps.db.select({ name: orderFiles.storageName }).from(orderFiles))
      .map((r) => `files/${r.name}`)
      .sort();
    return { keys, rows };
  };

  it('answers 503 while S3 is down, leaves nothing half-stored, and recovers when it is back', async () => {
    const first = await uploadOne(0);
    expect(first.status).toBe(201);
    const [stored] = (JSON.parse(first.body.toString()) as { results: { id: number; url: string }[] })
      .results;

    // The store stops while six uploads are on their way.
    const uploads = Promise.all([1, 2, 3, 4, 5, 6].map(uploadOne));
    await new Promise((r) => setTimeout(r, 20));
    await stopS3();
    const during = await uploads;
    const later = await uploadOne(7);
    const download = await call(stored!.url);
    const zip = await call(`${files()}download-zip/`, { method: 'POST' });
    const ready = await fetch(`${server.url}/readyz`);
    const readyBody = (await ready.json()) as { checks: Record<string, string> };

    const failed = [...during, later, download, zip].filter((a) => a.status !== 201);
    console.info(
      `S3 stopped: ${during.filter((a) => a.status === 201).length} of 6 uploads under way were stored, ` +
        `${failed.length} answers were 503 (slowest ${Math.round(Math.max(...failed.map((a) => a.ms)))} ms); ` +
        `/readyz ${ready.status} ${JSON.stringify(readyBody.checks)}`,
    );
    for (const a of failed) {
      expect(a.status).toBe(503);
      expect(a.retryAfter).toBe('5');
      expect(a.ms).toBeLessThan(5_000);
    }
    expect(later.status).toBe(503);
    expect(download.status).toBe(503);
    expect(zip.status).toBe(503);
    expect(ready.status).toBe(503);
    expect(readyBody.checks.storage).toBe('failed');

    // Back: the first answer that works, and then everything does.
    await startS3();
    const back = performance.now();
    let recovered: number | undefined;
    while (performance.now() - back < 10_000) {
      if ((await call(stored!.url)).status === 200) {
        recovered = performance.now() - back;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    console.info(`S3 back: downloads answer again ${Math.round(recovered ?? -1)} ms after it restarted`);
    expect(recovered).toBeLessThan(5_000);
    expect((await uploadOne(8)).status).toBe(201);
    expect((await call(`${files()}download-zip/`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    // No object without its row, no row without its object: an upload cut as the store stopped may have left its
    // object there, and the request could not remove it then; the job it queued removes it now that the store is
    // back (its first try may have come while the store was still down: the retry follows ~10 s later).
    let compared = await storedVsRows();
    for (const until = performance.now() + 25_000; performance.now() < until;) {
      if (JSON.stringify(compared.rows) === JSON.stringify(compared.keys)) break;
      await new Promise((r) => setTimeout(r, 200));
      compared = await storedVsRows();
    }
    expect(compared.rows).toEqual(compared.keys);
  }, 60_000);
});
