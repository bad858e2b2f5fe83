import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { createNodeWebSocket } from '@hono/node-ws';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Hono } from 'hono';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createApp } from './app';
import type { AppEnv, Deps } from './env';
import { createRealtime } from './realtime/bus-hub';
import { mountSocket } from './realtime/socket';
import { seedDemo } from './db/seed';

export interface RunningServer {
  url: string;
  deps: Deps;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds on empty, and serves the SPA, the API and the socket on one port. */
export async function startServer(
  config: Config,
  opts: { database?: Database } = {},
): Promise<RunningServer> {
  const database =
    opts.database ??
    (await openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl }
        : { dataDir: join(config.dataDir, 'db'), sharedBuffers: config.pgliteSharedBuffers },
    ));
  const realtime = await createRealtime(database);
  const deps: Deps = { config, database, db: database.db, realtime, now: () => new Date() };
  if (config.seedDemo) await seedDemo(deps);

  let ws: ReturnType<typeof createNodeWebSocket> | undefined;
  const app = createApp(deps, (app) => {
    ws = createNodeWebSocket({ app });
    mountSocket(app, deps, ws.upgradeWebSocket);
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
      if (!opts.database) await database.close();
    },
  };
}

/** Static files of the built SPA; every other GET that is not an API path gets index.html (client routing). */
function serveSpa(app: Hono<AppEnv>, staticDir: string) {
  const indexFile = join(staticDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('*', (c) =>
      c.text('The SPA is not built: run `npm run build` (npm start does it for you).', 503),
    );
    return;
  }
  const root = relative(process.cwd(), staticDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      // The build writes .br and .gz beside each text asset (scripts/precompress.ts).
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use('*', serveStatic({ root, precompressed: true }));
  const html = readFileSync(indexFile, 'utf8');
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
}
