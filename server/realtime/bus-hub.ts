import type { Database } from '../db/client';
import type { RealtimeEvent } from '../../contract/realtime.api';
import type { Realtime, RealtimeSocket, SessionEndedReason } from './hub';
import { SESSION_CLOSE } from '../../contract/realtime';

const CHANNEL = 'cabinet_events';

type Envelope =
  | { kind: 'event'; userId: number; event: RealtimeEvent }
  | { kind: 'close-session'; sessionId: string; reason?: SessionEndedReason; eraseAt?: string };

/**
 * The hub: sockets of this instance by user; every publish goes through PostgreSQL NOTIFY so that each instance
 * (listening on the same channel) delivers to its own sockets. NOTIFY payloads are limited to 8000 bytes, so
 * events carry ids and small data; clients fetch the rest.
 */
export async function createRealtime(database: Database): Promise<Realtime> {
  const sockets = new Map<number, Set<{ sessionId: string; socket: RealtimeSocket }>>();

  const deliver = (raw: string) => {
    let env: Envelope;
    try {
      env = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (env.kind === 'event') {
      const data = JSON.stringify(env.event);
      for (const entry of sockets.get(env.userId) ?? []) entry.socket.send(data);
    } else {
      const reason = env.reason && Object.hasOwn(SESSION_CLOSE, env.reason) ? env.reason : 'signedOut';
      const data = JSON.stringify({
        type: 'session.ended',
        reason,
        ...(reason === 'accountClosed' && env.eraseAt && { erase_at: env.eraseAt }),
      } satisfies RealtimeEvent);
      for (const set of sockets.values())
        for (const entry of set)
          if (entry.sessionId === env.sessionId) {
            entry.socket.send(data);
            entry.socket.close(SESSION_CLOSE[reason], 'session ended');
          }
    }
  };
  const unlisten = await database.listen(CHANNEL, deliver);

  return {
    async publish(userId, event) {
      await database.notify(CHANNEL, JSON.stringify({ kind: 'event', userId, event } satisfies Envelope));
    },
    attach(userId, sessionId, socket) {
      const entry = { sessionId, socket };
      let set = sockets.get(userId);
      if (!set) sockets.set(userId, (set = new Set()));
      set.add(entry);
      return () => {
        set.delete(entry);
        if (set.size === 0) sockets.delete(userId);
      };
    },
    async closeSession(sessionId, reason = 'signedOut', eraseAt) {
      await database.notify(
        CHANNEL,
        JSON.stringify({ kind: 'close-session', sessionId, reason, eraseAt } satisfies Envelope),
      );
    },
    async close() {
      await unlisten();
      for (const set of sockets.values()) for (const e of set) e.socket.close(1001, 'server closing');
      sockets.clear();
    },
  };
}
