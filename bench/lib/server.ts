// Runs the real server (and the bare baseline) in child processes, so load generators in this process do not share
// its event loop, and so its memory can be read from /proc/<pid>/status. Plus small HTTP helpers for the set-up.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ROOT } from '../bundle';
import { EndpointMissing } from './report';

/** The bench servers' bootstrap STAFF_TOKEN: long and random per run, known to no one else. */
export const STAFF_TOKEN = `bench-${randomBytes(24).toString('base64url')}`;
export const DEMO = { login: 'demo@example.com', password: 'demo-password' };

/** A free TCP port: first in 4100–4199 (the project's range for local servers), else any. */
export async function freePort(): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(null));
      s.listen(port, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
  const start = 4100 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const p = await tryPort(4100 + ((start - 4100 + i) % 100));
    if (p) return p;
  }
  return (await tryPort(0))!;
}

export interface Child {
  /** http://127.0.0.1:port — for load generators. */
  url: string;
  /** http://localhost:port — the server's PUBLIC_ORIGIN, for browsers (cookies, Origin checks). */
  origin: string;
  port: number;
  pid: number;
  kind: string;
  /** The last 4 000 characters the child printed (for error reports). */
  output(): string;
  /** CPU seconds (user + system) the child has used so far, or null off Linux. */
  cpuS(): number | null;
  /** Resident memory of the child in MB (VmRSS), or null off Linux. */
  rssMb(): number | null;
  stop(): Promise<void>;
}

let bundled: Promise<string> | undefined;
/** Bundles the server once per bench run (scripts/build-server.mjs, as `npm start` does). */
function serverBundle(): Promise<string> {
  // @ts-expect-error: a plain ES module script without type declarations
  bundled ??= import('../../scripts/build-server.mjs').then((m: { buildServer(): Promise<string> }) =>
    m.buildServer(),
  );
  return bundled;
}

/** Starts the real server (seeded demo customer, temp DATA_DIR) or the bare Hono baseline in a child process. */
export async function startChild(
  opts: {
    bare?: boolean;
    databaseUrl?: string;
    env?: Record<string, string>;
    /** Open files the server may hold (`ulimit -n`): raised in a shell that then execs Node (its pid stays). */
    nofile?: number;
  } = {},
): Promise<Child> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cabinet-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    STAFF_TOKEN,
    // POST /api/staff/demo-customer/ (bench/api.ts) exists on a server started for tests only.
    TEST_HOOKS: '1',
    PUBLIC_ORIGIN: `http://localhost:${port}`,
    // Long enough that no access token expires mid-run.
    ACCESS_TOKEN_TTL: '3600',
    STATIC_DIR: join(ROOT, 'dist'),
    NODE_ENV: 'production',
    ...opts.env,
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;

  // The real server runs as `npm start` runs it (the bundle, plain Node, the same flags: a 4 MB young generation
  // keeps ~25 MB of RSS off a server whose requests make little garbage); the bare baseline is a small TS child.
  const child: ChildProcess = opts.bare
    ? fork(join(ROOT, 'bench/lib/child.ts'), [], {
        cwd: ROOT,
        env,
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      })
    : spawn(
        ...withNofile(opts.nofile, process.execPath, [
          '--enable-source-maps',
          '--max-semi-space-size=4',
          // BENCH_SERVER_PROF=<dir>: a CPU profile of each server the section starts, written when it stops.
          ...(process.env.BENCH_SERVER_PROF
            ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`]
            : []),
          await serverBundle(),
        ]),
        {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));

  const starting = new Promise<{ kind: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s\n${output}`)), 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}\n${output}`));
    });
    if (opts.bare) {
      child.once('message', (m: { ready: boolean; kind?: string; error?: string }) => {
        clearTimeout(timer);
        if (m.ready) resolve({ kind: m.kind ?? '?' });
        else reject(new Error(`server failed to start: ${m.error}`));
      });
      return;
    }
    // The bundle prints "Customer cabinet on … (pglite in …)" once it listens.
    const poll = setInterval(() => {
      const m = /Customer cabinet on \S+ \((pglite|postgres)/.exec(output);
      if (!m) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ kind: m[1]! });
    }, 50);
    child.once('exit', () => clearInterval(poll));
  });
  let ready: { kind: string };
  try {
    ready = await starting;
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  const pid = child.pid!;
  return {
    url: `http://127.0.0.1:${port}`,
    origin: `http://localhost:${port}`,
    port,
    pid,
    kind: ready.kind,
    output: () => output,
    cpuS: () => cpuSecondsOf(pid),
    rssMb() {
      try {
        const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        return m ? Math.round(Number(m[1]) / 1024) : null;
      } catch {
        return null;
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        if (opts.bare) child.send('stop');
        else child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(t);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The command and arguments that run `command` with its open-files limit raised to `nofile` (a shell sets
 * `ulimit -n`, to the hard limit when `nofile` is above it and the user may not raise that, then execs the command,
 * so the pid is the command's). Without `nofile`, the command as it is.
 */
export function withNofile(nofile: number | undefined, command: string, args: string[]): [string, string[]] {
  if (!nofile) return [command, args];
  const script = `ulimit -n ${Math.floor(nofile)} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`;
  return ['bash', ['-c', script, command, ...args]];
}

/** CPU seconds (user + system) a process has used so far, or null off Linux. */
export function cpuSecondsOf(pid: number): number | null {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): utime, stime in clock ticks (100 Hz).
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by the backends of the PostgreSQL at `url` (the children of its postmaster that are alive),
 * when that server runs on this machine; null otherwise. A backend's time is its queries' time: planning, execution,
 * the protocol.
 */
export async function postgresCpu(url: string): Promise<(() => number) | null> {
  const client = new pg.Client({ connectionString: url });
  let postmaster: number;
  try {
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    postmaster = Number(stat.split(') ')[1]!.split(' ')[1]);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
  return () => {
    let sum = 0;
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const f = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
        if (Number(f[1]) === postmaster) sum += (Number(f[11]) + Number(f[12])) / 100;
      } catch {
        /* gone meanwhile */
      }
    }
    return sum;
  };
}

/** A process's open-files limit (soft), or null off Linux. */
export function openFilesLimitOf(pid: number | 'self'): number | null {
  try {
    const m = /Max open files\s+(\d+)/.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** A fresh database on the PostgreSQL at DATABASE_URL, dropped by `drop` (so runs never see old orders). */
export async function tempPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
  setCookies: string[];
}

/**
 * One JSON request. A 404/405 whose answer is the router's fallback (or not JSON) means the endpoint is not built
 * yet: throws EndpointMissing, which sections report as n/a.
 */
export async function call<T = unknown>(
  base: string,
  path: string,
  init: {
    method?: string;
    json?: unknown;
    token?: string;
    staff?: boolean;
    okStatuses?: number[];
    headers?: Record<string, string>;
  } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.staff) headers.authorization = `Bearer ${STAFF_TOKEN}`;
  const res = await fetch(base + path, {
    method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  const label = `${init.method ?? (init.json !== undefined ? 'POST' : 'GET')} ${path}`;
  if (res.status === 405 || (res.status === 404 && (body as { detail?: string })?.detail === 'Не найдено.'))
    throw new EndpointMissing(label);
  if (!(init.okStatuses ?? [200, 201, 202, 204]).includes(res.status))
    throw new Error(`${label} → ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, body: body as T, setCookies: res.headers.getSetCookie() };
}

export interface Cookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
  expires?: number;
}

/** `name=value; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=…` → a cookie a browser API takes. */
export function parseSetCookie(header: string): Cookie {
  const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const cookie: Cookie = {
    name: pair.slice(0, eq),
    value: pair.slice(eq + 1),
    path: '/',
    httpOnly: false,
    secure: false,
    sameSite: 'Lax',
  };
  for (const a of attrs) {
    const [k = '', v = ''] = a.split('=');
    const key = k.toLowerCase();
    if (key === 'path') cookie.path = v;
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'samesite')
      cookie.sameSite = (v[0]?.toUpperCase() + v.slice(1).toLowerCase()) as Cookie['sameSite'];
    else if (key === 'max-age') cookie.expires = Math.floor(Date.now() / 1000) + Number(v);
    else if (key === 'expires' && cookie.expires === undefined)
      cookie.expires = Math.floor(Date.parse(v) / 1000);
  }
  return cookie;
}

/** Signs the demo customer in over HTTP: the access token and the cookies (refresh) the server set. */
export async function loginDemo(base: string): Promise<{ access: string; cookies: Cookie[] }> {
  const r = await call<{ access?: string }>(base, '/api/client/auth/login/', { json: DEMO });
  if (!r.body.access) throw new Error('login answered without an access token');
  return { access: r.body.access, cookies: r.setCookies.map(parseSetCookie) };
}

/** The cookies of a sign-in as a browser context takes them (Playwright's `addCookies`), on localhost. */
export function browserCookies(cookies: Cookie[]) {
  return cookies.map((c) => ({
    name: c.name,
    value: c.value,
    domain: 'localhost',
    path: c.path,
    httpOnly: c.httpOnly,
    secure: c.secure,
    sameSite: c.sameSite,
    ...(c.expires ? { expires: c.expires } : {}),
  }));
}

/** Extracts a list of ids from whatever a bulk endpoint answers ({ ids }, { results }, [..], { id }). */
export function idsOf(body: unknown): number[] {
  const pick = (x: unknown): number | null =>
    typeof x === 'number'
      ? x
      : x && typeof x === 'object' && 'id' in x
        ? Number((x as { id: unknown }).id)
        : null;
  if (Array.isArray(body)) return body.map(pick).filter((n): n is number => n !== null);
  if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    for (const k of ['ids', 'results', 'orders', 'created']) if (Array.isArray(o[k])) return idsOf(o[k]);
    const one = pick(o);
    if (one !== null) return [one];
  }
  return [];
}

/** The first order of the demo customer's active tab; creates one through the staff API when the tab is empty. */
export async function firstOrderId(base: string, access: string): Promise<number> {
  const first = async () => {
    const r = await call<{ results?: { id: number }[] }>(base, '/api/client/orders/?tab=active', {
      token: access,
    });
    return r.body.results?.[0]?.id;
  };
  let id = await first();
  if (id === undefined) {
    await bulkOrders(base, DEMO.login, 1);
    id = await first();
  }
  if (id === undefined) throw new Error('the order list is empty even after adding an order');
  return id;
}

/** Adds `count` orders for the customer through the staff API, in slices so no request runs for minutes. */
export async function bulkOrders(base: string, email: string, count: number, slice = 10_000): Promise<void> {
  for (let done = 0; done < count; done += slice)
    await call(base, '/api/staff/orders/bulk/', {
      json: { email, count: Math.min(slice, count - done) },
      staff: true,
    });
}

export async function bulkMessages(
  base: string,
  orderId: number,
  count: number,
  slice = 10_000,
): Promise<void> {
  for (let done = 0; done < count; done += slice)
    await call(base, `/api/staff/orders/${orderId}/messages/bulk/`, {
      json: { count: Math.min(slice, count - done) },
      staff: true,
    });
}
