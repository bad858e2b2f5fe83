import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import * as schema from './tables';
import { DB_TIMEOUTS, type DbTimeouts } from './timeouts';
import { openBus } from './bus';
import { databaseUnavailable } from './unavailable';
import type { Logger } from '../ops/logger';

/** The log lines the database layer writes (a lost connection, the bus back). */
export type DbLog = Pick<Logger, 'warn' | 'info'>;
/** Without a logger (tests, scripts): warnings as one line on the console. */
const consoleLog = {
  warn: (obj: unknown, msg?: string) => console.warn(msg ?? String(obj)),
  info: () => {},
} as unknown as DbLog;

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The Drizzle database both drivers give; route and domain code only ever sees this. */
export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * A named statement, prepared once (per pooled connection on PostgreSQL, once on PGlite) and then only bound
   * and executed: for the lookup every request makes, where Drizzle's query building and the planner would cost
   * more than the query itself (on PGlite ~500 µs per call through Drizzle, ~100 µs prepared). Parameters and
   * answers are text; each row is an array in the statement's column order. The same name gives the same function.
   */
  prepared(name: string, text: string): Prepared;
  /** Publishes on a LISTEN/NOTIFY channel (fan-out between server instances). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Subscribes to a channel; returns an unsubscribe function. On PostgreSQL the subscription lives on a connection
   * of its own that is opened again (with backoff) when it is lost; `onResumed` is then called, as what was
   * published while it was gone never came.
   */
  listen(
    channel: string,
    handler: (payload: string) => void,
    onResumed?: () => void,
  ): Promise<() => Promise<void>>;
  /** PostgreSQL only: the LISTEN connection is up (false while it reconnects). */
  listening?(): boolean;
  /** PGlite only: the embedded database itself (backups take its dump under its transaction lock). */
  pglite?: PGlite;
  /** PostgreSQL only: the pool's connections (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** The migrations this open applied (their file names), in order; empty when the schema was current. */
  migrationsApplied: string[];
  /** Empties every table (tests). */
  truncateAll(): Promise<void>;
  close(): Promise<void>;
}

async function truncate(db: Db): Promise<void> {
  const res = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const rows = (res as unknown as { rows: { tablename: string }[] }).rows;
  if (rows.length === 0) return;
  const names = rows.map((r) => `"${r.tablename}"`).join(', ');
  await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

type Prepared = (params: string[]) => Promise<(string | null)[][]>;

function memoByName(make: (name: string, text: string) => Prepared) {
  const made = new Map<string, Prepared>();
  return (name: string, text: string): Prepared => {
    let fn = made.get(name);
    if (!fn) made.set(name, (fn = make(name, text)));
    return fn;
  };
}

/**
 * PGlite's query() parses, describes and plans its statement on every call. Here the statement is parsed once
 * under its name, and each call sends Bind + Execute + Sync in one message; the planner then keeps a generic plan.
 * The call runs under PGlite's transaction lock, as query() does, so it never lands inside another caller's
 * transaction on the single embedded connection.
 */
function preparedOnPglite(client: PGlite, name: string, text: string): Prepared {
  const { serialize } = protocol;
  const join = (parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  let parsed: Promise<unknown> | null = null;
  const exclusive = <T>(fn: () => Promise<T>) =>
    client._runExclusiveTransaction(() => client._runExclusiveQuery(fn));
  return async (values) => {
    parsed ??= exclusive(() =>
      client.execProtocol(join([serialize.parse({ name, text }), serialize.sync()]), { syncToFs: false }),
    ).catch((error: unknown) => {
      parsed = null;
      throw error;
    });
    await parsed;
    const message = join([
      serialize.bind({ statement: name, values }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const { messages } = await exclusive(() => client.execProtocol(message, { syncToFs: false }));
    return messages.filter((m) => m instanceof protocol.messages.DataRowMessage).map((m) => m.fields);
  };
}

/** A migration that failed: its name, PostgreSQL's reason, and that nothing of this start was applied. */
export class MigrationError extends Error {}

/**
 * Applies the pending migrations as drizzle's migrator does (the same journal table drizzle.__drizzle_migrations,
 * the same hash and created_at, every pending migration in ONE transaction: drizzle's own migrate() on PGlite and on
 * node-postgres wraps them so too), but says which migration failed: a failure rolls all of them back, so the
 * database stays as it was — at its old schema, with its data — and the server does not start.
 */
async function migrateNamed(db: Db, folder: string): Promise<string[]> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const res = await db.execute<{ created_at: string }>(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const last = (res as unknown as { rows: { created_at: string }[] }).rows[0];
  const pending = migrations
    .map((m, i) => ({ ...m, tag: journal.entries[i]?.tag ?? `#${i}` }))
    .filter((m) => !last || Number(last.created_at) < m.folderMillis);
  if (pending.length === 0) return [];
  await db.transaction(async (tx) => {
    for (const m of pending) {
      try {
        for (const statement of m.sql) await tx.execute(sql.raw(statement));
      } catch (error) {
        const cause = error as Error & { cause?: Error };
        throw new MigrationError(
          `Migration ${m.tag} failed: ${cause.cause?.message ?? cause.message}. None of the ${pending.length} ` +
            `pending migration(s) (${pending.map((p) => p.tag).join(', ')}) was applied: they run in one ` +
            'transaction, so the database is as it was before this start. Fix the cause, or go back to the ' +
            'release you upgraded from (docs/operations.md "Upgrading").',
          { cause: error },
        );
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations ("hash", "created_at") values (${m.hash}, ${m.folderMillis})`,
      );
    }
  });
  return pending.map((m) => m.tag);
}

/**
 * Two instances starting at once on a fresh database would both create Drizzle's journal and run the first migration
 * (one of them then fails on "already exists"). A session-level advisory lock serialises them: the second waits, then
 * finds every migration applied. Should anything fail, the connection is discarded, which releases the lock.
 */
const MIGRATION_LOCK = 7_294_310_551; // an arbitrary key, the same in every instance

/** PgBouncer refuses a startup parameter it does not track (unless told to ignore it). */
const POOLER_REFUSAL = /unsupported startup parameter/i;

async function migrateUnderLock(url: string, folder: string): Promise<string[]> {
  // A connection of its own, without the pool's timeouts: a migration may run long, and a second instance waits
  // for the first one's lock as long as that takes. Closing it releases the lock whatever happened. It is a session
  // of its own, so it must be direct (DATABASE_DIRECT_URL): through a transaction pooler the lock would stay on a
  // server connection other clients then use. A statement_timeout set on the role for the pooled sessions
  // (docs/operations.md "PgBouncer") is lifted for this session only, by a startup parameter that also proves the
  // connection direct: PgBouncer refuses `options`.
  const client = new pg.Client({ connectionString: url, options: '-c statement_timeout=0' });
  client.on('error', () => {}); // the failure reaches the query under way, which throws
  await client.connect().catch((error: unknown) => {
    throw POOLER_REFUSAL.test((error as Error).message)
      ? new Error(
          `The migrations' connection leads to a connection pooler (${(error as Error).message}): they hold a ` +
            'session-level lock, so set DATABASE_DIRECT_URL to the database itself, past the pooler ' +
            '(docs/operations.md "PgBouncer").',
          { cause: error },
        )
      : error;
  });
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await migrateNamed(drizzlePg(client) as unknown as Db, folder);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A new database directory is made by a child process (create-pglite.mjs says why), then opened here. */
function createPgliteDir(dataDir: string): Promise<void> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'create-pglite.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`Could not create the database in ${dataDir} (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** The extensions the migrations create (PGlite loads their contrib builds; PostgreSQL ships them). */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/**
 * A connection pooler between the pool and PostgreSQL (DATABASE_POOLER). PgBouncer in transaction mode lends a
 * server connection for one transaction only, so nothing may outlive one: no startup parameters it does not know
 * (the timeouts become SET LOCAL in each transaction), and named statements only when it keeps them itself
 * (`preparedStatements`: PgBouncer >= 1.21 with max_prepared_statements > 0; docs/operations.md "PgBouncer").
 */
export interface DbPooler {
  kind: 'pgbouncer';
  preparedStatements: boolean;
}

/** Opens PGlite in `dataDir` (or in memory when dataDir is undefined), or PostgreSQL at `url`, and migrates. */
export async function openDatabase(opts: {
  url?: string;
  /**
   * PostgreSQL only: the database itself, past any pooler (DATABASE_DIRECT_URL; default `url`), for what needs a
   * session of its own: the migrations' advisory lock and the realtime bus's LISTEN.
   */
  directUrl?: string;
  /** PostgreSQL only: what stands between `url` and the database (default nothing). */
  pooler?: DbPooler;
  dataDir?: string;
  /** PGlite only: its shared_buffers, e.g. '16MB' (PostgreSQL's own setting is left to its server). */
  sharedBuffers?: string;
  /**
   * PGlite in memory only: start from this copy of a data directory (`dumpDataDir()` of a migrated database) instead
   * of creating one: the tests open some hundred databases a run, and a copy opens in a third of the time.
   */
  loadDataDir?: Blob;
  /** Another folder of migrations (tests: a database at an older schema, a migration that fails). */
  migrationsFolder?: string;
  /** PostgreSQL only: how long anything may wait on it (default DB_TIMEOUTS). */
  timeouts?: DbTimeouts;
  /** Where a lost and regained connection is told (default the console). */
  log?: DbLog;
}): Promise<Database> {
  const folder = opts.migrationsFolder ?? migrationsFolder;
  if (opts.url)
    return openPostgres(
      { url: opts.url, directUrl: opts.directUrl ?? opts.url, pooler: opts.pooler },
      folder,
      opts.timeouts ?? DB_TIMEOUTS,
      opts.log ?? consoleLog,
    );
  if (opts.dataDir && !existsSync(join(opts.dataDir, 'PG_VERSION'))) await createPgliteDir(opts.dataDir);
  // One options object: `new PGlite(undefined, options)` (in memory) would drop the options' extensions.
  if (opts.loadDataDir && opts.dataDir)
    throw new Error('openDatabase: loadDataDir is for a database in memory');
  const client = new PGlite({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
    postgresqlconf: opts.sharedBuffers ? [`shared_buffers = '${opts.sharedBuffers}'`] : [],
  });
  const db = drizzlePglite(client, { schema });
  const migrationsApplied = await migrateNamed(db, folder).catch(async (error: unknown) => {
    await client.close();
    throw error;
  });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrationsApplied,
    prepared: memoByName((name, text) => preparedOnPglite(client, name, text)),
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, handler) {
      const unsub = await client.listen(channel, handler);
      return unsub;
    },
    truncateAll: () => truncate(db),
    close: () => client.close(),
  };
}

/**
 * Drizzle's node-postgres transaction takes a pooled connection and sends BEGIN before its try/finally, so a BEGIN
 * that fails (a connection that died while idle in the pool, during a restart) never gives the connection back: the
 * pool counts it lent out for good, one fewer for every request after, and pool.end() waits on it at shutdown. Here
 * each transaction runs on a connection taken by this code and always released: with the error when the database
 * failed under it, so that a broken connection is discarded rather than lent again.
 */
function releaseTransactionConnections(db: Db, pool: pg.Pool, setLocal: string | undefined) {
  type Args = ConstructorParameters<typeof NodePgSession>;
  interface Session {
    dialect: Args[1];
    schema: Args[2];
    options: Args[3];
    transaction(transaction: (tx: unknown) => Promise<unknown>, config?: unknown): Promise<unknown>;
  }
  const session = (db as unknown as { session: Session }).session;
  session.transaction = async (transaction, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const own = new NodePgSession(
        client,
        session.dialect,
        session.schema,
        session.options,
      ) as unknown as Session;
      // Behind a transaction pooler the session carries no timeouts: each transaction sets its own.
      return await own.transaction(
        setLocal
          ? async (tx) => {
              await (tx as { execute(q: unknown): Promise<unknown> }).execute(sql.raw(setLocal));
              return transaction(tx);
            }
          : transaction,
        config,
      );
    } catch (error) {
      if (databaseUnavailable(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

async function openPostgres(
  where: { url: string; directUrl: string; pooler: DbPooler | undefined },
  folder: string,
  timeouts: DbTimeouts,
  log: DbLog,
): Promise<Database> {
  const { url, directUrl, pooler } = where;
  const migrationsApplied = await migrateUnderLock(directUrl, folder);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Nothing waits for ever (docs/faults.md): a connection within connectMs, a statement within statementMs on the
    // server, an answer within 1 s more on this side (a server that vanished without a reset: PostgreSQL's own
    // cancel at statementMs arrives within milliseconds, so a second more only waits on a dead connection), an idle
    // transaction ended by the server. Behind a pooler these two are not startup parameters (PgBouncer refuses
    // them, and would not keep them per client): each transaction sets them LOCAL, and a single statement outside
    // a transaction has the role's own (docs/operations.md "PgBouncer").
    connectionTimeoutMillis: timeouts.connectMs,
    ...(pooler
      ? {}
      : {
          statement_timeout: timeouts.statementMs,
          idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
        }),
    query_timeout: timeouts.statementMs + 1_000,
    keepAlive: true,
  });
  // An idle connection that the server drops (restart, failover, a terminated backend) is reported here; without
  // a listener Node would end the process. The pool replaces it on the next query. After close() it is expected.
  let closing = false;
  pool.on('error', (error) => {
    if (!closing) log.warn({ err: error }, `PostgreSQL closed an idle connection: ${error.message}`);
  });
  // A connection the pool has lent out has no listener of its own: one dropped between two queries of a
  // transaction would end the process. The failure reaches the next query on it, and the pool discards it.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  releaseTransactionConnections(
    db,
    pool,
    pooler &&
      `select set_config('statement_timeout', '${timeouts.statementMs}', true), ` +
        `set_config('idle_in_transaction_session_timeout', '${timeouts.idleInTransactionMs}', true)`,
  );
  await probePool(pool, pooler, log).catch(async (error: unknown) => {
    await pool.end().catch(() => {});
    throw error;
  });
  const bus = openBus(directUrl, timeouts, log);
  // A named statement lives on one server connection; a transaction pooler runs the next call on another, which
  // never saw it ("prepared statement does not exist"). Without the pooler's own support each call is unnamed.
  const named = !pooler || pooler.preparedStatements;
  return {
    db,
    kind: 'postgres',
    prepared: memoByName(
      (name, text) => async (values) =>
        (
          await pool.query<(string | null)[]>(
            named ? { name, text, values, rowMode: 'array' } : { text, values, rowMode: 'array' },
          )
        ).rows,
    ),
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: bus.listen,
    listening: bus.connected,
    migrationsApplied,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    truncateAll: () => truncate(db),
    async close() {
      closing = true;
      await bus.close();
      await pool.end();
    },
  };
}

/**
 * The pool's first connection, at the start rather than at the first request. Without DATABASE_POOLER a PgBouncer
 * refuses the pool's timeouts as startup parameters: the server then does not start, and says what to set. Behind
 * a pooler a statement outside a transaction has no statement_timeout but the one its server session got from the
 * role or the database (ALTER ROLE … SET statement_timeout), which the server cannot set for sessions the pooler
 * owns: without one it may run for ever, and the log says so.
 */
async function probePool(pool: pg.Pool, pooler: DbPooler | undefined, log: DbLog): Promise<void> {
  const { rows } = await pool
    .query<{ statement_timeout: string }>('show statement_timeout')
    .catch((error: unknown) => {
      throw POOLER_REFUSAL.test((error as Error).message)
        ? new Error(
            `DATABASE_URL leads to a connection pooler that refused the pool's session settings ` +
              `(${(error as Error).message}): set DATABASE_POOLER=pgbouncer, and DATABASE_DIRECT_URL to the ` +
              'database itself (docs/operations.md "PgBouncer").',
            { cause: error },
          )
        : error;
    });
  if (pooler && rows[0]?.statement_timeout === '0')
    log.warn(
      {},
      'DATABASE_POOLER is set but the pooled sessions have no statement_timeout: a statement outside a ' +
        'transaction has no limit on the database. Set one for the role (ALTER ROLE … IN DATABASE … SET ' +
        'statement_timeout = …; docs/operations.md "PgBouncer").',
    );
}
