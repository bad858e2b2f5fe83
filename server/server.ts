import { serve, type ServerType } from '@hono/node-server';
import { createNodeWebSocket } from '@hono/node-ws';
import { join } from 'node:path';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createApp } from './app';
import type { Deps } from './env';
import { createRealtime } from './realtime/bus-hub';
import { mountSocket } from './realtime/socket';
import { seedDemo } from './db/seed';
import { serveSpa } from './spa/serve-spa';
import { createStorage } from './storage/storage';

export interface RunningServer {
  url: string;
  deps: Deps;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds on empty, and serves the SPA, the API and the socket on one port. */
export async function startServer(
  config: Config,
  opts: { database?: Database; socketPingMs?: number } = {},
): Promise<RunningServer> {
  const database =
    opts.database ??
    (await openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl }
        : { dataDir: join(config.dataDir, 'db'), sharedBuffers: config.pgliteSharedBuffers },
    ));
  const realtime = await createRealtime(database);
  const storage = await createStorage(config);
  await storage.ready(); // a wrong bucket or an unwritable DATA_DIR stops the start, not the first upload
  const deps: Deps = { config, database, db: database.db, realtime, storage, now: () => new Date() };
  if (config.seedDemo) await seedDemo(deps);

  let ws: ReturnType<typeof createNodeWebSocket> | undefined;
  const app = createApp(deps, (app) => {
    ws = createNodeWebSocket({ app });
    mountSocket(app, deps, ws.upgradeWebSocket, { pingMs: opts.socketPingMs });
  });
  serveSpa(app, config.staticDir);

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  ws?.injectWebSocket(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://localhost:${port}`,
    deps,
    async close() {
      ws?.wss.clients.forEach((c) => c.terminate());
      await realtime.close();
      await new Promise<void>((r) => server.close(() => r()));
      await storage.close();
      if (!opts.database) await database.close();
    },
  };
}
