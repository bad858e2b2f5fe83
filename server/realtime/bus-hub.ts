import type { Database } from '../db/client';
import type { RealtimeEvent } from '../../contract/realtime.api';
import type { Realtime, RealtimeSocket, SessionEndedReason, SharedMessage } from './hub';
import { RESYNC_CLOSE, SESSION_CLOSE } from '../../contract/realtime';
import type { Logger } from '../ops/logger';

const CHANNEL = 'cabinet_events';

type Entry = { sessionId: string; socket: RealtimeSocket };

type Envelope =
  | { kind: 'event'; userId: number; event: RealtimeEvent }
  | { kind: 'close-session'; sessionId: string; reason?: SessionEndedReason; eraseAt?: string };

/**
 * Sends per event-loop turn: an event to more sockets than this goes out in slices, a `setImmediate` apart, so that
 * requests, heartbeats and the next NOTIFY are served between them (docs/scaling.md "Sockets"). A customer's few
 * tabs are sent at once, in the NOTIFY's own turn.
 */
export const FANOUT_SLICE = 1_000;

/** Envelopes whose NOTIFY failed, kept to send again (the oldest go first when more pile up). */
const RETRY_QUEUE = 1_000;
const RETRY_MS = 1_000;

/**
 * The hub: sockets of this instance by user; every publish goes through PostgreSQL NOTIFY so that each instance
 * (listening on the same channel) delivers to its own sockets. NOTIFY payloads are limited to 8000 bytes, so
 * events carry ids and small data; clients fetch the rest. An event is serialised once for all its sockets (and
 * framed once by socket.ts), and sent FANOUT_SLICE sockets per event-loop turn (docs/scaling.md "Sockets").
 *
 * Through a database fault (docs/faults.md): a publish whose NOTIFY fails does not fail its caller (the change it
 * announces has committed) but is sent again every second until the database takes it; and when this instance's
 * LISTEN connection comes back after a loss, every socket of the instance is closed with RESYNC_CLOSE, so its
 * client reconnects and reads again what it missed meanwhile (the SPA does so after any reconnect).
 */
export async function createRealtime(database: Database, log?: Logger): Promise<Realtime> {
  const sockets = new Map<number, Set<Entry>>();

  // The sends not made yet, in the order of their events: a sliced fan-out is finished before a later event's
  // first send, so every socket gets its events in order.
  const pending: { entries: Entry[]; next: number; run: (entry: Entry) => void }[] = [];
  let draining = false;
  const drain = () => {
    let budget = FANOUT_SLICE;
    while (pending.length && budget > 0) {
      const job = pending[0]!;
      const end = Math.min(job.entries.length, job.next + budget);
      budget -= end - job.next;
      for (; job.next < end; job.next++)
        try {
          job.run(job.entries[job.next]!);
        } catch (err) {
          log?.warn({ err }, 'realtime: a send failed');
        }
      if (job.next >= job.entries.length) pending.shift();
    }
    if (pending.length) setImmediate(drain);
    else draining = false;
  };
  const fanOut = (entries: Entry[], run: (entry: Entry) => void) => {
    if (!entries.length) return;
    pending.push({ entries, next: 0, run });
    if (!draining) {
      draining = true;
      drain();
    }
  };

  const deliver = (raw: string) => {
    let env: Envelope;
    try {
      env = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (env.kind === 'event') {
      const set = sockets.get(env.userId);
      if (!set) return;
      // Serialised once; each WebSocket writes the one frame made from it.
      const message: SharedMessage = { text: JSON.stringify(env.event) };
      fanOut([...set], ({ socket }) =>
        socket.sendShared ? socket.sendShared(message) : socket.send(message.text),
      );
    } else {
      const reason = env.reason && Object.hasOwn(SESSION_CLOSE, env.reason) ? env.reason : 'signedOut';
      const data = JSON.stringify({
        type: 'session.ended',
        reason,
        ...(reason === 'accountClosed' && env.eraseAt && { erase_at: env.eraseAt }),
      } satisfies RealtimeEvent);
      const ended: Entry[] = [];
      for (const set of sockets.values())
        for (const entry of set) if (entry.sessionId === env.sessionId) ended.push(entry);
      fanOut(ended, ({ socket }) => {
        socket.send(data);
        socket.close(SESSION_CLOSE[reason], 'session ended');
      });
    }
  };
  const resync = () => {
    let count = 0;
    for (const set of sockets.values())
      for (const entry of set) {
        entry.socket.close(RESYNC_CLOSE, 'read again');
        count++;
      }
    if (count) log?.info({ sockets: count }, 'realtime: sockets told to read again');
  };
  const unlisten = await database.listen(CHANNEL, deliver, resync);

  const unsent: string[] = [];
  let retry: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    retry = undefined;
    while (unsent.length) {
      try {
        await database.notify(CHANNEL, unsent[0]!);
      } catch {
        retry = setTimeout(() => void flush(), RETRY_MS);
        retry.unref();
        return;
      }
      unsent.shift();
    }
    log?.info('realtime: unsent events published');
  };
  const send = async (envelope: Envelope) => {
    const payload = JSON.stringify(envelope);
    if (unsent.length === 0)
      try {
        return await database.notify(CHANNEL, payload);
      } catch (err) {
        log?.warn({ err }, 'realtime: could not publish; sending again every second');
      }
    if (unsent.push(payload) > RETRY_QUEUE) unsent.shift();
    retry ??= setTimeout(() => void flush(), RETRY_MS);
    retry.unref();
  };

  return {
    async publish(userId, event) {
      await send({ kind: 'event', userId, event });
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
      await send({ kind: 'close-session', sessionId, reason, eraseAt });
    },
    async close() {
      clearTimeout(retry);
      pending.length = 0;
      await unlisten();
      for (const set of sockets.values()) for (const e of set) e.socket.close(1001, 'server closing');
      sockets.clear();
    },
  };
}
