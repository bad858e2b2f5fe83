import { loadConfig } from './config';
import { startServer, type RunningServer } from './server';
import { createLogger } from './ops/logger';
import { describeDatabase, describeStorage } from './ops/startup';
import { DEMO_EMAIL, DEMO_PASSWORD } from './db/seed';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  // A bad setting (a short or once-shipped STAFF_TOKEN, …): its message says why and what to do.
  console.error(`could not start: ${(err as Error).message}`);
  process.exit(1);
}
let server: RunningServer;
try {
  server = await startServer(config);
} catch (err) {
  createLogger(config.logLevel).fatal({ err }, `could not start: ${(err as Error).message}`);
  process.exit(1);
}
const { log } = server;
// "Customer cabinet on <url> (<kind>" is what the benchmarks wait for.
log.info(
  `Customer cabinet on ${server.url} (${describeDatabase(config)}; ${describeStorage(config)}; listening on ${config.host}:${new URL(server.url).port})`,
);
const { migrationsApplied } = server.deps.database;
if (migrationsApplied[0]?.startsWith('0000_'))
  log.info(`Created the database's schema (${migrationsApplied.length} migrations)`);
else if (migrationsApplied.length)
  log.info(
    `Migrated the database: ${migrationsApplied.join(', ')} (in one transaction; docs/operations.md "Upgrading")`,
  );
if (server.metricsUrl) log.info(`Metrics on ${server.metricsUrl}`);
if (server.seededDemo)
  log.info(`Demo customer seeded: ${DEMO_EMAIL}, password ${DEMO_PASSWORD} (SEED_DEMO=0 skips it)`);

// The first signal shuts down gracefully (server.close says in which order); a second one does not wait.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'signal received');
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
