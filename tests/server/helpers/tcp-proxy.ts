// A TCP proxy between the server and PostgreSQL that the test can cut: every open connection dropped at once (a
// network fault, a failover of a managed database), and new ones refused until it is healed.
import { createServer, connect, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every connection (both sides reset) and refuses new ones until heal(). */
  cut(): void;
  heal(): void;
  close(): Promise<void>;
}

export function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) return client.resetAndDestroy();
    const upstream = connect(targetPort, targetHost);
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        port,
        cut() {
          refusing = true;
          for (const s of open) s.resetAndDestroy();
          open.clear();
        },
        heal() {
          refusing = false;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const s of open) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
