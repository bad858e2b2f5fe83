// Child process of the benchmarks: the real server (`startServer(loadConfig(env))`) or, with BENCH_BARE=1, a bare
// Hono JSON endpoint on @hono/node-server (the baseline). Tells the parent its URL over IPC, stops on 'stop'.
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/server';

type Ready = { ready: true; url: string; kind: string } | { ready: false; error: string };
const send = (m: Ready) => process.send?.(m);

async function main() {
  if (process.env.BENCH_BARE === '1') {
    const app = new Hono();
    app.get('/json', (c) => c.json({ hello: 'world' }));
    const port = Number(process.env.PORT);
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () =>
      send({ ready: true, url: `http://127.0.0.1:${port}`, kind: 'bare' }),
    );
    process.on('message', (m) => {
      if (m === 'stop') server.close(() => process.exit(0));
    });
    return;
  }
  const server = await startServer(loadConfig(process.env));
  send({ ready: true, url: server.url, kind: server.deps.database.kind });
  process.on('message', (m) => {
    if (m === 'stop')
      server
        .close()
        .catch(() => {})
        .finally(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  send({ ready: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
});
