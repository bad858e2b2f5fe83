import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { collectTransitions, createCoverage, transitionPaths } from './coverage';
import { never } from './never';

const door = setup({
  types: { events: {} as { type: 'door.open' } | { type: 'door.close' } | { type: 'door.lock' } },
  actors: { alarm: never() },
  guards: { never: () => false },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: {
      on: { 'door.open': 'open', 'door.lock': { guard: 'never', target: 'locked' } },
    },
    open: {
      after: { 1000: 'closed' },
      on: { 'door.close': 'closed' },
    },
    locked: {
      invoke: { id: 'alarm', src: 'alarm', onDone: 'closed', onError: 'closed' },
      always: { target: 'closed', guard: 'never' },
    },
  },
});

describe('the coverage helper', () => {
  it('collects on, after, always and invoke done/error transitions', () => {
    expect([...collectTransitions(door).values()].sort()).toEqual(
      [
        '#door.closed on "door.open" → #door.open',
        '#door.closed on "door.lock" [never] → #door.locked',
        '#door.open on "door.close" → #door.closed',
        '#door.open on "xstate.after.1000.door.open" → #door.closed',
        '#door.locked on "xstate.done.actor.alarm" → #door.closed',
        '#door.locked on "xstate.error.actor.alarm" → #door.closed',
        '#door.locked on "always" [never] → #door.closed',
      ].sort(),
    );
  });

  it('fails naming the transitions no path reaches', () => {
    const paths = transitionPaths(door, { events: () => [{ type: 'door.open' }, { type: 'door.close' }] });
    const coverage = createCoverage(door);
    for (const p of paths) coverage.replay(p);
    expect(() => coverage.assertAllCovered()).toThrow(/door\.open on "xstate\.after\.1000\.door\.open"/);
    expect(() => coverage.assertAllCovered()).toThrow(/door\.closed on "door\.lock" \[never\]/);
    expect(() => coverage.assertAllCovered()).not.toThrow(/on "door\.close"/);
  });

  it('catches a live actor that disagrees with the model', () => {
    const paths = transitionPaths(door, { events: () => [{ type: 'door.open' }] });
    const path = paths.find((p) => p.events.length === 1)!;
    const broken = door.provide({ delays: {} });
    const coverage = createCoverage(broken);
    expect(() =>
      coverage.replay({ ...path, states: [{ ...path.states[0]!, value: 'locked' } as never] }),
    ).toThrow(/the actor is in "open", the model says "locked"/);
  });
});
