// Several instances of the built server behind nginx, on a throw-away PostgreSQL behind PgBouncer (transaction
// pooling) and a local S3 server: what `npm run e2e:cluster` tests and `npm run bench -- cluster` measures.
// Everything lives in one temporary folder and on loopback ports, and goes away in close() — or, should this process end otherwise, at its exit.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { checkNginxAvailable, ROOT, startBalancer, type Balancer } from './nginx';
import { checkPostgresAvailable, startPostgres, type Postgres } from './postgres';
import { checkPgBouncerAvailable, startPgBouncer, type PgBouncer } from './pgbouncer';
import { answers, freePort, killLeftovers, start, tail, waitUntil, type Exit, type Proc } from './proc';

export { ClusterUnavailable } from './postgres';
export type { Balancer } from './nginx';

export const SERVER_BUNDLE = join(ROOT, 'dist-server/main.mjs');
export const S3_BUCKET = 'cabinet';

export interface Instance {
  /** 'a', 'b', … */
  name: string;
  port: number;
  /** http://localhost:port — the instance itself, past the balancer (same host as the balancer: cookies apply). */
  url: string;
  metricsUrl: string;
  /** pino's JSON lines, appended across restarts. */
  logFile: string;
  running(): boolean;
  pid(): number | undefined;
  /** Starts the process (again) and waits until its /readyz answers 200. */
  start(): Promise<void>;
  /** Sends `signal` and waits for the exit (SIGKILL after 20 s). */
  stop(signal?: NodeJS.Signals): Promise<Exit & { ms: number }>;
}

export interface Cluster {
  dir: string;
  /** The instances' DATABASE_URL: PgBouncer's. */
  databaseUrl: string;
  /** PostgreSQL itself (DATABASE_DIRECT_URL of the instances: their migrations and LISTEN). */
  databaseDirectUrl: string;
  /**
   * The cluster's PostgreSQL, which a spec may stop and start behind PgBouncer, which stays up
   * (e2e/cluster/database-restart.cluster.ts).
   */
  postgres: Postgres;
  /** PgBouncer in transaction mode between the instances' pools and PostgreSQL. */
  pgbouncer: PgBouncer;
  s3Endpoint: string;
  instances: Instance[];
  /** The balancer in front of every instance. */
  balancer: Balancer;
  /** Another nginx in front of some of the instances (the bench compares one instance with two). */
  addBalancer(name: string, instances: Instance[]): Promise<Balancer>;
  /** The end of every log, for a failure report. */
  logs(lines?: number): string;
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** How many instances (2 by default). */
  instances?: number;
  staffToken: string;
  /** More variables for every instance (ACCESS_TOKEN_TTL, LOG_LEVEL, …). */
  env?: Record<string, string>;
  /** Progress lines (console.log by default). */
  say?: (line: string) => void;
  /** More directives for the http {} block of every nginx, around the committed site file. */
  nginxHttp?: string[];
  /** Keep the temporary folder at close (CLUSTER_KEEP=1 does the same), to read the logs afterwards. */
  keep?: boolean;
}

/** Says why the cluster cannot run here before anything is started (root, PostgreSQL, PgBouncer, nginx). */
export function checkClusterAvailable(): void {
  checkPostgresAvailable();
  checkPgBouncerAvailable();
  checkNginxAvailable();
}

/**
 * The build the instances run, as `npm start` makes it: the SPA only when dist/ is missing or older than its
 * sources (after `npm test` it is fresh), the server bundle every time (~50 ms).
 */
export function ensureBuild(): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(SERVER_BUNDLE) || !existsSync(join(ROOT, 'dist/index.html')))
    throw new Error('the build is missing after scripts/ensure-build.mjs: run `npm run build`.');
}

const open = new Set<Cluster>();
let signalsTrapped = false;
/** Ctrl-C or a SIGTERM of this process stops every cluster cleanly before exiting. */
function trapSignals() {
  if (signalsTrapped) return;
  signalsTrapped = true;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the cluster…`);
      void Promise.allSettled([...open].map((c) => c.close())).then(() => process.exit(code));
    });
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  checkClusterAvailable();
  ensureBuild();
  trapSignals();
  const say = opts.say ?? ((line: string) => console.log(line));
  const keep = opts.keep ?? process.env.CLUSTER_KEEP === '1';
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-cluster-'));
  // PostgreSQL (as postgres) and nginx's workers (as nobody) must be able to reach their folders inside.
  chmodSync(dir, 0o755);
  const removeDir = () => {
    if (!keep) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
  const onExit = () => {
    killLeftovers();
    removeDir();
  };
  process.on('exit', onExit);

  // What to undo, last first, should the start fail half-way or once the cluster closes.
  const undo: (() => Promise<unknown>)[] = [];
  const unwind = async () => {
    for (const step of undo.splice(0).reverse()) await step().catch(() => {});
  };
  const procs: Proc[] = [];
  const balancers: Balancer[] = [];
  const instances: Instance[] = [];
  try {
    const t0 = Date.now();
    say(`cluster: temporary folder ${dir}`);
    const pg: Postgres = await startPostgres(dir);
    undo.push(() => pg.stop());
    procs.push(pg.proc);
    say(`cluster: PostgreSQL 15 on 127.0.0.1:${pg.port}`);
    const bouncer = await startPgBouncer(dir, pg, { roleTimeouts: true });
    undo.push(() => bouncer.stop());
    procs.push(bouncer.proc);
    say(`cluster: PgBouncer (transaction pooling) on 127.0.0.1:${bouncer.port} → PostgreSQL`);

    const s3Port = await freePort();
    mkdirSync(join(dir, 's3'));
    const s3 = start(
      's3rver',
      process.execPath,
      [join(ROOT, 'scripts/local-s3.mjs'), String(s3Port), join(dir, 's3')],
      {
        logFile: join(dir, 's3.log'),
        cwd: ROOT,
      },
    );
    undo.push(() => s3.stop('SIGTERM', 5_000));
    procs.push(s3);
    await waitUntil(`the S3 server on port ${s3Port}`, () => listening(s3Port), {
      proc: s3,
      timeoutMs: 30_000,
    });
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    say(`cluster: S3 (s3rver) on ${s3Endpoint}, bucket "${S3_BUCKET}"`);

    const count = opts.instances ?? 2;
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    // The balancer's port is chosen first: it is every instance's PUBLIC_ORIGIN (Origin check of the socket).
    const lbPort = await freePort();
    const shared: NodeJS.ProcessEnv = {
      ...withoutServerSettings(process.env),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // The pool through PgBouncer; the migrations' lock and LISTEN straight to PostgreSQL.
      DATABASE_URL: bouncer.url,
      DATABASE_DIRECT_URL: pg.url,
      DATABASE_POOLER: 'pgbouncer',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      STAFF_TOKEN: opts.staffToken,
      PUBLIC_ORIGIN: `http://localhost:${lbPort}`,
      TRUST_PROXY: '1',
      STATIC_DIR: join(ROOT, 'dist'),
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      ...opts.env,
    };
    for (let i = 0; i < count; i++) {
      const name = String.fromCharCode(97 + i);
      const instance = makeInstance(dir, name, ports[i]!, await freePort(), {
        ...shared,
        // One instance seeds the demo customer: on an empty database two seeding at once would both insert it.
        SEED_DEMO: i === 0 ? (shared.SEED_DEMO ?? '1') : '0',
      });
      instances.push(instance);
      undo.push(() => (instance.running() ? instance.stop() : Promise.resolve()));
    }
    // Started together: the migrations' advisory lock lets one of them migrate while the other waits.
    await Promise.all(instances.map((i) => i.start()));
    say(
      `cluster: instances ${instances.map((i) => `${i.name} on :${i.port}`).join(', ')} ready (/readyz 200)`,
    );

    const addBalancer = async (name: string, members: Instance[], port?: number) => {
      const b = await startBalancer(
        dir,
        members.map((m) => m.port),
        { name, port, http: opts.nginxHttp },
      );
      balancers.push(b);
      undo.push(() => b.stop());
      procs.push(b.proc);
      return b;
    };
    const balancer = await addBalancer('nginx', instances, lbPort);
    say(
      `cluster: nginx on ${balancer.url} → ${instances.map((i) => i.port).join(', ')} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );

    let closing: Promise<void> | undefined;
    const cluster: Cluster = {
      dir,
      databaseUrl: bouncer.url,
      databaseDirectUrl: pg.url,
      postgres: pg,
      pgbouncer: bouncer,
      s3Endpoint,
      instances,
      balancer,
      addBalancer: (name, members) => addBalancer(name, members),
      logs(lines = 25) {
        const files = [
          ...instances.map((i) => [`instance ${i.name}`, i.logFile]),
          ...balancers.map((b) => [`${b.proc.name} error log`, b.errorLog]),
          ['postgres', pg.proc.logFile],
          ['pgbouncer', bouncer.proc.logFile],
          ['s3rver', s3.logFile],
        ];
        return files.map(([label, file]) => `── ${label} (${file}) ──\n${tail(file!, lines)}`).join('\n');
      },
      close() {
        closing ??= (async () => {
          open.delete(cluster);
          await unwind();
          process.off('exit', onExit);
          removeDir();
          say(keep ? `cluster: stopped; its files are kept in ${dir}` : 'cluster: stopped and removed');
        })();
        return closing;
      },
    };
    open.add(cluster);
    return cluster;
  } catch (err) {
    // Half-started: what did start is stopped, the end of its logs shown (unless the error quotes it), the folder
    // removed.
    const message = err instanceof Error ? err.message : String(err);
    const logs = procs
      .filter((p) => !message.includes(p.logFile))
      .map((p) => `── ${p.name} (${p.logFile}) ──\n${tail(p.logFile, 15)}`);
    await unwind();
    process.off('exit', onExit);
    if (logs.length) say(logs.join('\n'));
    removeDir();
    throw err;
  }
}

function makeInstance(
  dir: string,
  name: string,
  port: number,
  metricsPort: number,
  env: NodeJS.ProcessEnv,
): Instance {
  const logFile = join(dir, `instance-${name}.log`);
  const dataDir = join(dir, `instance-${name}`);
  mkdirSync(dataDir);
  let proc: Proc | undefined;
  return {
    name,
    port,
    url: `http://localhost:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    logFile,
    running: () => proc?.alive() ?? false,
    pid: () => (proc?.alive() ? proc.pid : undefined),
    async start() {
      if (proc?.alive()) return;
      // `node dist-server/main.mjs` itself, as `npm start` runs it: the signals reach the server, not a wrapper.
      proc = start(
        `instance ${name}`,
        process.execPath,
        ['--enable-source-maps', '--max-semi-space-size=4', SERVER_BUNDLE],
        {
          cwd: ROOT,
          logFile,
          env: { ...env, PORT: String(port), METRICS_PORT: String(metricsPort), DATA_DIR: dataDir },
        },
      );
      await waitUntil(
        `instance ${name} ready (GET /readyz → 200)`,
        () => answers(`http://127.0.0.1:${port}/readyz`),
        {
          proc,
          timeoutMs: 90_000,
          everyMs: 150,
        },
      );
    },
    async stop(signal = 'SIGTERM') {
      if (!proc) return { code: null, signal: null, ms: 0 };
      return proc.stop(signal, 20_000);
    },
  };
}

/**
 * The caller's environment without the server's own settings (docs/operations.md "Configuration"): this run
 * sets those.
 */
function withoutServerSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const key of Object.keys(out))
    if (
      /^(S3_|METRICS_|PGLITE_)/.test(key) ||
      [
        'PORT',
        'HOST',
        'DATA_DIR',
        'DATABASE_URL',
        'DATABASE_DIRECT_URL',
        'DATABASE_POOLER',
        'DATABASE_POOLER_PREPARED',
        'ACCESS_TOKEN_TTL',
        'SEED_DEMO',
        'STORAGE_DRIVER',
        'SHUTDOWN_TIMEOUT_MS',
        'LOG_LEVEL',
      ].includes(key)
    )
      delete out[key];
  return out;
}

/** True once something accepts TCP connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
