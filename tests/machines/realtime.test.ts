import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type SnapshotFrom } from 'xstate';
import { BACKOFF, backoffDelay, realtimeMachine } from '../../machines/realtime/realtime.machine';
import { selectAttempt, selectConnection, selectIsOpen } from '../../machines/realtime/realtime.selectors';
import type { RealtimeMachineEvent, SocketInput } from '../../machines/realtime/realtime.types';
import type { RealtimeEvent } from '../../contract/realtime.api';
import { describeModel } from './coverage';
import { SESSION_CLOSE } from '../../contract/realtime';

const chatEvent: RealtimeEvent = {
  type: 'chat.message',
  orderId: 7,
  message: {
    id: 1,
    order_id: 7,
    author: 'writer',
    author_name: 'Автор работы',
    text: 'Готово',
    files: [],
    created_at: '2026-03-01T10:00:00.000Z',
    read_at: null,
    client_id: null,
  },
};

const model = realtimeMachine;
type Snap = SnapshotFrom<typeof model>;
const events: RealtimeMachineEvent[] = [
  { type: 'realtime.start', token: 't1' },
  { type: 'realtime.stop' },
  { type: 'realtime.token', token: 't1' },
  { type: 'realtime.token', token: 't2' },
  { type: 'realtime.wake' },
  { type: 'realtime.offline' },
  { type: 'socket.open' },
  { type: 'socket.message', event: { type: 'hello', userId: 1 } },
  { type: 'socket.message', event: { type: 'finances', money: 100, bonus: 5 } },
  { type: 'socket.message', event: chatEvent },
  { type: 'socket.message', event: { type: 'session.ended' } },
  { type: 'socket.message', event: { type: 'session.ended', reason: 'endedElsewhere' } },
  { type: 'socket.closed', code: 1006 },
  { type: 'socket.closed', code: SESSION_CLOSE.signedOut },
  { type: 'socket.closed', code: SESSION_CLOSE.endedElsewhere },
];
const after = { type: 'xstate.after.reconnectDelay.realtime.waiting' } as unknown as RealtimeMachineEvent;
// The attempt count only matters as "some" vs "none": the model stays finite.
const serializeState = (s: Snap) =>
  JSON.stringify({ v: s.value, t: s.context.token, a: s.context.attempt > 0, d: s.context.dropped });

describeModel(model, {
  name: 'realtime machine (model-based)',
  events: [...events, after],
  serializeState,
  invariants: (final) => {
    const connection = selectConnection(final);
    if (final.matches('disconnected')) {
      expect(connection).toBe('idle');
      expect(final.context.token).toBeNull();
    } else {
      expect(final.context.token).not.toBeNull();
    }
    if (final.matches({ connected: 'open' })) {
      expect(selectIsOpen(final)).toBe(true);
      expect(selectAttempt(final)).toBe(0);
      expect(final.context.dropped).toBe(false);
    }
    if (final.matches('waiting')) {
      expect(connection).toBe('waiting');
      expect(selectAttempt(final)).toBeGreaterThan(0);
      expect(final.context.dropped).toBe(true);
    }
    if (final.matches({ connected: 'connecting' })) expect(connection).toBe('connecting');
  },
});

describe('backoff', () => {
  it('doubles from 500 ms up to 30 s, jittered to 50–100 %', () => {
    expect(backoffDelay(1, 1)).toBe(500);
    expect(backoffDelay(2, 1)).toBe(1000);
    expect(backoffDelay(3, 1)).toBe(2000);
    expect(backoffDelay(1, 0)).toBe(250);
    expect(backoffDelay(20, 1)).toBe(BACKOFF.maxMs);
    expect(backoffDelay(20, 0)).toBe(BACKOFF.maxMs / 2);
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay(4);
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(4000);
    }
  });
});

/** A socket the test drives: every opened socket is recorded with its token and a sendBack. */
function fakeSockets() {
  const opened: { token: string; send: (e: RealtimeMachineEvent) => void; closed: boolean }[] = [];
  const logic = fromCallback<RealtimeMachineEvent, SocketInput>(({ input, sendBack }) => {
    const entry = { token: input.token, send: sendBack, closed: false };
    opened.push(entry);
    return () => {
      entry.closed = true;
    };
  });
  return { opened, logic };
}

function start() {
  const sockets = fakeSockets();
  const forwardFinances = vi.fn();
  const actor = createActor(
    realtimeMachine.provide({
      actors: { socket: sockets.logic },
      actions: { forwardFinances: (_, f) => forwardFinances(f) },
    }),
  ).start();
  const emitted: string[] = [];
  const received: RealtimeEvent[] = [];
  actor.on('realtime.resumed', () => emitted.push('resumed'));
  actor.on('realtime.sessionEnded', (e) =>
    emitted.push(
      e.reason === 'signedOut'
        ? 'sessionEnded'
        : `sessionEnded:${e.reason}${e.eraseAt === undefined ? '' : `:${e.eraseAt}`}`,
    ),
  );
  actor.on('realtime.event', (e) => received.push(e.event));
  const last = () => sockets.opened.at(-1)!;
  return { actor, sockets, last, forwardFinances, emitted, received };
}

describe('realtime machine (timing and IO)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('connects with the token, delivers events and forwards finances to the session', () => {
    const { actor, last, forwardFinances, received, emitted } = start();
    actor.send({ type: 'realtime.start', token: 'abc' });
    expect(last().token).toBe('abc');
    last().send({ type: 'socket.open' });
    expect(selectConnection(actor.getSnapshot())).toBe('open');
    last().send({ type: 'socket.message', event: { type: 'finances', money: 1200, bonus: 300 } });
    last().send({ type: 'socket.message', event: chatEvent });
    expect(forwardFinances).toHaveBeenCalledWith({ money: 1200, bonus: 300 });
    expect(received.map((e) => e.type)).toEqual(['finances', 'chat.message']);
    expect(emitted).toEqual([]); // the first open is no resume
  });

  it('reconnects with growing backoff after drops and emits resumed once back', async () => {
    const { actor, sockets, last, emitted } = start();
    actor.send({ type: 'realtime.start', token: 'abc' });
    last().send({ type: 'socket.open' });
    last().send({ type: 'socket.closed', code: 1006 });
    expect(sockets.opened[0]!.closed).toBe(true);
    expect(selectConnection(actor.getSnapshot())).toBe('waiting');

    await vi.advanceTimersByTimeAsync(499);
    expect(sockets.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.opened).toHaveLength(2);
    last().send({ type: 'socket.closed', code: 1006 }); // the attempt failed: 1000 ms next
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.opened).toHaveLength(3);
    last().send({ type: 'socket.open' });
    expect(emitted).toEqual(['resumed']);
    expect(selectAttempt(actor.getSnapshot())).toBe(0);
  });

  it('reconnects at once when the browser is back online or the tab visible', () => {
    const { actor, sockets, last, emitted } = start();
    actor.send({ type: 'realtime.start', token: 'abc' });
    last().send({ type: 'socket.open' });
    actor.send({ type: 'realtime.offline' });
    expect(sockets.opened[0]!.closed).toBe(true);
    actor.send({ type: 'realtime.wake' });
    expect(sockets.opened).toHaveLength(2);
    last().send({ type: 'socket.open' });
    expect(emitted).toEqual(['resumed']);
  });

  it('reconnects with a refreshed token, and ignores the same token again', () => {
    const { actor, sockets, last, emitted } = start();
    actor.send({ type: 'realtime.start', token: 'old' });
    last().send({ type: 'socket.open' });
    actor.send({ type: 'realtime.token', token: 'old' });
    expect(sockets.opened).toHaveLength(1);
    actor.send({ type: 'realtime.token', token: 'new' });
    expect(sockets.opened[0]!.closed).toBe(true);
    expect(sockets.opened.map((s) => s.token)).toEqual(['old', 'new']);
    last().send({ type: 'socket.open' });
    expect(emitted).toEqual(['resumed']);
  });

  it('stops for good when the server ends the session, and on sign-out', async () => {
    const { actor, sockets, last, emitted } = start();
    actor.send({ type: 'realtime.start', token: 'abc' });
    last().send({ type: 'socket.open' });
    last().send({ type: 'socket.message', event: { type: 'session.ended' } });
    expect(emitted).toEqual(['sessionEnded']);
    expect(sockets.opened[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets.opened).toHaveLength(1);

    actor.send({ type: 'realtime.start', token: 'again' });
    last().send({ type: 'socket.closed', code: 1006 });
    actor.send({ type: 'realtime.stop' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets.opened).toHaveLength(2);
    expect(selectConnection(actor.getSnapshot())).toBe('idle');
  });

  it.each([
    [SESSION_CLOSE.endedElsewhere, 'sessionEnded:endedElsewhere'],
    [SESSION_CLOSE.accountClosed, 'sessionEnded:accountClosed'],
    [SESSION_CLOSE.signedOut, 'sessionEnded'],
  ])(
    'a close with code %i signs the tab out without reconnecting, even when the message was lost',
    async (code, said) => {
      const { actor, sockets, last, emitted } = start();
      actor.send({ type: 'realtime.start', token: 'abc' });
      last().send({ type: 'socket.open' });
      last().send({ type: 'socket.closed', code });
      expect(emitted).toEqual([said]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sockets.opened).toHaveLength(1);
      expect(selectConnection(actor.getSnapshot())).toBe('idle');
    },
  );

  it('the session-ended message says when the session was ended from another device', () => {
    const { actor, last, emitted } = start();
    actor.send({ type: 'realtime.start', token: 'abc' });
    last().send({ type: 'socket.open' });
    last().send({ type: 'socket.message', event: { type: 'session.ended', reason: 'endedElsewhere' } });
    expect(emitted).toEqual(['sessionEnded:endedElsewhere']);
  });

  it('the session-ended message of a closed account carries the erasure date', () => {
    const { actor, last, emitted } = start();
    actor.send({ type: 'realtime.start', token: 'abc' });
    last().send({ type: 'socket.open' });
    last().send({
      type: 'socket.message',
      event: { type: 'session.ended', reason: 'accountClosed', erase_at: '2026-12-10T12:00:00.000Z' },
    });
    expect(emitted).toEqual(['sessionEnded:accountClosed:2026-12-10T12:00:00.000Z']);
  });
});
