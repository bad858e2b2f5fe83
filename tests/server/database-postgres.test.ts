import { describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';

// Runs in CI's PostgreSQL pass (.ci/run sets DATABASE_URL); PGlite has no connections to lose. The pool's own
// connections to PostgreSQL: past PgBouncer, when DATABASE_URL names one (DATABASE_DIRECT_URL).
const direct = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;

describe.skipIf(!direct)('PostgreSQL connections', () => {
  it('survives the server dropping its idle connections, and answers the next query', async () => {
    const admin = new pg.Client({ connectionString: direct });
    await admin.connect();
    const name = `test_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(direct!);
    url.pathname = `/${name}`;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const database = await openDatabase({ url: url.toString() });
    try {
      const live = database.prepared('one', 'select $1::text');
      expect(await live(['before'])).toEqual([['before']]);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('PostgreSQL closed')));
      expect(await live(['after'])).toEqual([['after']]);
    } finally {
      warn.mockRestore();
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('gives back the connection of a transaction whose BEGIN failed, and closes', async () => {
    const database = await openDatabase({ url: direct! });
    let closed = false;
    try {
      // BEGIN fails here on its words; during a restart it fails the same way on a connection that died idle.
      const config = { isolationLevel: 'no such level' } as unknown as { isolationLevel: 'serializable' };
      await expect(database.db.transaction(async () => {}, config)).rejects.toThrow();
      expect(database.poolStats!()).toMatchObject({ total: 1, idle: 1 });
      await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).resolves.toBeTruthy();
      await Promise.race([
        database.close().then(() => (closed = true)),
        new Promise((r) => setTimeout(r, 5_000)),
      ]);
      expect(closed, 'close() did not wait on a connection lent out for good').toBe(true);
    } finally {
      if (!closed) await Promise.race([database.close(), new Promise((r) => setTimeout(r, 1_000))]);
    }
  });
});
