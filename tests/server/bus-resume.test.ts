// The LISTEN connection opened again after a loss (server/db/bus.ts): its subscribers are told that it resumed
// before any payload it hears reaches them. A socket that got a newer message before being told to read again would
// read only after that message and never see what was published while the connection was gone (docs/faults.md).
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { openBus } from '../../server/db/bus';

// LISTEN goes straight to PostgreSQL (DATABASE_DIRECT_URL when DATABASE_URL names PgBouncer).
const url = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
const quiet = { warn: () => {}, info: () => {} } as unknown as Parameters<typeof openBus>[2];

/** Blocks this process's event loop for `ms` (a loaded machine: the socket's bytes pile up meanwhile). */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe.skipIf(!url)('the realtime bus after a lost connection', () => {
  it('tells its subscribers that it resumed before delivering anything the new connection hears', async () => {
    const channel = `bus_resume_${process.pid}`;
    const bus = openBus(url!, { connectMs: 1_500 }, quiet);
    const seen: string[] = [];
    await bus.listen(
      channel,
      () => seen.push('payload'),
      () => seen.push('resumed'),
    );
    // Another process publishes on the channel every few ms, as busy writers do right after a restart.
    const publisher = spawn(
      process.execPath,
      [
        '-e',
        `const pg = require('pg'); const c = new pg.Client({ connectionString: process.argv[1] });
         c.connect().then(async () => { for (;;) { await c.query("select pg_notify($1, 'x')", [process.argv[2]]);
         await new Promise((r) => setTimeout(r, 2)); } });`,
        url!,
        channel,
      ],
      { stdio: 'ignore', cwd: process.cwd() },
    );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await expect.poll(() => seen.length, { timeout: 5_000 }).toBeGreaterThan(0);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where query = $1', [
        `listen "${channel}"`,
      ]);
      await expect.poll(() => bus.connected(), { timeout: 5_000 }).toBe(false);
      seen.length = 0;
      // A loaded machine: right after the new connection sends its LISTEN, this process stalls, so the LISTEN's
      // answer and the payloads published right after it arrive in one read.
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const result = (query as (...a: unknown[]) => unknown).apply(this, args);
        if (String(args[0]).startsWith('listen')) busy(100);
        return result;
      } as typeof query;
      try {
        await expect.poll(() => seen.includes('resumed'), { timeout: 10_000, interval: 20 }).toBe(true);
      } finally {
        pg.Client.prototype.query = query;
      }
      await expect.poll(() => seen.filter((s) => s === 'payload').length).toBeGreaterThan(0);
      expect(seen[0], 'the first thing subscribers hear after the loss').toBe('resumed');
    } finally {
      publisher.kill();
      await admin.end();
      await bus.close();
    }
  }, 30_000);
});
