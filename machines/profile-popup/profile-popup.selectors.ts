import type { SnapshotFrom } from 'xstate';
import type { profilePopupMachine } from './profile-popup.machine';

type ProfilePopupSnapshot = SnapshotFrom<typeof profilePopupMachine>;

/** The dialog is on screen. */
export const selectIsOpen = (s: ProfilePopupSnapshot) => s.matches('open');
