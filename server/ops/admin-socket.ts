// The running server's door for operators on its own machine: a Unix socket in DATA_DIR (mode 0600, so only the
// server's user can use it; nothing listens on the network). `npm run backup` asks it for a snapshot, because PGlite
// is one process's database — a second process opening DATA_DIR/db beside the server would corrupt it. One JSON line
// in, one out: {"op":"snapshot"} → {"ok":true,"stage":…,"pauseMs":…,"schema":…} or {"ok":false,"error":…}.
// Its presence also marks the folder as taken: a second server on the same DATA_DIR refuses to start.
import { chmod, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { removeStaleStages, takeSnapshot } from './backup';
import type { Logger } from './logger';

export const ADMIN_SOCKET = 'admin.sock';
/** Linux's limit on a socket's path (sun_path), less its terminating zero. */
export const MAX_SOCKET_PATH = 107;

/** Resolves true when something answers on the socket (a running server), false when nothing does. */
export function socketAnswers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(path);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Throws when a server already runs on this DATA_DIR (before this one opens the database beside it). */
export async function refuseIfServed(dataDir: string): Promise<void> {
  const path = join(dataDir, ADMIN_SOCKET);
  if (path.length <= MAX_SOCKET_PATH && (await socketAnswers(path)))
    throw new Error(`Another server is running on ${dataDir} (it answers on ${path}).`);
}

export async function openAdminSocket(opts: {
  dataDir: string;
  pglite: PGlite;
  log: Logger;
}): Promise<{ close(): Promise<void> }> {
  const path = join(opts.dataDir, ADMIN_SOCKET);
  if (path.length > MAX_SOCKET_PATH) {
    opts.log.warn(`DATA_DIR's path is too long for ${ADMIN_SOCKET}: back up with the server stopped`);
    return { close: async () => {} };
  }
  await rm(path, { force: true }); // left by a server that did not stop cleanly
  await removeStaleStages(opts.dataDir);

  const server: Server = createServer((socket) => {
    let line = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      line += chunk;
      if (line.length > 4096) return socket.destroy();
      if (!line.includes('\n')) return;
      const answer = (body: object) => socket.end(`${JSON.stringify(body)}\n`);
      let op: unknown;
      try {
        op = (JSON.parse(line.slice(0, line.indexOf('\n'))) as { op?: unknown }).op;
      } catch {
        return answer({ ok: false, error: 'one JSON object per line, e.g. {"op":"snapshot"}' });
      }
      if (op !== 'snapshot') return answer({ ok: false, error: `unknown op ${JSON.stringify(op)}` });
      takeSnapshot(opts.pglite, opts.dataDir).then(
        (snapshot) => {
          opts.log.info({ pauseMs: Math.round(snapshot.pauseMs) }, 'backup snapshot taken');
          answer({ ok: true, ...snapshot });
        },
        (err: unknown) => {
          opts.log.error({ err }, 'backup snapshot failed');
          answer({ ok: false, error: String(err) });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, resolve);
  });
  await chmod(path, 0o600);
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
