// Child process of the realtime bench: holds a share of the WebSocket clients, so that 10 000 sockets are not all
// served by the one event loop that also times them. Talks to bench/realtime.ts over IPC (the messages below).
// Times are epoch milliseconds with sub-millisecond precision (performance.timeOrigin + performance.now()), so the
// parent compares them with its own clock.
import WebSocket from 'ws';
import { performance } from 'node:perf_hooks';
import { HEARTBEAT } from '../../contract/realtime';

export type ToClients =
  | { cmd: 'connect'; urls: string[]; concurrency: number }
  /** From now on, report the arrival of every chat.message whose text holds `bench-<run>-<i>`. */
  | { cmd: 'count'; run: string }
  | { cmd: 'close' };

export type FromClients =
  | { ev: 'connected'; count: number; failed: number; firstError?: string; seconds: number }
  /** Arrivals since the last report: pairs of message number and epoch ms. */
  | { ev: 'arrivals'; pairs: [number, number][] }
  | { ev: 'closed' };

const now = () => performance.timeOrigin + performance.now();
const send = (m: FromClients) => process.send?.(m);

const sockets: WebSocket[] = [];
/** When each socket last heard anything: the SPA says `ping` after HEARTBEAT.intervalMs of silence. */
const lastHeard = new Map<WebSocket, number>();
let marker: RegExp | null = null;
let pending: [number, number][] = [];

function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('socket did not say hello in 30 s'));
    }, 30_000);
    ws.on('message', (raw) => {
      const at = now();
      lastHeard.set(ws, at);
      const data = raw.toString();
      if (data.includes('"hello"')) {
        clearTimeout(timer);
        resolve(ws);
        return;
      }
      if (!marker || !data.includes('chat.message')) return;
      const m = marker.exec(data);
      if (m) pending.push([Number(m[1]), at]);
    });
    ws.on('unexpected-response', (_req, res) => {
      clearTimeout(timer);
      reject(new Error(`socket refused: HTTP ${res.statusCode}`));
    });
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

// The SPA's keep-alive, swept once a second instead of a timer per socket.
setInterval(() => {
  const t = now();
  for (const ws of sockets)
    if (ws.readyState === WebSocket.OPEN && t - (lastHeard.get(ws) ?? t) >= HEARTBEAT.intervalMs) {
      ws.send(HEARTBEAT.ping);
      lastHeard.set(ws, t);
    }
}, 1000).unref();

// Arrivals go to the parent in batches, every 50 ms.
setInterval(() => {
  if (!pending.length) return;
  send({ ev: 'arrivals', pairs: pending });
  pending = [];
}, 50).unref();

process.on('message', (m: ToClients) => {
  if (m.cmd === 'connect') {
    void (async () => {
      const t0 = now();
      let failed = 0;
      let firstError: string | undefined;
      for (let i = 0; i < m.urls.length; i += m.concurrency) {
        const batch = await Promise.allSettled(m.urls.slice(i, i + m.concurrency).map(connect));
        for (const r of batch)
          if (r.status === 'fulfilled') sockets.push(r.value);
          else {
            failed++;
            firstError ??= (r.reason as Error).message;
          }
      }
      send({ ev: 'connected', count: sockets.length, failed, firstError, seconds: (now() - t0) / 1000 });
    })();
  } else if (m.cmd === 'count') {
    marker = new RegExp(`bench-${m.run}-(\\d+)`);
  } else {
    for (const ws of sockets) ws.terminate();
    sockets.length = 0;
    lastHeard.clear();
    send({ ev: 'closed' });
  }
});
process.on('disconnect', () => process.exit(0));
