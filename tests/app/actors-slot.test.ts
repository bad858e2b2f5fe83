// The first page of an anonymous visitor renders before the actors load (src/actors/actors-slot.ts): what waits
// for them gets them when they arrive, in order, and a failed load is reported to whoever waits.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AnyRouter } from '@tanstack/react-router';
import { dialogsMachine } from '../../machines/dialogs/dialogs.machine';
import { selectDialogs } from '../../machines/dialogs/dialogs.selectors';
import { createActorsSlot, waitForSnapshot } from '../../src/actors/actors-slot';
import type { AppActors } from '../../src/actors/app-actors';
import { installNavigationEffects, MSG_DIALOG_ID } from '../../src/app/navigation-effects';

/** The real dialogs machine; the session a stand-in that stays where it is (notLoaded). */
const fakeActors = () =>
  ({
    dialogs: createActor(dialogsMachine).start(),
    session: { getSnapshot: () => ({ matches: () => false }), subscribe: () => ({ unsubscribe() {} }) },
  }) as unknown as AppActors;

describe('the actors slot', () => {
  it('is empty until filled; then whenActors, onActors and the subscribers get the same actors', async () => {
    const slot = createActorsSlot();
    const actors = fakeActors();
    const seen: string[] = [];
    slot.onActors(() => seen.push('first'));
    slot.subscribe(() => seen.push(`subscriber:${slot.get() === actors}`));
    slot.onActors(() => seen.push('second'));
    expect(slot.get()).toBeNull();
    expect(seen).toEqual([]);

    slot.fill(actors);
    expect(seen).toEqual(['first', 'second', 'subscriber:true']);
    await expect(slot.whenActors()).resolves.toBe(actors);
    // Once filled, onActors runs at once (a sent event is never delayed), and a second fill changes nothing.
    slot.onActors(() => seen.push('now'));
    expect(seen.at(-1)).toBe('now');
    slot.fill(fakeActors());
    expect(slot.get()).toBe(actors);
  });

  it('asks for the actors only when something waits for them (an anonymous /login loads none by itself)', async () => {
    const demand = vi.fn();
    const slot = createActorsSlot(null, demand);
    slot.onActors(() => {});
    slot.subscribe(() => {});
    expect(slot.get()).toBeNull();
    expect(demand).not.toHaveBeenCalled();

    const waiting = slot.whenActors();
    expect(demand).toHaveBeenCalledTimes(1);
    const actors = fakeActors();
    slot.fill(actors);
    await expect(waiting).resolves.toBe(actors);
    // Once there, nothing more is asked for.
    await slot.whenActors();
    expect(demand).toHaveBeenCalledTimes(1);
  });

  it('a failed load rejects whenActors (a page that needs the actors shows the error)', async () => {
    const slot = createActorsSlot();
    slot.fail(new Error('Failed to fetch dynamically imported module'));
    await expect(slot.whenActors()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(slot.get()).toBeNull();
  });

  it('waitForSnapshot resolves with the first snapshot that passes, now or later', async () => {
    const dialogs = createActor(dialogsMachine).start();
    await expect(waitForSnapshot(dialogs, (s) => selectDialogs(s).length === 0)).resolves.toBeDefined();
    const opened = waitForSnapshot(dialogs, (s) => selectDialogs(s).length === 1);
    dialogs.send({ type: 'dialogs.open', kind: 'info', text: 'Готово' });
    expect(selectDialogs(await opened).map((d) => d.text)).toEqual(['Готово']);
  });
});

describe('the navigation effects before the actors arrive', () => {
  it('the msg dialog of a first page rendered without the actors opens when they arrive', () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const router = {
      state: { resolvedLocation: { pathname: '/login' }, matches: [] },
      subscribe: (type: string, listener: (event: unknown) => void) => {
        listeners.set(type, listener);
        return () => listeners.delete(type);
      },
      invalidate: vi.fn(async () => {}),
      navigate: vi.fn(async () => {}),
    };
    const slot = createActorsSlot();
    const uninstall = installNavigationEffects(router as unknown as AnyRouter, slot);
    listeners.get('onResolved')?.({
      toLocation: { pathname: '/login', search: { msg: 'Пароль изменён' } },
      hrefChanged: true,
      pathChanged: true,
    });

    const actors = fakeActors();
    slot.fill(actors);
    const stack = selectDialogs(actors.dialogs.getSnapshot());
    expect(stack.map((d) => [d.id, d.text])).toEqual([[MSG_DIALOG_ID, 'Пароль изменён']]);
    uninstall();
  });
});
