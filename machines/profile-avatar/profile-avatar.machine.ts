import { assign, fromPromise, setup } from 'xstate';
import { errorOf, toErrorInfo } from '../shared/error-info';
import type {
  AvatarChoice,
  AvatarFit,
  AvatarUrls,
  ProfileAvatarContext,
  ProfileAvatarEvent,
  UploadAvatarInput,
} from './profile-avatar.types';

/** IO stubs: the profile feature gives the real actors and the preview release with `.provide()`. */
function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`profileAvatar: actor "${name}" is not provided`));
}

export const profileAvatarMachine = setup({
  types: {
    context: {} as ProfileAvatarContext,
    events: {} as ProfileAvatarEvent,
  },
  actors: {
    /** GET /api/client/profile/avatar/ */
    loadAvatar: fromPromise<AvatarUrls, void>(() => notProvided('loadAvatar')),
    /** POST multipart (fitted into a square first when fit is contain) → the new URLs. */
    uploadAvatar: fromPromise<AvatarUrls, UploadAvatarInput>(() => notProvided('uploadAvatar')),
    /** DELETE /api/client/profile/avatar/ */
    deleteAvatar: fromPromise<AvatarUrls, void>(() => notProvided('deleteAvatar')),
  },
  actions: {
    /** Frees the preview's object URL; provided by the feature (URL.revokeObjectURL). */
    releasePreview: (_, _url: string | null) => {},
    assignAvatars: assign((_, avatars: AvatarUrls) => ({ avatars, error: null })),
    assignChoice: assign((_, choice: { file: Blob; previewUrl: string }) => ({
      choice: { file: choice.file, previewUrl: choice.previewUrl, fit: 'cover' as AvatarFit },
      error: null,
    })),
    assignFit: assign(({ context }, fit: AvatarFit) => ({
      choice: context.choice ? { ...context.choice, fit } : null,
    })),
    clearChoice: assign({ choice: null as AvatarChoice | null }),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    hasAvatar: ({ context }) => Object.keys(context.avatars).length > 0,
  },
}).createMachine({
  id: 'profileAvatar',
  context: { avatars: {}, choice: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadAvatar',
        src: 'loadAvatar',
        onDone: { target: 'ready', actions: { type: 'assignAvatars', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: errorOf } },
      },
    },

    loadFailed: {
      on: { 'avatar.retry': { target: 'loading', actions: 'clearError' } },
    },

    ready: {
      description: 'The current avatar (or the initials); choose a picture or delete the avatar.',
      on: {
        'avatar.choose': {
          target: 'previewing',
          actions: { type: 'assignChoice', params: ({ event }) => event },
        },
        'avatar.delete': { guard: 'hasAvatar', target: 'deleting', actions: 'clearError' },
      },
    },

    previewing: {
      description: 'The chosen picture as it will look (cropped or fitted); nothing is sent yet.',
      on: {
        'avatar.choose': {
          target: 'previewing',
          reenter: true,
          actions: [
            { type: 'releasePreview', params: ({ context }) => context.choice?.previewUrl ?? null },
            { type: 'assignChoice', params: ({ event }) => event },
          ],
        },
        'avatar.fit': { actions: { type: 'assignFit', params: ({ event }) => event.fit } },
        'avatar.upload': { target: 'uploading', actions: 'clearError' },
        'avatar.cancel': {
          target: 'ready',
          actions: [
            { type: 'releasePreview', params: ({ context }) => context.choice?.previewUrl ?? null },
            'clearChoice',
            'clearError',
          ],
        },
      },
    },

    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadAvatar',
        src: 'uploadAvatar',
        input: ({ context }) => ({
          file: context.choice?.file ?? new Blob(),
          fit: context.choice?.fit ?? 'cover',
        }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'releasePreview', params: ({ context }) => context.choice?.previewUrl ?? null },
            'clearChoice',
            { type: 'assignAvatars', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'previewing',
          description: 'Refused (not an image, too large) or no answer: the preview stays, with the message.',
          actions: { type: 'assignError', params: errorOf },
        },
      },
    },

    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteAvatar',
        src: 'deleteAvatar',
        onDone: { target: 'ready', actions: { type: 'assignAvatars', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'assignError', params: errorOf } },
      },
    },
  },
});
