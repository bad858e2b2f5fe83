// docs/operations.md "Upgrading": a data folder of the oldest release still supported — the first full one,
// schema 0007_orders_tab, filled by that release's own demo seed (fixtures/release-0007) — opened by today's
// server: the migrations since apply, and every order, message, payment, balance and file is there and
// readable through the API. On PGlite (DATA_DIR) and on PostgreSQL (DATABASE_URL). A migration that fails
// leaves the database as it was.
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MigrationError, migrationsFolder, openDatabase, type Database } from '../../server/db/client';
import { testConfig } from '../../server/config';
import { startServer } from '../../server/server';
import { readCustomerState, signIn, api } from './helpers/customer-state';

const OLDEST = '0007_orders_tab';
const FIXTURE = join(import.meta.dirname, 'fixtures/release-0007');
const root = mkdtempSync(join(tmpdir(), 'cabinet-upgrade-'));
afterAll(() => rm(root, { recursive: true, force: true }));

interface Journal {
  entries: { idx: number; tag: string; when: number; version: string; breakpoints: boolean }[];
}
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;

/** The migrations folder as a release had it: the journal up to `last`, plus `extra` migrations after it. */
function migrationsUpTo(last: string, extra: { tag: string; sql: string }[] = []): string {
  const dir = mkdtempSync(join(root, 'migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const upTo = journal.entries.findIndex((e) => e.tag === last);
  expect(upTo).toBeGreaterThanOrEqual(0);
  const kept = journal.entries.slice(0, upTo + 1);
  let when = kept.at(-1)!.when;
  for (const e of extra) {
    writeFileSync(join(dir, `${e.tag}.sql`), e.sql);
    kept.push({
      ...(kept.at(-1) as object),
      idx: kept.length,
      tag: e.tag,
      when: ++when,
    } as Journal['entries'][number]);
  }
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  return dir;
}

/** The release's data, loaded as it was: rows through SQL, files into DATA_DIR/files. */
async function fill(database: Database, dataDir: string) {
  const data = readFileSync(join(FIXTURE, 'data.sql'), 'utf8');
  if (database.pglite) await database.pglite.exec(data);
  else await database.db.execute(sql.raw(data));
  mkdirSync(join(dataDir, 'files'), { recursive: true });
  cpSync(join(FIXTURE, 'files'), join(dataDir, 'files'), { recursive: true });
}

async function select<T>(database: Database, query: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

/** What the old release holds, read with SQL at its own schema: what the API must show after the upgrade. */
async function expectations(database: Database) {
  const [account] = await select<{ money: number; bonus: number }>(
    database,
    'select money, bonus from accounts',
  );
  const orders = await select<{ id: number; topic: string }>(
    database,
    'select id, topic from orders order by id',
  );
  const messages = await select<{ order_id: number; text: string }>(
    database,
    'select order_id, text from chat_messages order by id',
  );
  const files = await select<{ order_id: number; name: string; size: number; storage_name: string }>(
    database,
    'select order_id, name, size, storage_name from order_files where order_id is not null and draft_id is null order by id',
  );
  const ledger = await select<{ n: number }>(database, 'select count(*)::int as n from ledger_entries');
  const sha = (name: string) =>
    createHash('sha256')
      .update(readFileSync(join(FIXTURE, 'files', name)))
      .digest('hex');
  return {
    finances: { money: Number(account!.money), bonus: Number(account!.bonus) },
    orders,
    messages,
    files: files.map((f) => ({ ...f, sha256: sha(f.storage_name) })),
    ledgerRows: ledger[0]!.n,
  };
}

async function upgradeAndCheck(opts: { dataDir: string; url?: string }) {
  const old = await openDatabase({
    ...(opts.url ? { url: opts.url } : { dataDir: join(opts.dataDir, 'db') }),
    migrationsFolder: migrationsUpTo(OLDEST),
  });
  await fill(old, opts.dataDir);
  const want = await expectations(old);
  expect(want.orders.length).toBeGreaterThan(0);
  expect(want.messages.length).toBeGreaterThan(0);
  expect(want.files.length).toBeGreaterThan(0);
  expect(want.ledgerRows).toBeGreaterThan(0);
  await old.close();

  // Today's server on it, as `npm start` would start it (with the demo seed on: the data is not seeded over).
  const server = await startServer(
    testConfig({ dataDir: opts.dataDir, databaseUrl: opts.url, seedDemo: true }),
  );
  try {
    const applied = await select<{ n: number }>(
      server.deps.database,
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied[0]!.n).toBe(journal.entries.length);
    // main.ts logs them: "Migrated the database: 0008_…, …"
    expect(server.deps.database.migrationsApplied).toEqual(
      journal.entries.slice(journal.entries.findIndex((e) => e.tag === OLDEST) + 1).map((e) => e.tag),
    );

    const got = await readCustomerState(server.url, 'demo@example.com', 'demo-password');
    expect(got.finances).toEqual(want.finances);
    const { access } = await signIn(server.url, 'demo@example.com', 'demo-password');
    for (const order of want.orders) {
      const page = await api(
        server.url,
        access,
      )<{ id: number; topic: string }>(`/api/client/orders/${order.id}/`);
      expect({ id: page.id, topic: page.topic }).toEqual(order);
    }
    for (const order of want.orders)
      expect(got.messages[order.id] ?? []).toEqual(
        want.messages.filter((m) => m.order_id === order.id).map((m) => m.text),
      );
    for (const order of Object.keys(got.files).map(Number))
      expect(got.files[order]).toEqual(
        want.files
          .filter((f) => f.order_id === order)
          .map((f) => ({ name: f.name, size: f.size, sha256: f.sha256 })),
      );
    expect(Object.values(got.files).flat().length).toBe(want.files.length);
    expect(got.payments.length).toBe(want.ledgerRows);
  } finally {
    await server.close();
  }
}

/**
 * A database of the old release, then every migration since and one more whose first statement works and whose
 * second fails: the start fails naming it, and the database is at its old schema with its rows.
 */
async function brokenUpgrade(opts: { dataDir: string; url?: string }) {
  const where = opts.url ? { url: opts.url } : { dataDir: join(opts.dataDir, 'db') };
  const old = await openDatabase({ ...where, migrationsFolder: migrationsUpTo(OLDEST) });
  await fill(old, opts.dataDir);
  const ordersBefore = await select<{ id: number; topic: string }>(
    old,
    'select id, topic from orders order by id',
  );
  await old.close();
  const later = journal.entries.slice(journal.entries.findIndex((e) => e.tag === OLDEST) + 1);
  const broken = migrationsUpTo(journal.entries.at(-1)!.tag, [
    {
      tag: '9999_broken_upgrade',
      sql: 'ALTER TABLE "orders" ADD COLUMN "broken" integer;--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" integer;',
    },
  ]);
  const opening = openDatabase({ ...where, migrationsFolder: broken });
  await expect(opening).rejects.toThrow(MigrationError);
  await expect(opening).rejects.toThrow(/Migration 9999_broken_upgrade failed: .*no_such_table/);

  const again = await openDatabase({ ...where, migrationsFolder: migrationsUpTo(OLDEST) });
  try {
    const applied = await select<{ n: number }>(
      again,
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied[0]!.n).toBe(journal.entries.length - later.length);
    const columns = await select<{ column_name: string }>(
      again,
      "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'orders'",
    );
    expect(columns.map((c) => c.column_name)).not.toContain('broken');
    expect(await select(again, 'select id, topic from orders order by id')).toEqual(ordersBefore);
  } finally {
    await again.close();
  }
}

describe.skipIf(process.env.DATABASE_URL)(`a PGlite data folder of release ${OLDEST}`, () => {
  it('opens under today’s server with every order, message, payment and file', async () => {
    const dataDir = join(root, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    await upgradeAndCheck({ dataDir });
  }, 180_000);

  it('is left as it was when a migration fails halfway, and the failure names the migration', async () => {
    const dataDir = join(root, 'broken');
    mkdirSync(dataDir, { recursive: true });
    await brokenUpgrade({ dataDir });
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)(
  `a PostgreSQL database of release ${OLDEST} (skipped without DATABASE_URL)`,
  () => {
    /** A fresh database of its own for `run`, dropped after. */
    async function onNewDatabase(
      label: string,
      run: (opts: { dataDir: string; url: string }) => Promise<void>,
    ) {
      const name = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      try {
        const dataDir = join(root, label);
        mkdirSync(dataDir, { recursive: true });
        await run({ dataDir, url: url.toString() });
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }

    it(
      'opens under today’s server with every order, message, payment and file',
      () => onNewDatabase('postgres', upgradeAndCheck),
      180_000,
    );

    it(
      'is left as it was when a migration fails halfway, and the failure names the migration',
      () => onNewDatabase('postgres-broken', brokenUpgrade),
      120_000,
    );
  },
);
