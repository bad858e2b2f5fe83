// A PostgreSQL 15 cluster of the test's own, to restart, stop and crash under a running server (the fault tests).
// Made with initdb in a temporary folder, as the `postgres` user when the tests run as root (PostgreSQL refuses to
// run as root; .ci/run does the same), on a free port of loopback, and removed at the end.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** Whether a PostgreSQL 15 server is installed (CI installs it; without it the fault tests are skipped). */
export const havePostgres = existsSync(join(PG_BIN, 'pg_ctl'));

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as `postgres` when we are root. */
async function pgTool(program: string, args: string[]): Promise<string> {
  const bin = join(PG_BIN, program);
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const { stdout } = asRoot
    ? await run('su', ['postgres', '-s', '/bin/sh', '-c', [bin, ...args].map(quote).join(' ')])
    : await run(bin, args);
  return stdout;
}

/** A port nobody listens on now (the OS's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): Promise<void>;
  /** pg_ctl stop: 'fast' ends sessions (57P01) and shuts down cleanly; 'immediate' is a crash without a kill. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** SIGKILL to the postmaster (the pid in postmaster.pid); its backends end when they notice. */
  kill(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-faults-pg-'));
  if (asRoot) chownSync(dir, ...postgresIds());
  const data = join(dir, 'data');
  await pgTool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    // After a kill the old backends may hold the shared memory a moment longer: try again for a few seconds.
    for (let tries = 0; ; tries++) {
      try {
        await pgTool('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '20', 'start']);
        return;
      } catch (error) {
        if (tries >= 20) throw error;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  };
  await start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    async stop(mode = 'fast') {
      await pgTool('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    async kill() {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      // Wait until the postmaster is gone (its pid no longer answers signal 0).
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async destroy() {
      await pgTool('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresIds(): [number, number] {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, but there is no postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}
