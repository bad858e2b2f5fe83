import type { Hono } from 'hono';
import type { UpgradeWebSocket } from 'hono/ws';
import type { AppEnv, Deps } from '../env';
import { verifyAccessToken } from '../domain/tokens';
import { isSessionActive } from '../domain/sessions';
import type { RealtimeEvent } from '../../src/api/contract/realtime';

/** The socket path; the bearer token travels in the `token` query parameter (spec point 7). */
export const SOCKET_PATH = '/ws/client/';

/**
 * One WebSocket per signed-in tab. The token is checked before the upgrade, the Origin must be ours (or absent,
 * for non-browser clients), and the query string is never logged. The socket only receives: clients act through HTTP.
 */
export function mountSocket(app: Hono<AppEnv>, deps: Deps, upgradeWebSocket: UpgradeWebSocket) {
  app.get(SOCKET_PATH, async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && !allowedOrigin(origin, deps.config.publicOrigin, c.req.header('host'))) {
      return c.json({ detail: 'Недопустимый источник.' }, 403);
    }
    const token = c.req.query('token') ?? '';
    const claims = token ? await verifyAccessToken(deps, token) : null;
    if (!claims || !(await isSessionActive(deps, claims.sessionId))) {
      return c.json({ detail: 'Токен недействителен или просрочен.' }, 401);
    }
    let detach: (() => void) | undefined;
    return upgradeWebSocket(() => ({
      onOpen(_evt, ws) {
        detach = deps.realtime.attach(claims.userId, claims.sessionId, {
          send: (data) => ws.send(data),
          close: (code, reason) => ws.close(code, reason),
        });
        ws.send(JSON.stringify({ type: 'hello', userId: claims.userId } satisfies RealtimeEvent));
      },
      onClose() {
        detach?.();
      },
      onError() {
        detach?.();
      },
    }))(c, next);
  });
}

function allowedOrigin(origin: string, publicOrigin: string, host: string | undefined): boolean {
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
