// PgBouncer in transaction mode in front of the cluster's PostgreSQL, as a deployment runs it (docs/operations.md
// "PgBouncer"): Debian's binary, its configuration, auth file, log and pid file in the cluster's folder, on a port
// of its own. It refuses to run as root, so it runs as `postgres`, like the database.
import { chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { answersQueries, ClusterUnavailable, postgresUser } from './postgres';
import { freePort, start, waitUntil, type Proc } from './proc';
import { DB_TIMEOUTS } from '../../server/db/timeouts';

export const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

/**
 * The pool PostgreSQL sees. Two instances × 10 pooled connections each become at most this many server connections
 * (small on purpose: the cluster's specs then pass only when transactions really share them).
 */
export const PGBOUNCER_POOL_SIZE = 6;

export interface PgBouncer {
  port: number;
  /** postgres://postgres@127.0.0.1:port/postgres — DATABASE_URL of the instances. */
  url: string;
  /** Its admin console (SHOW POOLS, SHOW SERVERS…), for the specs. */
  adminUrl: string;
  config: string;
  proc: Proc;
  stop(): Promise<void>;
}

export function checkPgBouncerAvailable(): void {
  if (!existsSync(PGBOUNCER))
    throw new ClusterUnavailable(
      `${PGBOUNCER} is missing: the cluster run puts Debian's PgBouncer between the instances and PostgreSQL ` +
        '(apt-get install pgbouncer, or PGBOUNCER_BIN=…).',
    );
}

/**
 * Starts PgBouncer in `dir`/pgbouncer in front of the PostgreSQL at `postgres` (a trust-authenticated server on
 * loopback): every database of it, as `postgres`. `roleTimeouts`: first give the role the server's timeouts in the
 * database `postgres`, as an operator would (the cluster); a test that wants none leaves them.
 */
export async function startPgBouncer(
  dir: string,
  postgres: { port: number; url: string },
  opts: { roleTimeouts?: boolean; poolSize?: number } = {},
): Promise<PgBouncer> {
  checkPgBouncerAvailable();
  const user = postgresUser();
  const home = join(dir, 'pgbouncer');
  mkdirSync(home, { recursive: true });
  chownSync(home, user.uid, user.gid);
  const port = await freePort();
  const config = join(home, 'pgbouncer.ini');
  const authFile = join(home, 'userlist.txt');
  // The PostgreSQL is `-A trust`: PgBouncer trusts too, and its auth file only names the user it lets in.
  writeFileSync(authFile, '"postgres" ""\n');
  writeFileSync(
    config,
    [
      '; Generated for one cluster run by scripts/cluster/pgbouncer.ts (docs/operations.md "PgBouncer").',
      '[databases]',
      `* = host=127.0.0.1 port=${postgres.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${authFile}`,
      'admin_users = postgres',
      'pool_mode = transaction',
      `default_pool_size = ${opts.poolSize ?? PGBOUNCER_POOL_SIZE}`,
      'max_client_conn = 200',
      // A PostgreSQL restart: connect again after 1 s, not the default 15 s, once it is back.
      'server_login_retry = 1',
      // A client that waits for a server connection longer than the instances' own connect timeout gets an error.
      'query_wait_timeout = 5',
      `pidfile = ${join(home, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  for (const file of [config, authFile]) chownSync(file, user.uid, user.gid);
  const proc = start('pgbouncer', PGBOUNCER, [config], {
    // Without `logfile` it logs to stderr: this file.
    logFile: join(dir, 'pgbouncer.log'),
    env: { PATH: process.env.PATH },
    ...user,
    lastResort: 'SIGKILL',
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  if (opts.roleTimeouts) await setRoleTimeouts(postgres.url);
  await waitUntil(`PgBouncer on port ${port} passing queries to PostgreSQL`, () => answersQueries(url), {
    proc,
    timeoutMs: 15_000,
    everyMs: 200,
  });
  return {
    port,
    url,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/pgbouncer`,
    config,
    proc,
    async stop() {
      // SIGINT: "safe shutdown" waits for clients; SIGTERM closes at once, which is what a test run wants.
      await proc.stop('SIGTERM', 5_000);
    },
  };
}

/**
 * The operator's step: a statement outside a transaction gets its statement_timeout from the role, as the server
 * cannot set one on sessions PgBouncer owns (its transactions set their own with SET LOCAL). The server's defaults.
 */
async function setRoleTimeouts(directUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: directUrl });
  await client.connect();
  try {
    await client.query(
      `alter role postgres in database postgres set statement_timeout = ${DB_TIMEOUTS.statementMs}`,
    );
    await client.query(
      `alter role postgres in database postgres set idle_in_transaction_session_timeout = ${DB_TIMEOUTS.idleInTransactionMs}`,
    );
  } finally {
    await client.end();
  }
}
