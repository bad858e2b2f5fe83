// The settings that follow a customer across browsers: what is read on sign-in, what is written, and when.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { themeMachine } from '../../machines/theme/theme.machine';
import { selectTheme } from '../../machines/theme/theme.selectors';
import { createSessionDataSync } from '../../src/app/session-data';
import type { SessionData } from '../../src/api/contract/profile';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(stored: string | null = null) {
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
});
