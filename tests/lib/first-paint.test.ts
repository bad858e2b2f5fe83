// The calls the first page does not need wait for it to be painted (src/lib/first-paint.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstPaintModule from '../../src/lib/first-paint';

type FirstPaint = typeof FirstPaintModule;

async function load(visibility: 'visible' | 'hidden' = 'visible') {
  const frames: (() => void)[] = [];
  vi.stubGlobal('document', { visibilityState: visibility });
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
  vi.resetModules();
  const mod: FirstPaint = await import('../../src/lib/first-paint');
  let done = false;
  void mod.afterFirstPaint().then(() => (done = true));
  const settled = async () => {
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };
  return { mod, frames, settled };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstPaint', () => {
  it('waits for the first page, then for the frame that paints it', async () => {
    const { mod, frames, settled } = await load();
    expect(await settled()).toBe(false);
    mod.noteFirstPageRendered();
    expect(await settled()).toBe(false); // rendered, not yet painted
    frames.shift()!();
    expect(await settled()).toBe(true);
    // Later calls go at once.
    let later = false;
    void mod.afterFirstPaint().then(() => (later = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(later).toBe(true);
  });

  it('holds nothing in a tab opened in the background (it paints nothing until shown)', async () => {
    const { mod, settled } = await load('hidden');
    mod.noteFirstPageRendered();
    expect(await settled()).toBe(true);
  });

  it('lets the calls go after 2 s should the first page never report itself', async () => {
    const { settled } = await load();
    await vi.advanceTimersByTimeAsync(1999);
    expect(await settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled()).toBe(true);
  });
});

describe('onceAtFocusOrLoad', () => {
  /** A page still loading: its focus and load listeners, fired by hand. */
  async function page() {
    const on = { focusin: new Set<() => void>(), load: new Set<() => void>() };
    const target = (kind: 'focusin' | 'load') => ({
      addEventListener: (type: string, cb: () => void) => type === kind && on[kind].add(cb),
      removeEventListener: (type: string, cb: () => void) => type === kind && on[kind].delete(cb),
    });
    vi.stubGlobal('document', { visibilityState: 'visible', readyState: 'loading', ...target('focusin') });
    vi.stubGlobal('window', target('load'));
    vi.resetModules();
    const mod: FirstPaint = await import('../../src/lib/first-paint');
    const fire = async (kind: 'focusin' | 'load') => {
      for (const cb of [...on[kind]]) cb();
      await vi.advanceTimersByTimeAsync(10);
    };
    return { mod, fire, on };
  }

  it('runs at the first focus, and not again after the load or another focus', async () => {
    const { mod, fire, on } = await page();
    const fn = vi.fn();
    mod.onceAtFocusOrLoad(fn);
    expect(fn).not.toHaveBeenCalled();
    await fire('focusin');
    expect(fn).toHaveBeenCalledTimes(1);
    expect(on.focusin.size).toBe(0); // the focus listener is gone with it
    await fire('load');
    await fire('focusin');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs after the load when nothing was focused, and not again at a later focus', async () => {
    const { mod, fire } = await page();
    const fn = vi.fn();
    mod.onceAtFocusOrLoad(fn);
    await fire('load');
    expect(fn).toHaveBeenCalledTimes(1);
    await fire('focusin');
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
