import type { SnapshotFrom } from 'xstate';
import type { dialogsMachine } from './dialogs.machine';

type DialogsSnapshot = SnapshotFrom<typeof dialogsMachine>;

export const selectDialogs = (s: DialogsSnapshot) => s.context.stack;
export const selectTopDialog = (s: DialogsSnapshot) => s.context.stack.at(-1) ?? null;
export const selectHasOpenDialog = (s: DialogsSnapshot) => s.matches('open');
