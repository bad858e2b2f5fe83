import { loadConfig } from './config';
import { startServer, type RunningServer } from './server';
import { createLogger } from './ops/logger';

const config = loadConfig();
let server: RunningServer;
try {
  server = await startServer(config);
} catch (err) {
  createLogger(config.logLevel).fatal({ err }, 'could not start');
  process.exit(1);
}
const { log } = server;
// "Customer cabinet on <url> (<kind>" is what the benchmarks wait for.
log.info(
  `Customer cabinet on ${server.url} (${server.deps.database.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`})`,
);
if (server.metricsUrl) log.info(`Metrics on ${server.metricsUrl}`);
if (config.seedDemo) log.info('Demo customer: demo@example.com (its password is in the README)');

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
