// `npm run e2e:cluster [-- <playwright args>]`: two instances of the built server behind nginx, on a throw-away
// PostgreSQL 15 through PgBouncer in transaction mode, and a local S3 server, then the browser specs of e2e/cluster/
// through the balancer (playwright.cluster.config.ts). `npm run e2e:cluster -- --up` only starts the cluster and keeps it up until Ctrl-C.
// Everything is stopped and removed at the end, on failure and on Ctrl-C too.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { ClusterUnavailable, startCluster, type Cluster, type Instance } from './cluster';
import { ROOT } from './nginx';
import { createStaffKeys, STAFF_KEYS_ENV } from '../../e2e/support/staff-keys';
import { TEST_MACHINE_SHEDDING } from '../../e2e/support/test-server-env';
import webpush from 'web-push';

/**
 * The cluster's bootstrap STAFF_TOKEN, random per run: used once, to make the run's API keys, one per role; the specs
 * get only the keys (E2E_STAFF_KEYS, e2e/support/staff-keys.ts).
 */
const STAFF_TOKEN = `e2e-${randomBytes(24).toString('base64url')}`;
const vapid = webpush.generateVAPIDKeys();

/**
 * The specs stop and start instances through this small HTTP API on loopback (the processes are this script's
 * children): GET /instances; POST /instances/<name>/stop (SIGTERM, answers once it exited); POST …/start; and
 * POST /postgres/stop (a fast shutdown, answers once it is down), POST /postgres/start (answers once it accepts
 * connections): the two halves of `pg_ctl restart -m fast`, PgBouncer staying up in front; GET /pgbouncer (its pid).
 */
function controlServer(cluster: Cluster): Promise<{ url: string; server: Server }> {
  const describe = (i: Instance) => ({
    name: i.name,
    url: i.url,
    port: i.port,
    metricsUrl: i.metricsUrl,
    logFile: i.logFile,
    running: i.running(),
    pid: i.pid() ?? null,
  });
  const server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const db = /^\/postgres\/(stop|start)$/.exec(req.url ?? '');
    if (req.method === 'POST' && db) {
      const pg = cluster.postgres;
      const started = Date.now();
      void (db[1] === 'stop' ? pg.stop() : pg.start()).then(
        () => reply(200, { running: pg.running(), ms: Date.now() - started }),
        (err: unknown) => reply(500, { detail: err instanceof Error ? err.message : String(err) }),
      );
      return;
    }
    if (req.method === 'GET' && req.url === '/pgbouncer')
      return reply(200, { pid: cluster.pgbouncer.proc.pid, running: cluster.pgbouncer.proc.alive() });
    const m = /^\/instances\/([a-z])\/(stop|start)$/.exec(req.url ?? '');
    if (req.method === 'GET' && req.url === '/instances') return reply(200, cluster.instances.map(describe));
    const instance = m && cluster.instances.find((i) => i.name === m[1]);
    if (req.method !== 'POST' || !m || !instance) return reply(404, { detail: 'no such control call' });
    const action = m[2] === 'stop' ? instance.stop('SIGTERM') : instance.start().then(() => ({}));
    action.then(
      (result) => reply(200, { ...describe(instance), ...result }),
      (err: unknown) => reply(500, { detail: err instanceof Error ? err.message : String(err) }),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, server });
    }),
  );
}

function runPlaywright(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const cli = join(ROOT, 'node_modules/@playwright/test/cli.js');
  const child = spawn(process.execPath, [cli, 'test', '-c', 'playwright.cluster.config.ts', ...args], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  // Should this script be stopped (the cluster is then closed), Playwright goes with it.
  const stop = () => child.kill('SIGTERM');
  process.on('exit', stop);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', stop);
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const upOnly = args.includes('--up');
  const t0 = Date.now();
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      instances: 2,
      staffToken: STAFF_TOKEN,
      // As the main e2e server: sessions last the whole run.
      // TEST_HOOKS: the specs' fresh customers (POST /api/staff/demo-customer/) exist on a test server only.
      // One VAPID key pair for both instances, as a deployment sets it (docs/notifications.md "Web Push").
      env: {
        ACCESS_TOKEN_TTL: '300',
        SHUTDOWN_TIMEOUT_MS: '5000',
        TEST_HOOKS: '1',
        ...TEST_MACHINE_SHEDDING,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      },
    });
  } catch (err) {
    if (err instanceof ClusterUnavailable) {
      console.error(`e2e:cluster cannot run here: ${err.message}`);
      return 2;
    }
    console.error(`e2e:cluster: the cluster did not start: ${err instanceof Error ? err.message : err}`);
    return 1;
  }
  const control = await controlServer(cluster);
  try {
    if (upOnly) {
      console.log(`\nThe cluster is up: open ${cluster.balancer.url} (demo@example.com / demo-password).`);
      for (const i of cluster.instances) console.log(`  instance ${i.name}: ${i.url}, log ${i.logFile}`);
      console.log(`  nginx access log: ${cluster.balancer.accessLog}\nCtrl-C stops it.`);
      await new Promise(() => {});
    }
    const keys = await createStaffKeys(cluster.balancer.url, STAFF_TOKEN);
    const code = await runPlaywright(args, {
      ...process.env,
      [STAFF_KEYS_ENV]: JSON.stringify(keys),
      CLUSTER_URL: cluster.balancer.url,
      CLUSTER_CONTROL: control.url,
      CLUSTER_ACCESS_LOG: cluster.balancer.accessLog,
      CLUSTER_DATABASE_DIRECT: cluster.databaseDirectUrl,
      CLUSTER_PGBOUNCER_ADMIN: cluster.pgbouncer.adminUrl,
      CLUSTER_INSTANCES: JSON.stringify(
        cluster.instances.map((i) => ({
          name: i.name,
          url: i.url,
          metricsUrl: i.metricsUrl,
          logFile: i.logFile,
        })),
      ),
    });
    if (code !== 0) console.error(`\ne2e:cluster failed; the end of each log:\n${cluster.logs(30)}`);
    return code;
  } finally {
    control.server.close();
    await cluster.close();
    console.log(`e2e:cluster: ${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
  }
}

process.exit(await main());
