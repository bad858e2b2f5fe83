// Two instances starting at once on the same fresh PostgreSQL database: both open it, and the schema is applied once.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, openDatabase } from '../../server/db/client';
import { DEMO_EMAIL, seedDemo } from '../../server/db/seed';
import { users } from '../../server/db/tables';
import { useHarness } from './harness';
import { onAdmin, postgresTarget } from './helpers/postgres-target';

// PGlite is one embedded database in one process: nothing can race its migrations. CI's PostgreSQL pass runs this.
describe.skipIf(!process.env.DATABASE_URL)(
  'migrations with two instances starting at once (PostgreSQL only: skipped without DATABASE_URL)',
  () => {
    it('lets both open the database and applies every migration exactly once', async () => {
      // Through PgBouncer too (DATABASE_POOLER): the migrations' lock is then taken on DATABASE_DIRECT_URL.
      const name = `test_${randomBytes(6).toString('hex')}`;
      await onAdmin(`create database ${name}`);
      const target = postgresTarget(name);
      const opened = await Promise.allSettled([openDatabase(target), openDatabase(target)]);
      try {
        expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : o.status))).toEqual([
          'fulfilled',
          'fulfilled',
        ]);
        const check = new pg.Client({ connectionString: target.directUrl });
        await check.connect();
        const applied = await check.query<{ hash: string }>(
          'select hash from drizzle.__drizzle_migrations order by created_at',
        );
        const users = await check.query<{ n: string }>('select count(*) as n from users');
        await check.end();
        expect(applied.rows.map((r) => r.hash)).toEqual(
          readMigrationFiles({ migrationsFolder }).map((m) => m.hash),
        );
        expect(users.rows[0]?.n).toBe('0');
      } finally {
        for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
        await onAdmin(`drop database if exists ${name} with (force)`);
      }
    }, 60_000);
  },
);

describe('the demo customer with two instances starting at once', () => {
  const h = useHarness();

  it('is seeded once; the instance that lost the race starts all the same', async () => {
    // Both instances saw an empty database, so both seed: one wins the unique e-mail, the other must not crash.
    const results = await Promise.allSettled([seedDemo(h.deps), seedDemo(h.deps)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const rows = await h.deps.db.select({ email: users.email }).from(users);
    expect(rows).toEqual([{ email: DEMO_EMAIL }]);
  }, 60_000);
});
