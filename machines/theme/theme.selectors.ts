import type { SnapshotFrom } from 'xstate';
import type { themeMachine } from './theme.machine';

type ThemeSnapshot = SnapshotFrom<typeof themeMachine>;

export const selectTheme = (s: ThemeSnapshot) => s.context.theme;
export const selectIsDark = (s: ThemeSnapshot) => s.context.theme === 'dark';
