import type { SnapshotFrom } from 'xstate';
import type { profileAvatarMachine } from './profile-avatar.machine';

type Snapshot = SnapshotFrom<typeof profileAvatarMachine>;

export const selectIsLoading = (s: Snapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('loadFailed');
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectIsUploading = (s: Snapshot) => s.matches('uploading');
export const selectIsDeleting = (s: Snapshot) => s.matches('deleting');
/** The chosen picture waiting to be sent (previewing or uploading). */
export const selectChoice = (s: Snapshot) => s.context.choice;
/** The biggest picture the server has, or null. */
export const selectAvatarUrl = (s: Snapshot) =>
  s.context.avatars.large ?? s.context.avatars.medium ?? s.context.avatars.small ?? null;
export const selectHasAvatar = (s: Snapshot) => Object.keys(s.context.avatars).length > 0;
export const selectError = (s: Snapshot) => s.context.error;
