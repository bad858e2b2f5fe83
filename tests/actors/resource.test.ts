import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { createResource, routeResource, visitResource } from '../../src/actors/resource';
import type { AppActors } from '../../src/actors/app-actors';

/** A load that answers with the key and how many reads came before, and records every signal. */
function counting() {
  const reads: { key: string; signal: AbortSignal }[] = [];
  const load = (key: string, signal: AbortSignal) => {
    reads.push({ key, signal });
    return Promise.resolve(`${key}#${reads.length}`);
  };
  return { load, reads };
}

/** The session as a route loader's context sees it: only who is signed in matters here. */
function sessionOf(userId: number | null) {
  const state = { user: userId === null ? null : { id: userId } };
  const session = { getSnapshot: () => ({ context: state }) };
  return {
    context: { session } as unknown as Pick<AppActors, 'session'>,
    signIn: (id: number | null) => {
      state.user = id === null ? null : { id };
    },
  };
}

describe('resource actors', () => {
  it('createResource reads its key; visiting the same key reloads in place, another key loads it', async () => {
    const { load, reads } = counting();
    const actor = createResource(load, 'a');
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.data).toBe('a#1');

    visitResource(actor, 'a');
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    expect(actor.getSnapshot().context.data).toBe('a#1');
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.data).toBe('a#2');

    visitResource(actor, 'b');
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.data).toBe('b#3');
    expect(reads.map((r) => r.key)).toEqual(['a', 'a', 'b']);
    actor.stop();
  });

  it('a route resource keeps one actor per customer: a second visit shows the last answer while it reloads', async () => {
    const { load, reads } = counting();
    const visit = routeResource(load, 'first');
    const { context } = sessionOf(7);

    const actor = visit(context);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.data).toBe('first#1');

    // The page moved it to another key; a later visit without a key keeps that key.
    visitResource(actor, 'second');
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(visit(context)).toBe(actor);
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    expect(actor.getSnapshot().context.data).toBe('second#2');
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(reads.map((r) => r.key)).toEqual(['first', 'second', 'second']);

    // A visit naming a key reads that key.
    expect(visit(context, 'third')).toBe(actor);
    expect(actor.getSnapshot().context.data).toBeNull();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.data).toBe('third#4');
  });

  it('another customer never sees the answer of the one before: a new actor, the old one stopped', async () => {
    const { load, reads } = counting();
    const visit = routeResource(load, 'first');
    const { context, signIn } = sessionOf(7);
    const before = visit(context);
    await waitFor(before, (s) => s.matches('loaded'));
    visit(context); // a reload in flight when the customer changes

    signIn(8);
    const after = visit(context);
    expect(after).not.toBe(before);
    expect(before.getSnapshot().status).toBe('stopped');
    expect(reads[1]!.signal.aborted).toBe(true);
    expect(after.getSnapshot().context.data).toBeNull();
    expect(after.getSnapshot().matches('loading')).toBe(true);
    await waitFor(after, (s) => s.matches('loaded'));
    expect(after.getSnapshot().context.data).toBe('first#3');

    signIn(null);
    expect(visit(context)).not.toBe(after);
  });

  it('starts from the answer the page came with for its customer, once; later reads ask the server', async () => {
    const { load, reads } = counting();
    const given: Record<number, string> = { 7: 'from the page' };
    const pageData = (owner: number | null) => {
      const data = owner === null ? undefined : given[owner];
      if (owner !== null) delete given[owner];
      return data ?? null;
    };
    const visit = routeResource(load, 'first', pageData);
    const { context, signIn } = sessionOf(7);
    const actor = visit(context);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.data).toBe('from the page');
    expect(reads).toEqual([]);
    // A visit again refreshes from the server.
    visit(context);
    await waitFor(actor, (s) => s.matches('loaded') && s.context.data !== 'from the page');
    expect(actor.getSnapshot().context.data).toBe('first#1');
    // Another customer: nothing of the page's.
    signIn(8);
    const after = visit(context);
    await waitFor(after, (s) => s.matches('loaded'));
    expect(after.getSnapshot().context.data).toBe('first#2');
  });
});
