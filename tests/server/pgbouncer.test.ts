// The server through PgBouncer in transaction mode (docs/operations.md "PgBouncer"): a server connection is lent for
// one transaction, so nothing may outlive one. Runs with DATABASE_URL set, against the PgBouncer that
// DATABASE_URL already names (DATABASE_POOLER=pgbouncer, DATABASE_DIRECT_URL; PGBOUNCER_ADMIN_URL for its version),
// or else in front of DATABASE_URL's PostgreSQL with a PgBouncer of its own (Debian's binary, as root).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DbLog } from '../../server/db/client';
import { createJobRunner } from '../../server/jobs/runner';
import { PGBOUNCER, startPgBouncer, type PgBouncer } from '../../scripts/cluster/pgbouncer';
import { onAdmin } from './helpers/postgres-target';

const external = process.env.DATABASE_POOLER === 'pgbouncer';
const canStartOne = (() => {
  if (!process.env.DATABASE_URL || !existsSync(PGBOUNCER) || process.getuid?.() !== 0) return false;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const TIMEOUTS = { connectMs: 1_500, statementMs: 400, idleInTransactionMs: 5_000 };

describe.skipIf(!process.env.DATABASE_URL || (!external && !canStartOne))('through PgBouncer', () => {
  const name = `test_pgb_${randomBytes(5).toString('hex')}`;
  let dir: string | undefined;
  let bouncer: PgBouncer | undefined;
  /** DATABASE_URL and DATABASE_DIRECT_URL of the test's database, and PgBouncer's admin console (if known). */
  let target: { url: string; directUrl: string; admin: string | undefined };
  const warnings: string[] = [];
  const log = { warn: (_: unknown, msg?: string) => warnings.push(msg ?? ''), info: () => {} } as DbLog;
  const opened: Database[] = [];
  const open = async (opts: { preparedStatements?: boolean } = {}) => {
    const database = await openDatabase({
      url: target.url,
      directUrl: target.directUrl,
      pooler: { kind: 'pgbouncer', preparedStatements: opts.preparedStatements ?? false },
      timeouts: TIMEOUTS,
      log,
    });
    opened.push(database);
    return database;
  };
  const on = (base: string) => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  };

  beforeAll(async () => {
    await onAdmin(`create database ${name}`);
    if (external) {
      target = {
        url: on(process.env.DATABASE_URL!),
        directUrl: on(process.env.DATABASE_DIRECT_URL!),
        admin: process.env.PGBOUNCER_ADMIN_URL,
      };
    } else {
      dir = mkdtempSync(join(tmpdir(), 'cabinet-pgbouncer-'));
      execFileSync('chmod', ['755', dir]);
      const direct = new URL(process.env.DATABASE_URL!);
      bouncer = await startPgBouncer(
        dir,
        { port: Number(direct.port || 5432), url: direct.toString() },
        { poolSize: 3 },
      );
      target = { url: on(bouncer.url), directUrl: on(direct.toString()), admin: bouncer.adminUrl };
    }
  }, 60_000);

  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => {});
    await onAdmin(`drop database if exists ${name} with (force)`);
    await bouncer?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start without DATABASE_POOLER, or with the migrations through the pooler, saying what to set', async () => {
    await expect(openDatabase({ url: target.url, directUrl: target.directUrl, log })).rejects.toThrow(
      /DATABASE_POOLER=pgbouncer/,
    );
    await expect(
      openDatabase({
        url: target.url,
        directUrl: target.url,
        pooler: { kind: 'pgbouncer', preparedStatements: false },
      }),
    ).rejects.toThrow(/DATABASE_DIRECT_URL/);
  });

  it('sets the timeouts LOCAL in each transaction: a long statement is cancelled there, and none leaks out', async () => {
    const database = await open();
    const inside = await database.db.transaction(async (tx) =>
      tx.execute<{ statement_timeout: string }>(sql`show statement_timeout`),
    );
    expect((inside as unknown as { rows: { statement_timeout: string }[] }).rows[0]?.statement_timeout).toBe(
      '400ms',
    );
    const started = Date.now();
    await expect(database.db.transaction((tx) => tx.execute(sql`select pg_sleep(3)`))).rejects.toMatchObject({
      cause: { code: '57014' },
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    // The server connections the transactions ran on are shared: outside a transaction each has the role's own,
    // and without one the server said so at its start.
    const direct = new pg.Client({ connectionString: target.directUrl });
    await direct.connect();
    const roleDefault = (await direct.query<{ statement_timeout: string }>('show statement_timeout')).rows[0]
      ?.statement_timeout;
    await direct.end();
    const outside = await Promise.all(
      Array.from({ length: 12 }, () =>
        database.db.execute<{ statement_timeout: string }>(sql`show statement_timeout`),
      ),
    );
    for (const res of outside)
      expect((res as unknown as { rows: { statement_timeout: string }[] }).rows[0]?.statement_timeout).toBe(
        roleDefault,
      );
    expect(warnings.some((w) => w.includes('no statement_timeout'))).toBe(roleDefault === '0');
  });

  it('runs a recurring task once across two instances: the runner’s lock is transaction-scoped', async () => {
    const [a, b] = [await open(), await open()];
    let now = new Date('2026-05-01T12:00:00Z');
    const runs: string[] = [];
    const runner = (database: Database, id: string) => {
      const r = createJobRunner({ db: database.db, now: () => now }, { instanceId: id });
      r.every('pgbouncer-test', 60_000, async () => {
        runs.push(id);
        await new Promise((resolve) => setTimeout(resolve, 50)); // both passes overlap
      });
      return r;
    };
    const [ra, rb] = [runner(a, 'a'), runner(b, 'b')];
    for (let minute = 0; minute < 4; minute++) {
      await Promise.all([ra.runDue(), rb.runDue()]);
      now = new Date(now.getTime() + 60_000);
    }
    expect(runs).toHaveLength(4);
  });

  it('answers the named statements of many callers on shared server connections', async () => {
    const [a, b] = [await open(), await open()];
    const calls = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).prepared('pgb_add', 'select ($1::int + 1)::text')([String(i)]),
      ),
    );
    expect(calls.map((rows) => rows[0]?.[0])).toEqual(Array.from({ length: 40 }, (_, i) => String(i + 1)));
  });

  it('fans a NOTIFY sent through PgBouncer out to the LISTEN connections, which go straight to PostgreSQL', async () => {
    const [a, b] = [await open(), await open()];
    const heard: string[] = [];
    const unlisten = await a.listen('pgb_fanout', (payload) => heard.push(payload));
    await Promise.all(['one', 'two', 'three'].map((p) => b.notify('pgb_fanout', p)));
    await expect.poll(() => [...heard].sort(), { timeout: 5_000 }).toEqual(['one', 'three', 'two']);
    // The LISTEN connection is a backend of its own in PostgreSQL, not one of PgBouncer's.
    if (target.admin) {
      const admin = new pg.Client({ connectionString: target.admin });
      await admin.connect();
      const servers = (await admin.query<{ local_port: number }>('show servers')).rows.map((s) =>
        Number(s.local_port),
      );
      await admin.end();
      const direct = new pg.Client({ connectionString: target.directUrl });
      await direct.connect();
      const listeners = await direct.query<{ client_port: number }>(
        `select client_port from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
      );
      await direct.end();
      expect(listeners.rows.length).toBeGreaterThan(0);
      for (const l of listeners.rows) expect(servers).not.toContain(l.client_port);
    }
    await unlisten();
  });

  it('on PgBouncer 1.18 a named statement is lost between server connections: the reason they are unnamed', async () => {
    if (!target.admin) return;
    const admin = new pg.Client({ connectionString: target.admin });
    await admin.connect();
    const version = (await admin.query<{ version: string }>('show version')).rows[0]?.version ?? '';
    await admin.end();
    const [major = 0, minor = 0] = /PgBouncer (\d+)\.(\d+)/.exec(version)?.slice(1).map(Number) ?? [];
    if (major > 1 || minor >= 21) return; // ≥ 1.21 may keep them (max_prepared_statements)
    const [a, b] = [await open({ preparedStatements: true }), await open({ preparedStatements: true })];
    const calls = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).prepared('pgb_named', 'select $1::int * 2')([String(i)]),
      ),
    );
    const failures = calls.filter((c) => c.status === 'rejected').map((c) => String(c.reason));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toMatch(/prepared statement "pgb_named" (does not exist|already exists)/);
  });
});
