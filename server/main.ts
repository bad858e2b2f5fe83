import { loadConfig } from './config';
import { startServer } from './server';

const config = loadConfig();
const server = await startServer(config);
console.log(
  `Customer cabinet on ${server.url} (${server.deps.database.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`})`,
);
if (config.seedDemo) console.log('Demo customer: demo@example.com / demo-password');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().finally(() => process.exit(0));
  });
}
