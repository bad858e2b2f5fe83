// What migrations lock on a big database (docs/operations.md "Upgrading a big database"). Read from the files: every
// index a migration from 0021 on creates on a big table is guarded (skipped when a valid one exists) and listed with
// its CREATE INDEX CONCURRENTLY in the docs, and every index it drops is listed with its DROP INDEX CONCURRENTLY. On
// PostgreSQL: a database at 0020 gets the docs' statements, then the migrations since in one transaction as the
// server applies them: no index is built on a big table, and once a big table is locked against writes no later
// statement's plan scans a big table whole; then the server's own migrator applies them and the indexes are valid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder, openDatabase } from '../../server/db/client';
import { onAdmin, postgresTarget } from './helpers/postgres-target';
import {
  BIG_TABLES,
  RULES_SINCE,
  applyWatched,
  migrationStatements,
  migrationTags,
  preUpgradeStatements,
  withoutComments,
} from '../../bench/lib/migration-locks';

const tags = migrationTags();
const since = tags.slice(tags.indexOf(RULES_SINCE));
const docs = preUpgradeStatements().map((s) => s.replace(/\s+/g, ' '));
const big = new Set<string>(BIG_TABLES);

describe('indexes on big tables in the migrations since 0021', () => {
  it('are built only when no valid one exists, and the upgrade docs create each CONCURRENTLY first', () => {
    expect(since.length).toBeGreaterThanOrEqual(2);
    let checked = 0;
    for (const tag of since) {
      // A table the migration itself creates is empty while it builds its indexes.
      const created = new Set(
        migrationStatements(tag).flatMap((st) => [...st.matchAll(/CREATE TABLE "(\w+)"/g)].map((m) => m[1]!)),
      );
      for (const statement of migrationStatements(tag)) {
        const body = withoutComments(statement);
        for (const m of body.matchAll(
          /CREATE (UNIQUE )?INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?"?(\w+)"? ON "?(\w+)"?/g,
        )) {
          const [, unique = '', name, table] = m;
          if (!big.has(table!) || created.has(table!)) continue;
          checked++;
          // Guarded: a valid index of that name skips the statement, and with it the table's lock.
          expect(body, `${tag}: ${name}`).toMatch(
            new RegExp(`to_regclass\\('${name}'\\) AND indisvalid[\\s\\S]*CREATE ${unique}INDEX "${name}"`),
          );
          expect(docs, `${tag}: ${name} in docs/operations.md`).toContainEqual(
            expect.stringMatching(
              new RegExp(`^CREATE ${unique}INDEX CONCURRENTLY IF NOT EXISTS ${name} ON ${table} `),
            ),
          );
        }
        for (const m of body.matchAll(/^DROP INDEX (?:IF EXISTS )?"?(\w+)"?;?$/gm))
          expect(docs, `${tag}: drop ${m[1]}`).toContain(`DROP INDEX CONCURRENTLY IF EXISTS ${m[1]}`);
      }
    }
    // 0021's five indexes are there to check: the rule is not vacuous.
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});

// The lock check needs PostgreSQL's lock table and plans: CI's PostgreSQL pass runs it.
describe.skipIf(!process.env.DATABASE_URL)(
  'an upgrade from 0020 after the docs statements (PostgreSQL only: skipped without DATABASE_URL)',
  () => {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const folder = mkdtempSync(join(tmpdir(), 'cabinet-migrations-'));
    let client: pg.Client;

    beforeAll(async () => {
      // The migrations folder as release 0020 had it.
      cpSync(migrationsFolder, folder, { recursive: true });
      const journalFile = join(folder, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const kept = tags.indexOf(RULES_SINCE);
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, kept) }));
      await onAdmin(`create database ${name}`);
      const target = postgresTarget(name);
      const old = await openDatabase({
        ...target,
        url: target.directUrl,
        pooler: undefined,
        migrationsFolder: folder,
      });
      await old.close();
      client = new pg.Client({ connectionString: target.directUrl });
      await client.connect();
      // A few rows for the backfills to carry.
      await client.query(`
        insert into users (id, email, password_hash, created_at)
          select i, 'lock-' || i || '@example.com', 'x', now() - i * interval '1 day' from generate_series(1, 20) i;
        insert into orders (user_id, work_type, topic, deadline, price, created_at, updated_at)
          select 1 + i % 20, 'Реферат', 'Тема ' || i, now(), 100 * i, now() - i * interval '1 hour',
            now() - i * interval '1 hour'
          from generate_series(1, 60) i;
        insert into payments (user_id, purpose, method, amount, status, provider_payment_id, order_id, created_at,
            completed_at)
          select user_id, 'order', 'card', price, 'paid', 'lock-' || id, id, created_at, created_at + interval '1 minute'
          from orders where id % 2 = 0;
        select setval(pg_get_serial_sequence('users', 'id'), 20);
        analyze;`);
      for (const statement of preUpgradeStatements()) await client.query(statement);
    }, 120_000);

    afterAll(async () => {
      await client?.end();
      await onAdmin(`drop database if exists ${name} with (force)`);
      rmSync(folder, { recursive: true, force: true });
    });

    it('builds no index on a big table, and scans none whole once one is locked against writes', async () => {
      const runs = await applyWatched(client, since, { commit: false });
      const locks = runs.flatMap((r) => r.locked.map((l) => `${r.tag}: ${l.table} ${l.mode}`));
      // Index builds (SHARE) and index drops (ACCESS EXCLUSIVE) were done CONCURRENTLY beforehand.
      expect(locks.filter((l) => / (ShareLock|AccessExclusiveLock)$/.test(l))).toEqual([]);
      // What still locks against writes: 0022's triggers and its key to users, in its last statements.
      expect(locks.sort()).toEqual([
        '0022_funnel_firsts: orders ShareRowExclusiveLock',
        '0022_funnel_firsts: payments ShareRowExclusiveLock',
        '0022_funnel_firsts: users ShareRowExclusiveLock',
      ]);
      const underLock = runs.filter((r) => r.heldBefore.length > 0);
      expect(underLock.length).toBeGreaterThan(0);
      for (const r of underLock) {
        expect(r.seqScans, `${r.tag}: ${r.head}`).toEqual([]);
        // A foreign key added under the lock checks no rows (NOT VALID): no scan of its table either.
        if (/FOREIGN KEY/.test(r.body)) expect(r.body).toMatch(/NOT VALID;?$/);
      }
    }, 60_000);

    it('then the server applies them, and every index is valid', async () => {
      const target = postgresTarget(name);
      const database = await openDatabase({ ...target, url: target.directUrl, pooler: undefined });
      expect(database.migrationsApplied).toEqual(since);
      await database.close();
      const invalid = await client.query(
        `select indexrelid::regclass::text as name from pg_index where not indisvalid`,
      );
      expect(invalid.rows).toEqual([]);
      const firsts = await client.query<{ n: string }>(
        `select count(*) as n from customer_firsts where first_order_id is not null and first_payment_id is not null`,
      );
      expect(Number(firsts.rows[0]!.n)).toBeGreaterThan(0);
    }, 60_000);
  },
);
