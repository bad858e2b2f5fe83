import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { availabilityMachine, probeDelay } from '../../machines/availability/availability.machine';
import { selectIsUnavailable } from '../../machines/availability/availability.selectors';
import type { AvailabilityEvent } from '../../machines/availability/availability.types';
import { describeModel } from './coverage';
import { never } from './never';

const model = availabilityMachine.provide({ actors: { probe: never() } });
type Snap = SnapshotFrom<typeof model>;
const events = [
  { type: 'service.unavailable', retryAfter: 3 },
  { type: 'service.unavailable' },
  { type: 'service.answered' },
  { type: 'xstate.after.probeDelay.availability.unavailable' },
  { type: 'xstate.done.actor.probe', output: {} },
  { type: 'xstate.error.actor.probe', error: { status: 503, message: 'Сервис ненадолго недоступен' } },
] as AvailabilityEvent[];
// The attempt count only matters as "some" vs "none": the model stays finite.
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, a: s.context.attempt > 0 });

describeModel(model, {
  name: 'availability machine (model-based)',
  events,
  serializeState,
  invariants: (final, path) => {
    // The frame's bar shows exactly while the service is not known to serve.
    expect(selectIsUnavailable(final)).toBe(!final.matches('available'));
    if (final.matches('available')) {
      expect(final.context.attempt).toBe(0);
      expect(final.context.retryAfter).toBeNull();
    } else {
      expect(final.context.attempt).toBeGreaterThan(0);
    }
    const last = path.events.at(-1);
    if (last?.type === 'service.answered' || last?.type === 'xstate.done.actor.probe')
      expect(final.matches('available')).toBe(true);
  },
});

describe('availability machine (IO)', () => {
  function start() {
    const probes: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
    const actor = createActor(
      availabilityMachine.provide({
        actors: {
          probe: fromPromise(() => new Promise((resolve, reject) => probes.push({ resolve, reject }))),
        },
      }),
    ).start();
    return { actor, probes };
  }

  it('probes after the Retry-After, waits longer while the probe gets 503, and clears when it answers', async () => {
    vi.useFakeTimers();
    try {
      const { actor, probes } = start();
      expect(selectIsUnavailable(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'service.unavailable', retryAfter: 3 });
      expect(selectIsUnavailable(actor.getSnapshot())).toBe(true);
      await vi.advanceTimersByTimeAsync(2_999);
      expect(probes).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(probes).toHaveLength(1);
      expect(selectIsUnavailable(actor.getSnapshot())).toBe(true);

      probes[0]!.reject({ status: 503, message: 'Сервис ненадолго недоступен' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('unavailable')).toBe(true);
      // Two unavailable answers in a row, no Retry-After this time: 2 s.
      await vi.advanceTimersByTimeAsync(1_999);
      expect(probes).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(probes).toHaveLength(2);

      probes[1]!.resolve({});
      await vi.advanceTimersByTimeAsync(0);
      expect(selectIsUnavailable(actor.getSnapshot())).toBe(false);
      expect(actor.getSnapshot().context).toEqual({ attempt: 0, retryAfter: null });
      await vi.advanceTimersByTimeAsync(120_000);
      expect(probes).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an answer to any call clears it at once, without waiting for the probe', () => {
    const { actor, probes } = start();
    actor.send({ type: 'service.unavailable', retryAfter: 30 });
    actor.send({ type: 'service.answered' });
    expect(selectIsUnavailable(actor.getSnapshot())).toBe(false);
    expect(probes).toHaveLength(0);
  });

  it('waits 1 s doubling per unavailable answer, at least the Retry-After, at most 30 s', () => {
    expect(probeDelay(1, null)).toBe(1_000);
    expect(probeDelay(3, null)).toBe(4_000);
    expect(probeDelay(1, 5)).toBe(5_000);
    expect(probeDelay(20, null)).toBe(30_000);
    expect(probeDelay(1, 3600)).toBe(30_000);
  });
});
