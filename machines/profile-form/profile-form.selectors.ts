import type { SnapshotFrom } from 'xstate';
import type { profileFormMachine } from './profile-form.machine';
import { PROFILE_GROUPS, groupOf, type ProfileField, type ProfileGroup } from './profile-form.types';

type Snapshot = SnapshotFrom<typeof profileFormMachine>;

export const selectIsLoading = (s: Snapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('loadFailed');
export const selectIsReady = (s: Snapshot) => s.matches('ready');
export const selectInfo = (s: Snapshot) => s.context.info;
export const selectError = (s: Snapshot) => s.context.error;

/** One value on screen (each field component reads only its own). */
export const selectValue =
  <F extends ProfileField>(field: F) =>
  (s: Snapshot) =>
    s.context.draft?.[field];

/** The server's messages for one field. */
export const selectFieldError = (field: ProfileField) => (s: Snapshot) =>
  s.context.groupErrors[groupOf(field)]?.fields?.[field];

/** The last save of this group was refused (focus goes to what to fix). */
export const selectHasFailed = (group: ProfileGroup) => (s: Snapshot) =>
  s.context.groupErrors[group] !== undefined;

export const selectIsSaving = (group: ProfileGroup) => (s: Snapshot) =>
  s.hasTag('saving') && s.context.group === group;
export const selectIsSaved = (group: ProfileGroup) => (s: Snapshot) =>
  s.hasTag('saved') && s.context.group === group;

/** A message of the last save of this group that belongs to no field of it (the server's detail, or another field). */
export function selectGroupMessage(group: ProfileGroup) {
  return (s: Snapshot): string | null => {
    const error = s.context.groupErrors[group];
    if (!error) return null;
    const own = PROFILE_GROUPS[group] as readonly string[];
    const fields = Object.entries(error.fields ?? {});
    if (!fields.length) return error.message;
    const other = fields.filter(([name]) => !own.includes(name)).flatMap(([, m]) => m);
    return other.length ? other.join(' ') : null;
  };
}

/** The group has edits not saved yet. */
export const selectIsDirty = (group: ProfileGroup) => (s: Snapshot) => {
  const { draft, saved } = s.context;
  if (!draft || !saved) return false;
  return PROFILE_GROUPS[group].some((f) => draft[f] !== saved[f]);
};
