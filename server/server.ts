import { serve } from '@hono/node-server';
import { createNodeWebSocket } from '@hono/node-ws';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createApp } from './app';
import type { Deps } from './env';
import { createRealtime } from './realtime/bus-hub';
import { mountSocket } from './realtime/socket';
import { seedDemo } from './db/seed';
import { serveSpa } from './spa/serve-spa';
import { createLogger, type Logger } from './ops/logger';
import { createMetrics, serveMetrics, watchServer } from './ops/metrics';
import type { Lifecycle } from './ops/health';
import { stopServing, trackRequests } from './ops/shutdown';
import { createStorage } from './storage/storage';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { registerJobs } from './jobs/tasks';
import { openAdminSocket, refuseIfServed } from './ops/admin-socket';

export interface RunningServer {
  url: string;
  /** The Prometheus endpoint, when config.metricsPort is set. */
  metricsUrl: string | undefined;
  deps: Deps;
  /** The background jobs of this instance (server/jobs/runner.ts). */
  jobs: JobRunner;
  log: Logger;
  /** This start made the demo customer (SEED_DEMO on an empty database). */
  seededDemo: boolean;
  /**
   * The graceful shutdown (SIGTERM): /readyz turns 503, the listener closes, sockets get 1001, requests in flight are
   * answered (within config.shutdownTimeoutMs), then the job runner (its pass under way ends), the realtime hub, the metrics port and, last, the database close.
   */
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds on empty, and serves the SPA, the API and the socket on one port. */
export async function startServer(
  config: Config,
  opts: {
    /** A database opened by the caller; it stays open at close() unless closeDatabase says otherwise. */
    database?: Database;
    closeDatabase?: boolean;
    socketPingMs?: number;
    log?: Logger;
  } = {},
): Promise<RunningServer> {
  const log = opts.log ?? createLogger(config.logLevel);
  if (!opts.database && !config.databaseUrl) await refuseIfServed(config.dataDir); // one PGlite, one process
  const database =
    opts.database ??
    (await openDatabase(
      config.databaseUrl
        ? {
            url: config.databaseUrl,
            directUrl: config.databaseDirectUrl,
            pooler: config.databasePooler,
            timeouts: config.dbTimeouts,
            log,
          }
        : { dataDir: join(config.dataDir, 'db'), sharedBuffers: config.pgliteSharedBuffers },
    ));
  // Only the server that opened DATA_DIR/db itself answers backups on DATA_DIR/admin.sock
  // (docs/operations.md "Backups").
  const admin =
    !opts.database && database.pglite
      ? await openAdminSocket({ dataDir: config.dataDir, pglite: database.pglite, log }).catch(
          async (err: unknown) => {
            await database.close();
            throw err;
          },
        )
      : undefined;
  const realtime = await createRealtime(database, log);
  const storage = await createStorage(config);
  await storage.ready(); // a wrong bucket or an unwritable DATA_DIR stops the start, not the first upload
  // The clock. A test server's can be set (TEST_HOOKS=1: POST /api/staff/test/clock/); it runs on from there.
  let clockOffsetMs = 0;
  const deps: Deps = {
    config,
    database,
    db: database.db,
    realtime,
    storage,
    now: () => new Date(Date.now() + clockOffsetMs),
    ...(config.testHooks && { setClock: (at: Date) => void (clockOffsetMs = at.getTime() - Date.now()) }),
  };
  const seededDemo = config.seedDemo && (await seedDemo(deps));
  const jobs = createJobRunner({ db: database.db, now: deps.now, log });
  registerJobs(jobs, deps);
  await jobs.start();

  const lifecycle: Lifecycle = { draining: false };
  const metrics = config.metricsPort === undefined ? undefined : createMetrics();
  let ws: ReturnType<typeof createNodeWebSocket> | undefined;
  const app = createApp(
    deps,
    (app) => {
      ws = createNodeWebSocket({ app });
      mountSocket(app, deps, ws.upgradeWebSocket, { pingMs: opts.socketPingMs, wss: ws.wss });
    },
    { log, metrics, lifecycle },
  );
  serveSpa(app, config.staticDir, deps);

  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(s as Server),
    );
  });
  ws?.injectWebSocket(server);
  const requests = trackRequests(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  if (metrics)
    watchServer(metrics, {
      inFlight: () => requests.count,
      sockets: () => ws?.wss.clients.size ?? 0,
      pool: database.poolStats,
    });
  const metricsServer =
    metrics && config.metricsPort !== undefined
      ? await serveMetrics(metrics, config.metricsPort, config.metricsHost)
      : undefined;

  let closing: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    metricsUrl: metricsServer?.url,
    deps,
    jobs,
    log,
    seededDemo,
    close() {
      closing ??= (async () => {
        lifecycle.draining = true;
        log.info({ timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
        const cut = await stopServing({
          server,
          requests,
          sockets: ws?.wss,
          timeoutMs: config.shutdownTimeoutMs,
        });
        if (cut.requestsCut || cut.socketsCut) log.warn(cut, 'shutdown timed out: cut what was left');
        log.info('connections closed');
        await jobs.stop();
        await realtime.close();
        await metricsServer?.close();
        await storage.close();
        await admin?.close();
        if (opts.closeDatabase ?? !opts.database) await database.close();
        log.info('stopped');
      })();
      return closing;
    },
  };
}
