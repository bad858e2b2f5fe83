import { assign, fromPromise, raise, setup } from 'xstate';
import { systemClock } from '../shared/clock';
import { errorOf, toErrorInfo } from '../shared/error-info';
import { dropConfirmed, hasUnreadUpTo, markReadUpTo, mergeMessages } from './chat.messages';
import type {
  ChatContext,
  ChatEvent,
  ChatInput,
  ChatMessage,
  ChatPage,
  HistoryInput,
  NewerInput,
  OlderInput,
  OutboxStorage,
  PendingMessage,
  ReadInput,
  ReadMessagesResponse,
  SendInput,
} from './chat.types';

/** A catch-up that failed (server error after a reconnect) is tried again this much later. */
export const CATCH_UP_RETRY_MS = 5_000;

/** The outbox tries again after no answer: 1 s doubling per try, at least the server's Retry-After, at most 30 s. */
export const OUTBOX_RETRY = { baseMs: 1_000, maxMs: 30_000 } as const;

/** The wait before the outbox's next try: `attempt` tries got no answer so far; `retryAfter` in seconds. */
export function outboxRetryDelay(attempt: number, retryAfter: number | null): number {
  const backoff = OUTBOX_RETRY.baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(OUTBOX_RETRY.maxMs, Math.max(backoff, (retryAfter ?? 0) * 1000));
}

/** What the storage kept, ready to go again: a POST that was running when the page went is simply sent again. */
function restoreOutbox(storage: OutboxStorage | undefined): PendingMessage[] {
  if (!storage) return [];
  try {
    return storage.load().map((p) => (p.status === 'sending' ? { ...p, status: 'queued' as const } : p));
  } catch {
    return [];
  }
}

/** No answer (offline, the server unreachable, a proxy without its server): the message waits, it did not fail. */
function isNoAnswer(error: unknown): boolean {
  const { status } = toErrorInfo(error);
  return status === undefined || status === 502 || status === 503 || status === 504;
}

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`chat: actor "${name}" is not provided`));
}

/** The chat of one order: history, optimistic sending through an outbox, catch-up after reconnects, read marks. */
export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
  },
  actors: {
    /** GET {id}/messages/ (the latest page). */
    loadHistory: fromPromise<ChatPage, HistoryInput>(() => notProvided('loadHistory')),
    /** GET {id}/messages/?after= until has_more is false. */
    fetchNewer: fromPromise<ChatPage, NewerInput>(() => notProvided('fetchNewer')),
    /** GET {id}/messages/?before= */
    loadOlder: fromPromise<ChatPage, OlderInput>(() => notProvided('loadOlder')),
    /** POST {id}/messages/ { text, client_id, file_ids } */
    sendMessage: fromPromise<ChatMessage, SendInput>(() => notProvided('sendMessage')),
    /** POST {id}/messages/read/ { up_to_id } */
    markRead: fromPromise<ReadMessagesResponse, ReadInput>(() => notProvided('markRead')),
  },
  actions: {
    mergeLatest: assign(({ context }, page: ChatPage) => ({
      messages: mergeMessages(context.messages, page.results),
      pending: dropConfirmed(context.pending, page.results),
      hasOlder: page.has_more,
      syncedUpTo: Math.max(context.syncedUpTo, ...page.results.map((m) => m.id)),
      error: null,
    })),
    mergeNewer: assign(({ context }, page: ChatPage) => ({
      messages: mergeMessages(context.messages, page.results),
      pending: dropConfirmed(context.pending, page.results),
      syncedUpTo: Math.max(context.syncedUpTo, ...page.results.map((m) => m.id)),
    })),
    mergeOlder: assign(({ context }, page: ChatPage) => ({
      messages: mergeMessages(context.messages, page.results),
      pending: dropConfirmed(context.pending, page.results),
      hasOlder: page.has_more,
      olderError: null,
    })),
    confirm: assign(({ context }, message: ChatMessage) => ({
      messages: mergeMessages(context.messages, [message]),
      pending: dropConfirmed(context.pending, [message]),
    })),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    assignOlderError: assign((_, error: unknown) => ({ olderError: toErrorInfo(error) })),
    clearError: assign({ error: null }),
    clearOlderError: assign({ olderError: null }),
    queue: assign(
      (
        { context },
        e: {
          clientId: string;
          text: string;
          files: ChatContext['pending'][number]['files'];
          createdAt: string;
        },
      ) => ({
        pending: [
          ...context.pending,
          {
            clientId: e.clientId,
            text: e.text,
            files: e.files,
            createdAt: e.createdAt,
            status: 'queued' as const,
            error: null,
          },
        ],
      }),
    ),
    requeue: assign(({ context }, clientId: string) => ({
      pending: context.pending.map((p) =>
        p.clientId === clientId ? { ...p, status: 'queued' as const, error: null } : p,
      ),
    })),
    discard: assign(({ context }, clientId: string) => ({
      pending: context.pending.filter((p) => p.clientId !== clientId),
    })),
    startSending: assign(({ context }) => {
      const next = context.pending.find((p) => p.status === 'queued');
      return {
        sendingId: next?.clientId ?? null,
        pending: context.pending.map((p) => (p === next ? { ...p, status: 'sending' as const } : p)),
      };
    }),
    markFailed: assign(({ context }, error: unknown) => ({
      sendingId: null,
      retryAttempt: 0,
      retryAfter: null,
      pending: context.pending.map((p) =>
        p.clientId === context.sendingId ? { ...p, status: 'failed' as const, error: toErrorInfo(error) } : p,
      ),
    })),
    clearSending: assign({ sendingId: null, retryAttempt: 0, retryAfter: null }),
    markOnline: assign({ online: true }),
    markOffline: assign({ online: false }),
    markWaiting: assign(({ context }, error: unknown) => ({
      sendingId: null,
      retryAttempt: context.retryAttempt + 1,
      retryAfter: toErrorInfo(error).retryAfter ?? null,
      pending: context.pending.map((p) =>
        p.clientId === context.sendingId ? { ...p, status: 'queued' as const, error: null } : p,
      ),
    })),
    persistOutbox: ({ context }) => {
      try {
        context.storage?.save(context.pending);
      } catch {
        // A full or disabled storage: the outbox still works for this visit.
      }
    },
    assignSeen: assign(({ context }, upToId: number) => ({ seenUpTo: Math.max(context.seenUpTo, upToId) })),
    startReading: assign(({ context }) => ({
      readingUpTo: Math.min(context.seenUpTo, context.messages.at(-1)?.id ?? 0),
    })),
    markReadLocally: assign(({ context }, upToId: number) => ({
      messages: markReadUpTo(context.messages, upToId, new Date(context.now()).toISOString()),
    })),
    raiseResumed: raise({ type: 'chat.resumed' }),
  },
  guards: {
    /** Text or files, and a client_id not seen yet (a double submit of the same message is ignored). */
    isSendable: ({ context }, e: { clientId: string; text: string; files: unknown[] }) =>
      (e.text.trim().length > 0 || e.files.length > 0) &&
      !context.pending.some((p) => p.clientId === e.clientId) &&
      !context.messages.some((m) => m.client_id === e.clientId),
    isFailed: ({ context }, clientId: string) =>
      context.pending.some((p) => p.clientId === clientId && p.status === 'failed'),
    isPartial: (_, partial: boolean | undefined) => partial === true,
    isNoAnswer: (_, error: unknown) => isNoAnswer(error),
    hasOlder: ({ context }) => context.hasOlder && context.messages.length > 0,
    hasQueued: ({ context }) => context.pending.some((p) => p.status === 'queued'),
    /** Messages wait, and the browser says it is offline (navigator.onLine and its events). */
    waitsOffline: ({ context }) => !context.online && context.pending.some((p) => p.status === 'queued'),
    isOnline: ({ context }) => context.online,
    needsRead: ({ context }) => hasUnreadUpTo(context.messages, context.seenUpTo),
  },
  delays: {
    catchUpRetryDelay: CATCH_UP_RETRY_MS,
    outboxRetryDelay: ({ context }) => outboxRetryDelay(context.retryAttempt, context.retryAfter),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    orderId: input.orderId,
    messages: [],
    pending: restoreOutbox(input.storage),
    hasOlder: false,
    syncedUpTo: 0,
    seenUpTo: 0,
    readingUpTo: 0,
    sendingId: null,
    error: null,
    olderError: null,
    now: input.now ?? systemClock,
    storage: input.storage ?? null,
    online: input.online ?? true,
    retryAttempt: 0,
    retryAfter: null,
  }),
  type: 'parallel',
  on: {
    'chat.send': {
      guard: { type: 'isSendable', params: ({ event }) => event },
      actions: [{ type: 'queue', params: ({ event }) => event }, 'persistOutbox'],
      description: 'Shown at once as pending; the outbox sends it when its turn comes.',
    },
    'chat.resend': {
      guard: { type: 'isFailed', params: ({ event }) => event.clientId },
      actions: [{ type: 'requeue', params: ({ event }) => event.clientId }, 'persistOutbox'],
      description:
        'The same client_id again: the server answers the stored message if the first POST got through.',
    },
    'chat.discard': {
      guard: { type: 'isFailed', params: ({ event }) => event.clientId },
      actions: [{ type: 'discard', params: ({ event }) => event.clientId }, 'persistOutbox'],
    },
    'chat.incoming': [
      {
        guard: { type: 'isPartial', params: ({ event }) => event.partial },
        actions: 'raiseResumed',
        description: 'Too big for the socket: fetch it like after a reconnect.',
      },
      {
        actions: [{ type: 'confirm', params: ({ event }) => event.message }, 'persistOutbox'],
        description:
          'Appended once (by id); the echo of an own message replaces its pending copy (by client_id).',
      },
    ],
    'chat.readElsewhere': {
      actions: { type: 'markReadLocally', params: ({ event }) => event.upToId },
    },
  },
  states: {
    history: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadHistory',
            src: 'loadHistory',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: {
              target: 'ready',
              actions: [{ type: 'mergeLatest', params: ({ event }) => event.output }, 'persistOutbox'],
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'assignError',
                params: errorOf,
              },
            },
          },
        },
        failed: {
          description: 'The history did not load: the screen offers to try again.',
          tags: ['failed'],
          on: {
            'chat.retry': { target: 'loading', actions: 'clearError' },
            'chat.resumed': {
              target: 'loading',
              actions: 'clearError',
              description: 'Back online: try on its own.',
            },
          },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'chat.resumed': { target: 'catchingUp' },
                'chat.loadOlder': { guard: 'hasOlder', target: 'loadingOlder', actions: 'clearOlderError' },
              },
            },
            catchingUp: {
              description:
                'After a reconnect: the messages after the newest one the server sent (a read or the socket). Not ' +
                'after the answer to an own post: others may have been written before it while the socket was away.',
              tags: ['catchingUp'],
              invoke: {
                id: 'fetchNewer',
                src: 'fetchNewer',
                input: ({ context }) => ({
                  orderId: context.orderId,
                  after: context.syncedUpTo,
                }),
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'mergeNewer', params: ({ event }) => event.output }, 'persistOutbox'],
                },
                onError: { target: 'catchUpFailed' },
              },
            },
            catchUpFailed: {
              description: 'The catch-up failed; it is tried again shortly (or at the next reconnect).',
              after: { catchUpRetryDelay: { target: 'catchingUp' } },
              on: { 'chat.resumed': { target: 'catchingUp' } },
            },
            loadingOlder: {
              tags: ['loadingOlder'],
              invoke: {
                id: 'loadOlder',
                src: 'loadOlder',
                input: ({ context }) => ({ orderId: context.orderId, before: context.messages[0]?.id ?? 0 }),
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'mergeOlder', params: ({ event }) => event.output }, 'persistOutbox'],
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'assignOlderError',
                    params: errorOf,
                  },
                },
              },
              on: {
                'chat.resumed': {
                  target: 'catchingUp',
                  description:
                    'Catching up matters more; older messages load again on the next scroll to the top.',
                },
              },
            },
          },
        },
      },
    },

    outbox: {
      description:
        'Sends pending messages one at a time, in the order they were written; kept in the injected storage across reloads.',
      initial: 'idle',
      states: {
        idle: {
          always: [
            {
              guard: 'waitsOffline',
              target: 'offline',
              description:
                'The browser says it is offline: what waits is not tried, it waits for the network.',
            },
            { guard: 'hasQueued', target: 'sending', actions: 'startSending' },
          ],
          on: {
            'chat.online': { actions: 'markOnline' },
            'chat.offline': { actions: 'markOffline' },
          },
        },
        sending: {
          tags: ['sending'],
          on: {
            'chat.online': { actions: 'markOnline' },
            'chat.offline': { actions: 'markOffline', description: 'The running POST ends on its own.' },
          },
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ context }) => {
              const p = context.pending.find((m) => m.clientId === context.sendingId);
              return {
                orderId: context.orderId,
                clientId: context.sendingId ?? '',
                text: p?.text ?? '',
                fileIds: p?.files.map((f) => f.id) ?? [],
              };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'confirm', params: ({ event }) => event.output },
                'clearSending',
                'persistOutbox',
              ],
            },
            onError: [
              {
                guard: { type: 'isNoAnswer', params: errorOf },
                target: 'offline',
                actions: { type: 'markWaiting', params: errorOf },
                description:
                  'No answer (or 502/503/504): the message goes back to the head of the line and waits for the connection (the server keeps a client_id once, so the retry never doubles it).',
              },
              {
                target: 'idle',
                actions: [{ type: 'markFailed', params: errorOf }, 'persistOutbox'],
              },
            ],
          },
        },
        offline: {
          description:
            "No connection: written messages wait ('ожидает отправки', kept across reloads) until the socket is back or the browser is online, then go in the order they were written.",
          tags: ['offline'],
          after: {
            outboxRetryDelay: {
              guard: 'isOnline',
              target: 'idle',
              description:
                'The socket may never drop (the server is up, its database is not): try again after the Retry-After, with backoff.',
            },
          },
          on: {
            'chat.resumed': { target: 'idle' },
            'chat.online': { target: 'idle', actions: 'markOnline' },
            'chat.offline': { actions: 'markOffline' },
          },
        },
      },
    },

    read: {
      description: 'Marks the writer’s and the manager’s messages read once the customer has seen them.',
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'needsRead', target: 'marking', actions: 'startReading' },
          on: { 'chat.seen': { actions: { type: 'assignSeen', params: ({ event }) => event.upToId } } },
        },
        marking: {
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ orderId: context.orderId, upToId: context.readingUpTo }),
            onDone: {
              target: 'idle',
              actions: { type: 'markReadLocally', params: ({ context }) => context.readingUpTo },
            },
            onError: { target: 'failed' },
          },
          on: { 'chat.seen': { actions: { type: 'assignSeen', params: ({ event }) => event.upToId } } },
        },
        failed: {
          description: 'Not marked; the next time the customer sees a message it is tried again.',
          on: {
            'chat.seen': {
              target: 'idle',
              actions: { type: 'assignSeen', params: ({ event }) => event.upToId },
            },
          },
        },
      },
    },
  },
});
