import { assign, setup } from 'xstate';
import type { ThemeName } from '../../contract/theme';
import type { ThemeContext, ThemeEvent, ThemeInput } from './theme.types';

export const THEME_STORAGE_KEY = 'cabinet.theme';

export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
    input: {} as ThemeInput,
  },
  actions: {
    assignTheme: assign((_, theme: ThemeName) => ({ theme })),
    /** Remembers the theme and applies it to <html data-theme>; provided in src/app (localStorage + DOM). */
    applyTheme: (_, _theme: ThemeName) => {},
  },
  guards: {
    storedDark: ({ context }) => context.theme === 'dark',
    wantsDark: (_, theme: ThemeName) => theme === 'dark',
    wantsLight: (_, theme: ThemeName) => theme === 'light',
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({ theme: input.stored === 'dark' ? 'dark' : 'light' }),
  initial: 'resolving',
  states: {
    resolving: {
      description: 'Picks the remembered theme; the default is light (spec point 1).',
      always: [{ guard: 'storedDark', target: 'dark' }, { target: 'light' }],
    },
    light: {
      entry: [
        { type: 'assignTheme', params: 'light' },
        { type: 'applyTheme', params: 'light' },
      ],
      on: {
        'theme.toggle': { target: 'dark' },
        'theme.set': {
          guard: { type: 'wantsDark', params: ({ event }) => event.theme },
          target: 'dark',
        },
      },
    },
    dark: {
      entry: [
        { type: 'assignTheme', params: 'dark' },
        { type: 'applyTheme', params: 'dark' },
      ],
      on: {
        'theme.toggle': { target: 'light' },
        'theme.set': {
          guard: { type: 'wantsLight', params: ({ event }) => event.theme },
          target: 'light',
        },
      },
    },
  },
});
