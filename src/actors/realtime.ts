// The app's real-time connection: the realtime machine with the real WebSocket, started while the session is signed
// in and stopped on sign-out, fed with token refreshes and the browser's online/visibility changes. Features listen
// through `useRealtimeEvents` (or `subscribeRealtime`) and never see the socket.
// The actor is created after the first sign-in (src/app/signed-in-actors.ts, by dynamic import), so none of this
// module is in the first visit of /login.
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, fromCallback, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { realtimeMachine } from '../../machines/realtime/realtime.machine';
import type { RealtimeMachineEvent, SocketInput } from '../../machines/realtime/realtime.types';
import type { sessionMachine } from '../../machines/session/session.machine';
import type { tokenMachine } from '../../machines/token/token.machine';
import { HEARTBEAT, SOCKET_PATH } from '../../contract/realtime';
import { SESSION_ENDED_ELSEWHERE } from '../../contract/auth';
import { accountClosedText } from '../lib/account-closed';
import type { RealtimeEvent } from '../../contract/realtime.api';
import { selectConnection } from '../../machines/realtime/realtime.selectors';
import { useAppActors } from './app-actors';

/** The socket path of server/realtime/socket.ts; the token travels in the query (spec point 7). */
export type RealtimeActor = ActorRefFrom<typeof realtimeMachine>;

/** What a feature hears: every server event, plus 'realtime.resumed' after a reconnect (fetch what was missed). */
export type RealtimeNotice = RealtimeEvent | { type: 'realtime.resumed' };

export function socketUrl(token: string, loc: { protocol: string; host: string } = location): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}${SOCKET_PATH}?token=${encodeURIComponent(token)}`;
}

function parseEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as { type?: unknown } | null;
    return value && typeof value === 'object' && typeof value.type === 'string'
      ? (value as RealtimeEvent)
      : null;
  } catch {
    return null;
  }
}

/**
 * One WebSocket for the life of the machine's `connected` state; closing it is the cleanup. While open, silence is
 * checked: after HEARTBEAT.intervalMs without a message the socket says `ping`, and if HEARTBEAT.timeoutMs more pass
 * without any message it counts as dropped (a slept phone or a forgotten NAT entry never delivers a close).
 */
export const browserSocket = fromCallback<RealtimeMachineEvent, SocketInput>(({ input, sendBack }) => {
  let ws: WebSocket;
  try {
    ws = new WebSocket(socketUrl(input.token));
  } catch {
    queueMicrotask(() => sendBack({ type: 'socket.closed', code: 1006 }));
    return () => {};
  }
  let silence: ReturnType<typeof setTimeout> | undefined;
  const listen = (pinged = false) => {
    clearTimeout(silence);
    silence = setTimeout(
      () => {
        if (!pinged) {
          ws.send(HEARTBEAT.ping);
          return listen(true);
        }
        ws.onopen = ws.onmessage = ws.onclose = null;
        ws.close(4000, 'no answer');
        sendBack({ type: 'socket.closed', code: 4000 });
      },
      pinged ? HEARTBEAT.timeoutMs : HEARTBEAT.intervalMs,
    );
  };
  ws.onopen = () => {
    listen();
    sendBack({ type: 'socket.open' });
  };
  ws.onmessage = (e) => {
    listen();
    const event = parseEvent(e.data);
    if (event) sendBack({ type: 'socket.message', event });
  };
  ws.onclose = (e) => {
    clearTimeout(silence);
    sendBack({ type: 'socket.closed', code: e.code });
  };
  return () => {
    clearTimeout(silence);
    ws.onopen = ws.onmessage = ws.onclose = null;
    if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close(1000);
  };
});

export interface RealtimeOptions {
  session: ActorRefFrom<typeof sessionMachine>;
  token: ActorRefFrom<typeof tokenMachine>;
  inspect?: Observer<InspectionEvent> | undefined;
}

/** Creates and starts the realtime actor and wires it to the session, the token and the browser. */
export function createRealtimeActor({ session, token, inspect }: RealtimeOptions): RealtimeActor {
  const realtime = createActor(
    realtimeMachine.provide({
      actors: { socket: browserSocket },
      actions: {
        forwardFinances: (_, finances) => session.send({ type: 'session.finances', ...finances }),
      },
    }),
    inspect ? { inspect } : {},
  );
  realtime.start();

  // The server ended this sign-in (signed out in another place, ended from another device or the account closed:
  // /login says which).
  const endedBecause = { endedElsewhere: () => SESSION_ENDED_ELSEWHERE, accountClosed: accountClosedText };
  realtime.on('realtime.sessionEnded', ({ reason, eraseAt }) => {
    if (session.getSnapshot().matches('authSuccess'))
      session.send({
        type: 'session.expired',
        ...(reason !== 'signedOut' && { message: endedBecause[reason](eraseAt) }),
      });
  });

  // Signed in with a token → connected with that token; otherwise no socket.
  const sync = () => {
    const access = token.getSnapshot().context.access;
    const signedIn = session.getSnapshot().matches('authSuccess');
    const idle = realtime.getSnapshot().matches('disconnected');
    if (!signedIn || !access) {
      if (!idle) realtime.send({ type: 'realtime.stop' });
    } else if (idle) {
      realtime.send({ type: 'realtime.start', token: access });
    } else {
      realtime.send({ type: 'realtime.token', token: access });
    }
  };
  session.subscribe(sync);
  token.subscribe(sync);
  // The socket opens in a task of its own, not as a part of the start-up's (opening one took up to ~16 ms of the
  // main thread in a trace).
  setTimeout(sync, 0);

  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => realtime.send({ type: 'realtime.wake' }));
    window.addEventListener('offline', () => realtime.send({ type: 'realtime.offline' }));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') realtime.send({ type: 'realtime.wake' });
    });
  }
  return realtime;
}

/** Calls `handler` for every server event and every resume; returns the unsubscribe. */
export function subscribeRealtime(
  realtime: RealtimeActor,
  handler: (notice: RealtimeNotice) => void,
): () => void {
  const events = realtime.on('realtime.event', (e) => handler(e.event));
  const resumed = realtime.on('realtime.resumed', () => handler({ type: 'realtime.resumed' }));
  return () => {
    events.unsubscribe();
    resumed.unsubscribe();
  };
}

/** React: listen while mounted; the latest `handler` is used without resubscribing. */
export function useRealtimeEvents(handler: (notice: RealtimeNotice) => void): void {
  const { realtime } = useAppActors();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeRealtime(realtime, (notice) => latest.current(notice)), [realtime]);
}

/** 'open' | 'connecting' | 'waiting' | 'idle' — for a small "reconnecting…" hint. */
export const useRealtimeConnection = () => useSelector(useAppActors().realtime, selectConnection);
