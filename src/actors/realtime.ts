// What features use of the real-time connection: its server events and its state, while they are mounted.
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { realtimeMachine } from '../../machines/realtime/realtime.machine';
import { selectConnection } from '../../machines/realtime/realtime.selectors';
import type { RealtimeEvent } from '../../contract/realtime.api';
import { useAppActors } from './app-actors';

export type RealtimeActor = ActorRefFrom<typeof realtimeMachine>;

/** What a feature hears: every server event, plus 'realtime.resumed' after a reconnect (fetch what was missed). */
export type RealtimeNotice = RealtimeEvent | { type: 'realtime.resumed' };

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
