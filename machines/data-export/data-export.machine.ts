import { assign, fromPromise, setup } from 'xstate';
import type { DataExportStatus } from '../../contract/account.api';
import { errorOf, toErrorInfo } from '../shared/error-info';
import type { DataExportContext, DataExportEvent, DownloadInput } from './data-export.types';

/** IO stubs: the profile's "Мои данные" card gives the real calls with `dataExportMachine.provide()`. */
function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`dataExport: actor "${name}" is not provided`));
}

/** How often the card asks again while the copy is being built (it shows the progress). */
export const DATA_EXPORT_POLL_MS = 2000;

const pending = (status: DataExportStatus | null) =>
  status?.latest?.status === 'queued' || status?.latest?.status === 'building';

/**
 * Профиль → Мои данные: the latest copy of the customer's data. Asking for one queues it on the server, where a job
 * builds it; the card asks for the status every 2 s while it is built (showing the progress), then offers the
 * download until the copy expires. One copy a day: the server's refusal (409) is shown as it is.
 */
export const dataExportMachine = setup({
  types: { context: {} as DataExportContext, events: {} as DataExportEvent },
  actors: {
    /** GET /api/client/profile/data-export/ */
    loadStatus: fromPromise<DataExportStatus, void>(() => notProvided('loadStatus')),
    /** POST /api/client/profile/data-export/ */
    requestExport: fromPromise<DataExportStatus, void>(() => notProvided('requestExport')),
    /** GET /api/client/profile/data-export/{id}/download/ with the session, saved as a file. */
    download: fromPromise<void, DownloadInput>(() => notProvided('download')),
  },
  delays: { poll: DATA_EXPORT_POLL_MS },
  actions: {
    assignStatus: assign((_, status: DataExportStatus) => ({ status, error: null })),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    isPending: (_, status: DataExportStatus) => pending(status),
    isReady: ({ context }) => context.status?.latest?.status === 'ready',
    mayRequest: ({ context }) => !context.status?.next_allowed_at,
    isExpired: (_, error: unknown) => toErrorInfo(error).status === 410,
  },
}).createMachine({
  id: 'dataExport',
  context: { status: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'isPending', params: ({ event }) => event.output },
            target: 'building',
            actions: { type: 'assignStatus', params: ({ event }) => event.output },
          },
          { target: 'idle', actions: { type: 'assignStatus', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    failed: {
      description: 'The status did not load: the card says why and offers a retry.',
      on: { 'dataExport.retry': { target: 'loading', actions: 'clearError' } },
    },
    idle: {
      description: "No copy is being built: a request (once a day) or the ready copy's download.",
      on: {
        'dataExport.request': { guard: 'mayRequest', target: 'requesting', actions: 'clearError' },
        'dataExport.download': { guard: 'isReady', target: 'downloading', actions: 'clearError' },
      },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'requestExport',
        src: 'requestExport',
        onDone: {
          target: 'building',
          actions: { type: 'assignStatus', params: ({ event }) => event.output },
        },
        onError: {
          target: 'idle',
          actions: { type: 'assignError', params: errorOf },
          description: 'Refused (one copy a day) or unanswered: the card says why.',
        },
      },
    },
    building: {
      description: 'The job builds the copy: the card shows its progress and asks again every 2 s.',
      initial: 'waiting',
      states: {
        waiting: { after: { poll: { target: 'refreshing' } } },
        refreshing: {
          invoke: {
            id: 'refreshStatus',
            src: 'loadStatus',
            onDone: [
              {
                guard: { type: 'isPending', params: ({ event }) => event.output },
                target: 'waiting',
                actions: { type: 'assignStatus', params: ({ event }) => event.output },
              },
              {
                target: '#dataExport.idle',
                actions: { type: 'assignStatus', params: ({ event }) => event.output },
              },
            ],
            onError: {
              target: 'waiting',
              actions: { type: 'assignError', params: errorOf },
              description: 'A missed status is asked for again at the next tick.',
            },
          },
        },
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({ id: context.status?.latest?.id ?? 0 }),
        onDone: { target: 'idle' },
        onError: [
          {
            guard: { type: 'isExpired', params: errorOf },
            target: 'loading',
            actions: { type: 'assignError', params: errorOf },
            description: 'Expired meanwhile: the status is read again (a new copy may then be asked for).',
          },
          { target: 'idle', actions: { type: 'assignError', params: errorOf } },
        ],
      },
    },
  },
});
