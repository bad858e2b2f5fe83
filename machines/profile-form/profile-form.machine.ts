import { assign, fromPromise, setup } from 'xstate';
import { errorOf, toErrorInfo } from '../shared/error-info';
import {
  PROFILE_GROUPS,
  groupOf,
  type LoadedProfile,
  type ProfileField,
  type ProfileFormContext,
  type ProfileFormEvent,
  type ProfileFormValues,
  type ProfileGroup,
  type SaveProfileInput,
} from './profile-form.types';

/** IO stubs: the profile feature gives the real actors with `profileFormMachine.provide()` (tests give theirs). */
function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`profileForm: actor "${name}" is not provided`));
}

/** The fields of one group, taken from a set of values. */
export function pickGroup(values: ProfileFormValues | null, group: ProfileGroup): Partial<ProfileFormValues> {
  const out: Partial<Record<ProfileField, unknown>> = {};
  if (values) for (const field of PROFILE_GROUPS[group]) out[field] = values[field];
  return out as Partial<ProfileFormValues>;
}

function without<T extends object>(map: T, key: keyof T): T {
  const copy = { ...map };
  delete copy[key];
  return copy;
}

export const profileFormMachine = setup({
  types: {
    context: {} as ProfileFormContext,
    events: {} as ProfileFormEvent,
  },
  actors: {
    /** GET /api/client/profile/ → form values. */
    loadProfile: fromPromise<LoadedProfile, void>(() => notProvided('loadProfile')),
    /** Saves one group (PATCH, and the subscription for the mailing switch); answers the profile after it. */
    saveProfile: fromPromise<LoadedProfile, SaveProfileInput>(() => notProvided('saveProfile')),
  },
  actions: {
    assignLoaded: assign((_, loaded: LoadedProfile) => ({
      saved: loaded.values,
      draft: loaded.values,
      info: loaded.info,
      error: null,
      groupErrors: {},
    })),
    /** The saved group takes the server's values; unsaved edits of the other groups stay on screen. */
    assignSaved: assign(({ context }, loaded: LoadedProfile) => ({
      saved: loaded.values,
      draft: {
        ...(context.draft ?? loaded.values),
        ...pickGroup(loaded.values, context.group ?? 'personal'),
      },
      info: loaded.info,
      error: null,
    })),
    assignChange: assign(({ context }, change: { field: ProfileField; value: string | boolean }) => ({
      draft: context.draft ? { ...context.draft, [change.field]: change.value } : context.draft,
    })),
    /** The customer edited a field: its server message no longer applies. */
    clearFieldError: assign(({ context }, field: ProfileField) => {
      const group = groupOf(field);
      const error = context.groupErrors[group];
      if (!error?.fields?.[field]) return {};
      const fields = { ...error.fields };
      delete fields[field];
      return { groupErrors: { ...context.groupErrors, [group]: { ...error, fields } } };
    }),
    resetGroup: assign(({ context }, group: ProfileGroup) => ({
      draft: context.draft ? { ...context.draft, ...pickGroup(context.saved, group) } : context.draft,
      groupErrors: without(context.groupErrors, group),
    })),
    /** A save starts: the group's earlier refusal no longer applies. */
    assignGroup: assign(({ context }, group: ProfileGroup) => ({
      group,
      groupErrors: without(context.groupErrors, group),
    })),
    assignGroupError: assign(({ context }, error: unknown) => ({
      groupErrors: { ...context.groupErrors, [context.group ?? 'personal']: toErrorInfo(error) },
    })),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'profileForm',
  context: { saved: null, draft: null, info: null, group: null, error: null, groupErrors: {} },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },

    loadFailed: {
      description: 'The profile did not load: an error screen with a retry.',
      on: { 'profile.retry': { target: 'loading', actions: 'clearError' } },
    },

    ready: {
      description: 'The form is on screen; each group is saved on its own.',
      initial: 'editing',
      on: {
        'profile.change': {
          actions: [
            { type: 'assignChange', params: ({ event }) => event },
            { type: 'clearFieldError', params: ({ event }) => event.field },
          ],
        },
      },
      states: {
        editing: {
          on: {
            'profile.save': {
              target: 'saving',
              actions: { type: 'assignGroup', params: ({ event }) => event.group },
            },
            'profile.reset': { actions: { type: 'resetGroup', params: ({ event }) => event.group } },
          },
        },
        saving: {
          description: 'One group is being saved; its fields are locked, the other groups stay editable.',
          tags: ['saving'],
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ context }) => {
              const group = context.group ?? 'personal';
              return {
                group,
                values: pickGroup(context.draft, group),
                previous: pickGroup(context.saved, group),
              };
            },
            onDone: {
              target: 'saved',
              actions: { type: 'assignSaved', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              description: 'Field errors go to their fields; any other message above the group.',
              actions: {
                type: 'assignGroupError',
                params: errorOf,
              },
            },
          },
        },
        saved: {
          description: 'The group shows "saved" until the next edit.',
          tags: ['saved'],
          on: {
            'profile.change': {
              target: 'editing',
              actions: [
                { type: 'assignChange', params: ({ event }) => event },
                { type: 'clearFieldError', params: ({ event }) => event.field },
              ],
            },
            'profile.save': {
              target: 'saving',
              actions: { type: 'assignGroup', params: ({ event }) => event.group },
            },
            'profile.reset': {
              target: 'editing',
              actions: { type: 'resetGroup', params: ({ event }) => event.group },
            },
          },
        },
        failed: {
          description:
            'The last save was refused; its messages stay until the fields are edited or saved again.',
          on: {
            'profile.save': {
              target: 'saving',
              actions: { type: 'assignGroup', params: ({ event }) => event.group },
            },
            'profile.reset': {
              target: 'editing',
              actions: { type: 'resetGroup', params: ({ event }) => event.group },
            },
          },
        },
      },
    },
  },
});
