import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { themeMachine } from '../../machines/theme/theme.machine';
import { selectIsDark, selectTheme } from '../../machines/theme/theme.selectors';
import { describeModel } from './coverage';

const events = [
  { type: 'theme.toggle' },
  { type: 'theme.set', theme: 'dark' },
  { type: 'theme.set', theme: 'light' },
];

// Every kind of remembered value, so the start-up choice is covered both ways; each one alone takes one branch.
const toLight = /#theme\.resolving on "always" → #theme\.light/;
const toDark = /#theme\.resolving on "always" \[storedDark\]/;

describeModel(themeMachine, {
  name: 'theme machine (model-based)',
  events,
  inputs: [
    { name: 'remembered theme dark', input: { stored: 'dark' }, misses: toLight },
    { name: 'remembered theme light', input: { stored: 'light' }, misses: toDark },
    { name: 'remembered theme null', input: { stored: null }, misses: toDark },
    { name: 'remembered theme purple', input: { stored: 'purple' }, misses: toDark },
  ],
  // The state and the context agree, and the theme is always one of the two.
  invariants: (final) => {
    expect(selectTheme(final)).toBe(final.value);
    expect(selectIsDark(final)).toBe(final.value === 'dark');
  },
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
