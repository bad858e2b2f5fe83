// The settings that follow a customer across browsers: what is read on sign-in, what is written, and when.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { themeMachine } from '../../machines/theme/theme.machine';
import { selectTheme } from '../../machines/theme/theme.selectors';
import { createSessionDataSync } from '../../src/actors/session-data';
import type { SessionData } from '../../contract/profile.api';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function memoryStorage() {
  const jar = new Map<string, string>();
  return {
    getItem: (k: string) => jar.get(k) ?? null,
    setItem: (k: string, v: string) => void jar.set(k, v),
    removeItem: (k: string) => void jar.delete(k),
  };
}

function setup(stored: string | null = null, storage: ReturnType<typeof memoryStorage> | null = null) {
  const theme = createActor(themeMachine, { input: { stored } }).start();
  let emit: (id: number | null) => void = () => {};
  const loads: ReturnType<typeof deferred<SessionData>>[] = [];
  const saved: SessionData[] = [];
  const sync = createSessionDataSync({
    onUser: (listener) => {
      emit = listener;
      return () => {};
    },
    theme,
    storage,
    io: {
      load: () => {
        const d = deferred<SessionData>();
        loads.push(d);
        return d.promise;
      },
      save: async (data) => {
        saved.push(structuredClone(data));
        return data;
      },
    },
  });
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { theme, sync, loads, saved, flush, signIn: (id: number | null) => emit(id) };
}

describe('session data sync', () => {
  it('applies the theme saved on the server on sign-in, without writing it back', async () => {
    const { theme, loads, saved, flush, signIn } = setup('light');
    signIn(7);
    expect(loads).toHaveLength(1);
    loads[0]!.resolve({ theme: 'dark', other: 1 });
    await flush();
    expect(selectTheme(theme.getSnapshot())).toBe('dark');
    expect(saved).toEqual([]);
  });

  it('saves a theme chosen while signed in, keeping the other keys of the object', async () => {
    const { theme, loads, saved, flush, signIn } = setup();
    signIn(7);
    loads[0]!.resolve({ tipsHidden: true });
    await flush();
    theme.send({ type: 'theme.toggle' });
    await flush();
    expect(saved).toEqual([{ tipsHidden: true, theme: 'dark' }]);
  });

  it('keeps a choice made while the object was loading over the server value', async () => {
    const { theme, loads, saved, flush, signIn } = setup();
    signIn(7);
    theme.send({ type: 'theme.set', theme: 'dark' });
    expect(saved).toEqual([]); // not yet: the rest of the object is unknown
    loads[0]!.resolve({ theme: 'light', x: 'y' });
    await flush();
    expect(selectTheme(theme.getSnapshot())).toBe('dark');
    expect(saved).toEqual([{ theme: 'dark', x: 'y' }]);
  });

  it('writes nothing while signed out, and reads again for the next customer', async () => {
    const { theme, loads, saved, flush, signIn, sync } = setup();
    theme.send({ type: 'theme.toggle' });
    await flush();
    expect(saved).toEqual([]);
    expect(loads).toHaveLength(0);

    signIn(7);
    loads[0]!.resolve({ tipsHidden: true });
    await flush();
    expect(sync.tipsHidden()).toBe(true);
    signIn(null);
    expect(sync.tipsHidden()).toBe(false);
    signIn(8);
    expect(loads).toHaveLength(2);
    loads[1]!.resolve({});
    await flush();
    expect(sync.tipsHidden()).toBe(false);
  });

  it('ignores an answer that comes back after the customer changed', async () => {
    const { theme, loads, flush, signIn } = setup();
    signIn(7);
    signIn(null);
    loads[0]!.resolve({ theme: 'dark' });
    await flush();
    expect(selectTheme(theme.getSnapshot())).toBe('light');
  });

  it('hides the tips, tells subscribers and saves it', async () => {
    const { loads, saved, flush, signIn, sync } = setup();
    const listener = vi.fn();
    sync.subscribe(listener);
    signIn(7);
    loads[0]!.resolve({ theme: 'light' });
    await flush();
    listener.mockClear();
    sync.hideTips();
    expect(sync.tipsHidden()).toBe(true);
    expect(listener).toHaveBeenCalled();
    expect(saved).toEqual([{ theme: 'light', tipsHidden: true }]);
  });

  it('an unreadable object still lets this visit hide the tips', async () => {
    const { loads, saved, flush, signIn, sync } = setup();
    signIn(7);
    loads[0]!.reject(new Error('500'));
    await flush();
    sync.hideTips();
    expect(sync.tipsHidden()).toBe(true);
    expect(saved).toEqual([{ tipsHidden: true }]);
  });

  it('remembers hidden tips in this browser, so a reload does not show them until the object loads', async () => {
    const storage = memoryStorage();
    const first = setup(null, storage);
    first.signIn(7);
    first.loads[0]!.resolve({});
    await first.flush();
    first.sync.hideTips();

    const reload = setup(null, storage);
    reload.signIn(7);
    expect(reload.sync.tipsHidden()).toBe(true); // before the server answered
    const other = setup(null, storage);
    other.signIn(8);
    expect(other.sync.tipsHidden()).toBe(false); // another customer of this browser

    // The server says they are shown again (hidden elsewhere and restored): the server wins and is remembered.
    reload.loads[0]!.resolve({ tipsHidden: false });
    await reload.flush();
    expect(reload.sync.tipsHidden()).toBe(false);
    const again = setup(null, storage);
    again.signIn(7);
    expect(again.sync.tipsHidden()).toBe(false);
  });
});
