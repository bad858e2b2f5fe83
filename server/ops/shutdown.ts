import type { Server, ServerResponse } from 'node:http';
import WebSocket, { type WebSocketServer } from 'ws';

/** 1001 "going away": the client's realtime machine reconnects, through the balancer, to another instance. */
export const GOING_AWAY = 1001;

export interface RequestTracker {
  /** Requests received and not yet answered in full. */
  readonly count: number;
  /** Marks every answer still to come `Connection: close`; resolves once no request is left. */
  drain(): Promise<void>;
}

/** Follows the requests a server is answering (upgrades to WebSocket are not requests here; see stopServing). */
export function trackRequests(server: Server): RequestTracker {
  const open = new Set<ServerResponse>();
  const waiting: (() => void)[] = [];
  let draining = false;
  server.on('request', (_req, res: ServerResponse) => {
    open.add(res);
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      open.delete(res);
      if (open.size === 0) for (const resolve of waiting.splice(0)) resolve();
    });
  });
  return {
    get count() {
      return open.size;
    },
    drain() {
      draining = true;
      for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
      return open.size === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/**
 * Stops a server in order: no new connections; open sockets are told 1001 and the requests in flight are answered,
 * all within `timeoutMs`, after which whatever remains is cut. Resolves once every connection is closed, with how
 * many requests and sockets had to be cut.
 */
export async function stopServing(opts: {
  server: Server;
  requests: RequestTracker;
  sockets: WebSocketServer | undefined;
  timeoutMs: number;
}): Promise<{ requestsCut: number; socketsCut: number }> {
  const { server, requests, sockets, timeoutMs } = opts;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const open = [...(sockets?.clients ?? [])].filter((ws) => ws.readyState !== WebSocket.CLOSED);
  const socketsClosed = open.map((ws) => new Promise((resolve) => ws.once('close', resolve)));
  for (const ws of open) ws.close(GOING_AWAY, 'server shutting down');
  // An upgrade that was already under way when the listener closed.
  sockets?.on('connection', (ws: WebSocket) => ws.close(GOING_AWAY, 'server shutting down'));

  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
  const done = Promise.all([requests.drain(), ...socketsClosed]).then(() => {
    // Keep-alive connections whose last answer has gone out.
    server.closeIdleConnections();
    return closed;
  });
  const outcome = await Promise.race([done, late]);
  clearTimeout(timer);
  if (outcome !== 'late') return { requestsCut: 0, socketsCut: 0 };

  const requestsCut = requests.count;
  let socketsCut = 0;
  for (const ws of sockets?.clients ?? [])
    if (ws.readyState !== WebSocket.CLOSED) {
      socketsCut++;
      ws.terminate();
    }
  server.closeAllConnections();
  await closed;
  return { requestsCut, socketsCut };
}
