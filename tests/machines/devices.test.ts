import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { devicesMachine } from '../../machines/devices/devices.machine';
import {
  selectEndingId,
  selectError,
  selectIsBusy,
  selectIsConfirming,
  selectNotice,
  selectOthers,
  selectView,
} from '../../machines/devices/devices.selectors';
import type { DeviceSession } from '../../contract/auth.api';
import { describeModel } from './coverage';
import { never } from './never';

const session = (id: string, current = false): DeviceSession => ({
  id,
  current,
  browser: 'Chrome 120',
  os: 'Windows',
  device: 'desktop',
  ip: '203.0.113.*',
  created_at: '2026-11-25T10:00:00.000Z',
  last_used_at: '2026-11-25T11:00:00.000Z',
});
const here = session('here', true);
const phone = session('phone');
const laptop = session('laptop');

const model = devicesMachine.provide({
  actors: { loadSessions: never(), endSession: never(), endOthers: never() },
});
type Snap = SnapshotFrom<typeof model>;

const unreachable = { message: 'Сервер не отвечает. Проверьте подключение.' };
const gone = { status: 404, message: 'Сеанс не найден или уже завершён.' };
const events = [
  { type: 'devices.retry' },
  { type: 'devices.end', id: 'phone' },
  { type: 'devices.end', id: 'here' },
  { type: 'devices.endOthers' },
  { type: 'devices.confirm' },
  { type: 'devices.cancel' },
  { type: 'xstate.done.actor.loadSessions', output: [here, phone, laptop] },
  { type: 'xstate.done.actor.loadSessions', output: [here] },
  { type: 'xstate.error.actor.loadSessions', error: unreachable },
  { type: 'xstate.done.actor.endSession', output: { detail: 'Сеанс завершён.', ended: 1 } },
  { type: 'xstate.error.actor.endSession', error: gone },
  { type: 'xstate.error.actor.endSession', error: unreachable },
  { type: 'xstate.done.actor.endOthers', output: { detail: 'Другие сеансы завершены.', ended: 2 } },
  { type: 'xstate.error.actor.endOthers', error: unreachable },
];

const serializeState = (s: Snap) =>
  JSON.stringify({
    v: s.value,
    ids: s.context.sessions.map((x) => x.id),
    e: s.context.endingId,
    err: s.context.error?.status ?? (s.context.error ? 0 : null),
    n: s.context.notice,
  });

function assertInvariants(s: Snap) {
  // The current session is never ended from this list, and stays first.
  if (s.context.sessions.length) expect(s.context.sessions[0]).toEqual(here);
  expect(selectOthers(s).every((x) => !x.current)).toBe(true);
  expect(selectIsBusy(s)).toBe(s.matches({ ready: 'ending' }) || s.matches({ ready: 'endingOthers' }));
  if (selectEndingId(s) !== null) expect(selectEndingId(s)).not.toBe('here');
  // One message at a time: a failure or a notice.
  expect(selectError(s) !== null && selectNotice(s) !== null).toBe(false);
  if (selectView(s) === 'failed') expect(selectError(s)).toEqual(unreachable);
  if (selectIsConfirming(s)) expect(selectOthers(s).length).toBeGreaterThan(0);
}

describeModel(model, {
  name: 'devices machine (model-based)',
  events,
  serializeState,
  agreeOn: serializeState,
  invariants: assertInvariants,
});

describe('devices machine (with IO)', () => {
  function start(sessions: DeviceSession[], endSession: (id: string) => Promise<unknown>) {
    const calls: string[] = [];
    const actor = createActor(
      devicesMachine.provide({
        actors: {
          loadSessions: fromPromise(async () => sessions),
          endSession: fromPromise(async ({ input }) => {
            calls.push(`end ${input.id}`);
            return (await endSession(input.id)) as { detail: string; ended: number };
          }),
          endOthers: fromPromise(async () => {
            calls.push('end others');
            return { detail: 'Другие сеансы завершены.', ended: 2 };
          }),
        },
      }),
    ).start();
    return { actor, calls };
  }

  it('ends one session, then asks before ending all the others, and keeps this one', async () => {
    const { actor, calls } = start([here, phone, laptop], async () => ({
      detail: 'Сеанс завершён.',
      ended: 1,
    }));
    await waitFor(actor, (s) => selectView(s) === 'ready');
    actor.send({ type: 'devices.end', id: 'phone' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.sessions.map((x) => x.id)).toEqual(['here', 'laptop']);
    expect(selectNotice(actor.getSnapshot())).toBe('Сеанс завершён.');

    actor.send({ type: 'devices.endOthers' });
    expect(selectIsConfirming(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'devices.cancel' });
    expect(calls).toEqual(['end phone']);
    actor.send({ type: 'devices.endOthers' });
    actor.send({ type: 'devices.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(calls).toEqual(['end phone', 'end others']);
    expect(actor.getSnapshot().context.sessions).toEqual([here]);
    // Nothing left to end: the button does nothing.
    actor.send({ type: 'devices.endOthers' });
    expect(selectIsConfirming(actor.getSnapshot())).toBe(false);
  });

  it('a session already gone leaves the list with the reason; an unanswered call keeps it', async () => {
    const { actor } = start([here, phone, laptop], async (id) => {
      throw id === 'phone' ? gone : unreachable;
    });
    await waitFor(actor, (s) => selectView(s) === 'ready');
    actor.send({ type: 'devices.end', id: 'phone' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.sessions.map((x) => x.id)).toEqual(['here', 'laptop']);
    expect(selectError(actor.getSnapshot())).toEqual(gone);
    actor.send({ type: 'devices.end', id: 'laptop' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.sessions.map((x) => x.id)).toEqual(['here', 'laptop']);
    expect(selectError(actor.getSnapshot())).toEqual(unreachable);
  });
});
