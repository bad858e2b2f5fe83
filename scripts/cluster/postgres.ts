// A throw-away PostgreSQL 15 cluster, as .ci/run makes one: initdb as the `postgres` user in a temporary folder,
// the server on loopback on a port of its own, removed with the folder. PostgreSQL refuses to run as root, so this
// needs root (to become `postgres`) and Debian's binaries (PG_BIN to point elsewhere).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, start, waitUntil, type Proc } from './proc';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** The server at `url` takes a connection and answers a query (a readiness probe: throws while it does not). */
export async function answersQueries(url: string): Promise<true> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The cluster cannot be made on this machine; the message says why and what to do. */
export class ClusterUnavailable extends Error {}

export interface Postgres {
  url: string;
  port: number;
  /** The data directory (initdb's -D), kept across a stop and a start. */
  dataDir: string;
  /** The running postmaster (a new one after each start). */
  readonly proc: Proc;
  running(): boolean;
  /** Fast shutdown (SIGINT, as `pg_ctl stop -m fast`: sessions are ended, nothing waits for clients). */
  stop(): Promise<void>;
  /**
   * Starts the postmaster again on the same data and port, and resolves once it accepts connections. A stop and
   * then a start is `pg_ctl restart -m fast`, with the gap between them the caller's.
   */
  start(): Promise<void>;
}

export function postgresUser(): { uid: number; gid: number } {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new ClusterUnavailable(
      'There is no `postgres` user to run PostgreSQL as (apt-get install postgresql-15 creates it).',
    );
  }
}

/** Says, before anything is created, why PostgreSQL cannot be started here. */
export function checkPostgresAvailable(): void {
  for (const bin of ['initdb', 'postgres'])
    if (!existsSync(join(PG_BIN, bin)))
      throw new ClusterUnavailable(
        `${join(PG_BIN, bin)} is missing: the cluster run needs PostgreSQL 15's server binaries ` +
          '(apt-get install postgresql-15, or PG_BIN=<folder of initdb and postgres>).',
      );
  if (process.getuid?.() !== 0)
    throw new ClusterUnavailable(
      'The cluster run must be started as root: it runs initdb and postgres as the `postgres` user ' +
        '(PostgreSQL refuses to run as root), as .ci/run does.',
    );
  postgresUser();
}

export async function startPostgres(dir: string): Promise<Postgres> {
  checkPostgresAvailable();
  const user = postgresUser();
  const home = join(dir, 'pg');
  mkdirSync(home, { recursive: true });
  chownSync(home, user.uid, user.gid);
  const data = join(home, 'data');
  const env = { PATH: process.env.PATH, LANG: 'C.UTF-8', HOME: home };
  const logFile = join(dir, 'postgres.log');

  const initdb = start(
    'initdb',
    join(PG_BIN, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    { env, logFile, ...user },
  );
  const done = await initdb.exited;
  if (done.code !== 0) throw new Error(`initdb failed (code ${done.code}); see ${logFile}`);

  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const run = async (): Promise<Proc> => {
    const proc = start(
      'postgres',
      join(PG_BIN, 'postgres'),
      // The socket directory is ours (not /run/postgresql); TCP on loopback only.
      ['-D', data, '-p', String(port), '-k', home, '-c', 'listen_addresses=127.0.0.1'],
      { env, logFile, ...user, lastResort: 'SIGQUIT' },
    );
    await waitUntil(`PostgreSQL accepting connections on port ${port}`, () => answersQueries(url), {
      proc,
      timeoutMs: 60_000,
      everyMs: 200,
    });
    return proc;
  };
  let proc = await run();
  return {
    url,
    port,
    dataDir: data,
    get proc() {
      return proc;
    },
    running: () => proc.alive(),
    async stop() {
      await proc.stop('SIGINT', 10_000);
    },
    async start() {
      if (!proc.alive()) proc = await run();
    },
  };
}
