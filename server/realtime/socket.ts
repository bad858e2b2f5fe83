import type { Hono } from 'hono';
import type { UpgradeWebSocket } from 'hono/ws';
import type { AppEnv, Deps } from '../env';
import { verifyAccessToken } from '../domain/tokens';
import { isSessionActive } from '../domain/sessions';
import type WebSocket from 'ws';
import { HEARTBEAT, SOCKET_PATH } from '../../contract/realtime';
import type { RealtimeEvent } from '../../contract/realtime.api';

/** How often the server pings each socket; one that has not answered the previous ping by then is ended. */
export const SERVER_PING_MS = 30_000;

/**
 * One WebSocket per signed-in tab. The token is checked before the upgrade, the Origin must be ours (or absent,
 * for non-browser clients), and the query string is never logged. The socket only receives: clients act through HTTP.
 */
export function mountSocket(
  app: Hono<AppEnv>,
  deps: Deps,
  upgradeWebSocket: UpgradeWebSocket,
  { pingMs = SERVER_PING_MS }: { pingMs?: number } = {},
) {
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
    let pinger: ReturnType<typeof setInterval> | undefined;
    const end = () => {
      clearInterval(pinger);
      detach?.();
      detach = undefined;
    };
    return upgradeWebSocket(() => ({
      onOpen(_evt, ws) {
        detach = deps.realtime.attach(claims.userId, claims.sessionId, {
          send: (data) => ws.send(data),
          close: (code, reason) => ws.close(code, reason),
        });
        ws.send(JSON.stringify({ type: 'hello', userId: claims.userId } satisfies RealtimeEvent));
        // Protocol pings (browsers answer them by themselves): a peer that vanished is ended within two rounds.
        const raw = ws.raw as WebSocket | undefined;
        if (!raw) return;
        let answered = true;
        raw.on('pong', () => (answered = true));
        pinger = setInterval(() => {
          if (!answered) return raw.terminate();
          answered = false;
          raw.ping();
        }, pingMs);
        pinger.unref();
      },
      onMessage(evt, ws) {
        // The socket only receives events; the one thing a client says is the keep-alive.
        if (evt.data === HEARTBEAT.ping) ws.send(HEARTBEAT.pong);
      },
      onClose: end,
      onError: end,
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
