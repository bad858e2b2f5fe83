import type { Hono } from 'hono';
import type { UpgradeWebSocket } from 'hono/ws';
import type { AppEnv, Deps } from '../env';
import { verifyAccessToken } from '../domain/tokens';
import { isSessionActive } from '../domain/sessions';
import type WebSocket from 'ws';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { HEARTBEAT, LIMIT_CLOSE, SOCKET_LIMITS, SOCKET_PATH } from '../../contract/realtime';
import type { RealtimeEvent } from '../../contract/realtime.api';

// @hono/node-ws reports a socket's error as `new ErrorEvent(…)`, a global Node 20 does not have: every error (a frame
// over the limit, a reset) logged a ReferenceError instead and never reached onError. A minimal stand-in, for Node 20.
if (typeof globalThis.ErrorEvent === 'undefined') {
  (globalThis as { ErrorEvent?: unknown }).ErrorEvent = class ErrorEvent extends Event {
    readonly error: unknown;
    readonly message: string;
    constructor(type: string, init: { error?: unknown; message?: string } = {}) {
      super(type);
      this.error = init.error;
      this.message = init.message ?? (init.error instanceof Error ? init.error.message : '');
    }
  };
}

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
  {
    pingMs = SERVER_PING_MS,
    wss,
    limits = SOCKET_LIMITS,
  }: {
    pingMs?: number;
    /** The socket server: its frame limit is set here (ws refuses a longer frame on its header, with 1009). */
    wss?: WebSocketServer;
    limits?: { maxFrameBytes: number; messagesPerWindow: number; windowMs: number };
  } = {},
) {
  if (wss) wss.options.maxPayload = limits.maxFrameBytes;
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
    // The flood limit: messages (and protocol pings) counted per window; one over the limit ends the socket.
    let windowStart = Date.now();
    let count = 0;
    const overLimit = () => {
      const now = Date.now();
      if (now - windowStart >= limits.windowMs) {
        windowStart = now;
        count = 0;
      }
      return ++count > limits.messagesPerWindow;
    };
    const end = () => {
      clearInterval(pinger);
      detach?.();
      detach = undefined;
    };
    return upgradeWebSocket(() => ({
      onOpen(_evt, ws) {
        const raw = ws.raw as WebSocket | undefined;
        detach = deps.realtime.attach(claims.userId, claims.sessionId, {
          send: (data) => ws.send(data),
          sendShared: (message) => {
            const stream = raw && writableStream(raw);
            if (!stream) return ws.send(message.text);
            stream.write((message.frame ??= textFrame(message.text)));
          },
          close: (code, reason) => ws.close(code, reason),
        });
        ws.send(JSON.stringify({ type: 'hello', userId: claims.userId } satisfies RealtimeEvent));
        // Protocol pings (browsers answer them by themselves): a peer that vanished is ended within two rounds.
        if (!raw) return;
        let answered = true;
        raw.on('pong', () => (answered = true));
        raw.on('ping', () => {
          if (overLimit()) cutOff(raw);
        });
        pinger = setInterval(() => {
          if (!answered) return raw.terminate();
          answered = false;
          raw.ping();
        }, pingMs);
        pinger.unref();
      },
      onMessage(evt, ws) {
        if (ws.readyState !== 1) return; // closing: what is still in flight is dropped
        if (overLimit()) return cutOff(ws.raw as WebSocket);
        // The socket only receives events; the one thing a client says is the keep-alive.
        if (evt.data === HEARTBEAT.ping) ws.send(HEARTBEAT.pong);
      },
      onClose: end,
      onError: end,
    }))(c, next);
  });
}

/**
 * The TCP stream under an open socket that frames nothing itself (no compression negotiated), where a frame made once
 * may be written as is; otherwise null, and the message goes through `ws`. `ws` writes a text frame to this stream
 * as soon as it is sent (no queue without compression or blobs), so frames written either way keep their order.
 */
function writableStream(raw: WebSocket): Duplex | null {
  if (raw.readyState !== raw.OPEN || raw.extensions !== '') return null;
  const stream = (raw as unknown as { _socket?: Duplex })._socket;
  return stream?.writable ? stream : null;
}

/**
 * One unmasked text frame (RFC 6455 5.2: FIN and opcode 1, then the length in 7, 7+16 or 7+64 bits): a server's
 * frame is the same bytes for every socket, so an event to 10 000 tabs is encoded once and written 10 000 times.
 */
export function textFrame(text: string): Uint8Array {
  const payload = Buffer.from(text);
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, head);
  return frame;
}

/** Ends a flooding client: 1008, and the connection is dropped a moment later even if the client never answers. */
function cutOff(raw: WebSocket) {
  raw.close(LIMIT_CLOSE.flood, 'Слишком много сообщений.');
  setTimeout(() => raw.terminate(), 1_000).unref();
}

function allowedOrigin(origin: string, publicOrigin: string, host: string | undefined): boolean {
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
