// A full disk under PGlite (issue 34, docs/faults.md): DATA_DIR on a small tmpfs of its own, filled to the last byte
// while the server runs. A write gets 503 with Retry-After and a clear log line, reads go on, nothing is damaged, and
// the same write is taken once space is freed — then the database opens again with exactly what was acknowledged.
// Mounting needs root: without it the test is skipped, saying so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { testConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { createLogger } from '../../server/ops/logger';
import type { Harness } from './harness';
import { createCustomer, insertOrder, type Customer } from './helpers/orders';

/** A fresh PGlite database takes about 41 MB: 64 MB leaves room for the test's writes, and is quick to fill. */
const SIZE = '64m';

function mountSmallDisk(): string | null {
  if (process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'pglite-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE}`, 'tmpfs', dir], { stdio: 'pipe' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

const disk = mountSmallDisk();
if (!disk)
  console.warn(
    'faults-pglite-disk: skipped, cannot mount a small tmpfs here (it needs root and a kernel that allows it)',
  );

/** Writes a file until the disk refuses (ENOSPC): nothing is left for PGlite. */
function fillDisk(file: string) {
  const fd = openSync(file, 'w');
  try {
    for (const size of [1 << 20, 4096, 1])
      try {
        for (;;) writeSync(fd, Buffer.alloc(size));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(!disk)('PGlite on a full disk', () => {
  const dataDir = disk!;
  const filler = join(dataDir, 'filler');
  const logged: { msg: string; err?: { message?: string } }[] = [];
  let server: RunningServer;
  let customer: Customer;
  let orderId: number;

  beforeAll(async () => {
    const log = createLogger('warn', {
      write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]),
    });
    server = await startServer(testConfig({ dataDir }), { log });
    const h = { deps: server.deps } as Harness;
    customer = await createCustomer(h);
    orderId = (await insertOrder(h, customer.id)).id;
  }, 120_000);

  afterAll(async () => {
    rmSync(filler, { force: true });
    await server?.close();
    execFileSync('umount', ['-l', dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const TEXT = 'Написано, когда диск был полон';
  let taken = '';

  it('answers a write 503 while the disk is full, reads meanwhile, and takes the same write once space is freed', async () => {
    expect(
      (
        await call('POST', `/api/client/orders/${orderId}/messages/`, {
          text: 'До заполнения',
          client_id: crypto.randomUUID(),
        })
      ).status,
    ).toBe(201);
    fillDisk(filler);
    // Writes until one needs a new page (those that fit in a page the table has still go through): 503.
    let refused: { res: Response; body: { text: string; client_id: string } } | undefined;
    try {
      for (let i = 0; i < 200 && !refused; i++) {
        const body = { text: `${TEXT} ${i}`.padEnd(1500, '.'), client_id: crypto.randomUUID() };
        const res = await call('POST', `/api/client/orders/${orderId}/messages/`, body);
        if (res.status === 503) refused = { res, body };
        else expect(res.status).toBe(201);
        if (refused) console.info(`pglite full disk: ${i} writes fitted in pages the table had, then 503`);
      }
      expect(refused?.res.headers.get('retry-after')).toBe('5');
      const diskLine = logged.find((l) => l.msg === 'database unavailable');
      expect(diskLine?.err?.message).toContain('No space left on device');
      expect((await call('GET', `/api/client/orders/${orderId}/`)).status).toBe(200);
    } finally {
      rmSync(filler, { force: true }); // PGlite's checkpoint at close must not meet a full disk
    }

    // Space freed: the refused message, sent again with its client_id, is taken, once.
    expect((await call('POST', `/api/client/orders/${orderId}/messages/`, refused!.body)).status).toBe(201);
    expect((await call('POST', `/api/client/orders/${orderId}/messages/`, refused!.body)).status).toBe(200);
    const list = (await (await call('GET', `/api/client/orders/${orderId}/messages/?limit=200`)).json()) as {
      results: { text: string }[];
    };
    expect(list.results.filter((m) => m.text === refused!.body.text)).toHaveLength(1);
    expect(list.results.some((m) => m.text === 'До заполнения')).toBe(true);
    taken = refused!.body.text;
  }, 180_000);

  it('leaves a database that opens again with every acknowledged message', async () => {
    const texts = async (db: RunningServer['deps']['db']) =>
      (
        (await db.execute(
          sql`select text from chat_messages where order_id = ${orderId} order by id`,
        )) as unknown as { rows: { text: string }[] }
      ).rows.map((r) => r.text);
    const before = await texts(server.deps.db);
    await server.close();
    const again = await openDatabase({ dataDir: join(dataDir, 'db') });
    try {
      expect(await texts(again.db)).toEqual(before);
      expect(before.filter((t) => t === taken)).toHaveLength(1);
    } finally {
      await again.close();
    }
  }, 120_000);
});
