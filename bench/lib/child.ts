// Child process of the benchmarks: the bare Hono JSON endpoint on @hono/node-server (the baseline the real server
// is compared with; the real server runs from its bundle, see server.ts). Tells the parent its URL over IPC.
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

type Ready = { ready: true; url: string; kind: string } | { ready: false; error: string };
const send = (m: Ready) => process.send?.(m);

function main() {
  const app = new Hono();
  app.get('/json', (c) => c.json({ hello: 'world' }));
  const port = Number(process.env.PORT);
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () =>
    send({ ready: true, url: `http://127.0.0.1:${port}`, kind: 'bare' }),
  );
  process.on('message', (m) => {
    if (m === 'stop') server.close(() => process.exit(0));
  });
}

try {
  main();
} catch (err: unknown) {
  send({ ready: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
}
