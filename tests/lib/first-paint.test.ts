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
