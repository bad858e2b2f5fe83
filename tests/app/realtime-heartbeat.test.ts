// The browser socket's keep-alive: a connection that goes silent (no close ever arrives from a slept phone or a
// forgotten NAT entry) is noticed, and the realtime machine goes to reconnect; one that answers stays.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { realtimeMachine } from '../../machines/realtime/realtime.machine';
import { browserSocket } from '../../src/actors/realtime';
import { HEARTBEAT } from '../../contract/realtime';

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'localhost:3000' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function connected() {
  const actor = createActor(realtimeMachine.provide({ actors: { socket: browserSocket } })).start();
  actor.send({ type: 'realtime.start', token: 'access-token' });
  const socket = FakeSocket.made[0]!;
  socket.open();
  expect(actor.getSnapshot().hasTag('open')).toBe(true);
  return { actor, socket };
}

describe('the browser socket keep-alive', () => {
  it('says ping after a quiet interval, and stays open while answers come', () => {
    const { actor, socket } = connected();
    vi.advanceTimersByTime(HEARTBEAT.intervalMs - 1);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual([HEARTBEAT.ping]);
    vi.advanceTimersByTime(HEARTBEAT.timeoutMs - 1);
    socket.receive(HEARTBEAT.pong);
    for (let round = 2; round <= 4; round++) {
      vi.advanceTimersByTime(HEARTBEAT.intervalMs);
      expect(socket.sent).toHaveLength(round);
      vi.advanceTimersByTime(HEARTBEAT.timeoutMs - 1);
      socket.receive(HEARTBEAT.pong);
    }
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(socket.closedWith).toBeNull();
    actor.stop();
  });

  it('any message counts as life: a busy socket never pings', () => {
    const { actor, socket } = connected();
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(HEARTBEAT.intervalMs - 1000);
      socket.receive(JSON.stringify({ type: 'finances', money: i, bonus: 0 }));
    }
    expect(socket.sent).toEqual([]);
    actor.stop();
  });

  it('a silent socket is dropped and the machine waits to reconnect, then opens a new one', () => {
    const { actor, socket } = connected();
    vi.advanceTimersByTime(HEARTBEAT.intervalMs + HEARTBEAT.timeoutMs);
    expect(socket.sent).toEqual([HEARTBEAT.ping]);
    expect(socket.closedWith).toBe(4000);
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    vi.advanceTimersByTime(1000); // the first backoff is at most 500 ms
    expect(FakeSocket.made).toHaveLength(2);
    expect(FakeSocket.made[1]!.url).toBe('ws://localhost:3000/ws/client/?token=access-token');
    actor.stop();
  });
});
