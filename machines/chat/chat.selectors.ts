import type { SnapshotFrom } from 'xstate';
import type { chatMachine } from './chat.machine';
import { unreadCount } from './chat.messages';

type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

export const selectMessages = (s: ChatSnapshot) => s.context.messages;
export const selectPending = (s: ChatSnapshot) => s.context.pending;
export const selectIsLoading = (s: ChatSnapshot) => s.hasTag('loading');
export const selectIsFailed = (s: ChatSnapshot) => s.hasTag('failed');
export const selectError = (s: ChatSnapshot) => s.context.error;
export const selectIsReady = (s: ChatSnapshot) => s.matches({ history: 'ready' });
export const selectHasOlder = (s: ChatSnapshot) => s.context.hasOlder;
export const selectIsLoadingOlder = (s: ChatSnapshot) => s.hasTag('loadingOlder');
export const selectOlderError = (s: ChatSnapshot) => s.context.olderError;
export const selectNewestId = (s: ChatSnapshot) => s.context.messages.at(-1)?.id ?? 0;
export const selectUnread = (s: ChatSnapshot) => unreadCount(s.context.messages);
/** Nothing to show: loaded, no messages, nothing pending. */
export const selectIsEmpty = (s: ChatSnapshot) =>
  s.matches({ history: 'ready' }) && s.context.messages.length === 0 && s.context.pending.length === 0;
/** The outbox waits for the connection: what was written shows 'ожидает отправки'. */
export const selectIsOffline = (s: ChatSnapshot) => s.hasTag('offline');
