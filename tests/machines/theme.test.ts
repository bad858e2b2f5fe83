import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { themeMachine } from '../../machines/theme/theme.machine';
import { selectIsDark, selectTheme } from '../../machines/theme/theme.selectors';
import { createCoverage, transitionPaths } from './coverage';

const events = [
  { type: 'theme.toggle' },
  { type: 'theme.set', theme: 'dark' },
  { type: 'theme.set', theme: 'light' },
];

describe('theme machine (model-based)', () => {
  // Both remembered values, so the start-up choice is covered both ways.
  for (const stored of ['dark', null, 'purple']) {
    describe(`remembered theme ${String(stored)}`, () => {
      const input = { stored };
      const paths = transitionPaths(themeMachine, { events: () => events as never, input });
      const coverage = createCoverage(themeMachine, { input });

      it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
        const final = coverage.replay(path);
        expect(final.value).toEqual(path.final.value);
        // The state and the context agree, and the theme is always one of the two.
        expect(selectTheme(final)).toBe(final.value);
        expect(selectIsDark(final)).toBe(final.value === 'dark');
      });
    });
  }

  it('covers every transition of the chart', () => {
    const coverage = createCoverage(themeMachine, { input: { stored: 'dark' } });
    for (const stored of ['dark', 'light']) {
      const c = createCoverage(themeMachine, { input: { stored } });
      for (const p of transitionPaths(themeMachine, { events: () => events as never, input: { stored } })) {
        c.replay(p);
      }
      for (const key of c.taken) coverage.taken.add(key);
    }
    coverage.assertAllCovered();
  });
});

describe('theme machine (IO)', () => {
  it('defaults to light and applies every change', () => {
    const applyTheme = vi.fn();
    const actor = createActor(themeMachine.provide({ actions: { applyTheme: (_, t) => applyTheme(t) } }), {
      input: {},
    }).start();
    expect(selectTheme(actor.getSnapshot())).toBe('light');
    expect(applyTheme).toHaveBeenLastCalledWith('light');
    actor.send({ type: 'theme.toggle' });
    expect(applyTheme).toHaveBeenLastCalledWith('dark');
    actor.send({ type: 'theme.set', theme: 'dark' });
    expect(applyTheme).toHaveBeenCalledTimes(2); // no change, no write
    actor.send({ type: 'theme.set', theme: 'light' });
    expect(applyTheme).toHaveBeenLastCalledWith('light');
  });
});
