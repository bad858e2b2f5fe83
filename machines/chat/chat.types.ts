import type { ChatMessage, ChatPage, ReadMessagesResponse, UploadedFile } from '../../contract/orders.api';
import type { Clock } from '../shared/clock';
import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
/**
 * queued: waiting for its turn in the outbox, or for the connection ('ожидает отправки'); sending: the POST is
 * running; failed: the server refused it, 'Повторить' is offered.
 */
export type PendingStatus = 'queued' | 'sending' | 'failed';

/** A message the customer sent that the server has not confirmed yet (optimistic). */
export interface PendingMessage {
  /** uuid made by the client; the server answers the same message for the same client_id (idempotent retry). */
  clientId: string;
  text: string;
  /** Already uploaded (ajax-files); the message claims them by id. */
  files: UploadedFile[];
  createdAt: string;
  status: PendingStatus;
  error: ApiErrorInfo | null;
}

/**
 * Where the outbox lives across reloads (the feature gives localStorage keyed by customer and order; tests give a
 * fake). `load` is read once when the chat starts; `save` gets the whole outbox after every change of it.
 */
export interface OutboxStorage {
  load(): PendingMessage[];
  save(pending: readonly PendingMessage[]): void;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface ChatContext {
  orderId: number;
  /** Confirmed messages, ascending by id, each id once. */
  messages: ChatMessage[];
  /** Optimistic messages in the order they were sent; they show after the confirmed ones. */
  pending: PendingMessage[];
  /** Older messages exist on the server (load them when the list is scrolled to the top). */
  hasOlder: boolean;
  /**
   * The newest id up to which the tab holds every message: from the server's reads only. The server gives one order's
   * messages their ids in the order they are committed (server/domain/chat.ts), so a read holds every message up to
   * its newest. The socket's events do not move it: an event can overtake the event of an older message that is lost
   * with the connection, and the answer to an own post, written after a gap, can be newer than messages the tab
   * never got. Catch-up starts here; what it reads again is merged by id.
   */
  syncedUpTo: number;
  /** The newest message id the customer has seen (newest visible and the tab visible): read/ up to it. */
  seenUpTo: number;
  /** The up_to_id of the read/ call running now. */
  readingUpTo: number;
  /** The client_id of the message the outbox is sending now. */
  sendingId: string | null;
  /** The history could not be loaded. */
  error: ApiErrorInfo | null;
  /** Older messages could not be loaded (the list offers to try again). */
  olderError: ApiErrorInfo | null;
  /** The clock of the read marks set here (input `now`, else the real time). */
  now: Clock;
  /** Keeps the outbox across reloads (input `storage`); null: only in memory. */
  storage: OutboxStorage | null;
  /** What the browser says of its network (navigator.onLine, then its 'online'/'offline' events). */
  online: boolean;
  /** Tries of the outbox in a row that got no answer (or 502/503/504); reset by an answer. Drives the backoff. */
  retryAttempt: number;
  /** The Retry-After (seconds) of the last 503, if it named one. */
  retryAfter: number | null;
}

// ---- Input -----------------------------------------------------------------------------------------------------
export interface ChatInput {
  orderId: number;
  /** A fixed clock for tests. Absent: the real time. */
  now?: Clock;
  /** The outbox kept across reloads: what it holds is sent first (same client_ids: never twice). */
  storage?: OutboxStorage;
  /** navigator.onLine when the chat opens; absent: online. Offline, what the outbox holds waits without a try. */
  online?: boolean;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type ChatEvent =
  /** The composer sends (text and/or uploaded files); the message shows at once as pending. */
  | { type: 'chat.send'; clientId: string; text: string; files: UploadedFile[]; createdAt: string }
  /** 'Повторить' on a failed message: the same client_id again. */
  | { type: 'chat.resend'; clientId: string }
  /** Drop a failed message. */
  | { type: 'chat.discard'; clientId: string }
  /** Try the history again after a failure. */
  | { type: 'chat.retry' }
  /** The list was scrolled to the top. */
  | { type: 'chat.loadOlder' }
  /** A message of this order from the socket; `partial`: too big for the socket, fetch it. */
  | { type: 'chat.incoming'; message: ChatMessage; partial?: boolean }
  /** The socket is back after a drop: fetch what came meanwhile (and send what waits in the outbox). */
  | { type: 'chat.resumed' }
  /** The browser is back online (window 'online'): the outbox tries again. */
  | { type: 'chat.online' }
  /** The browser went offline (window 'offline'): nothing new is sent until it is back. */
  | { type: 'chat.offline' }
  /** The newest message is visible and the tab is visible. */
  | { type: 'chat.seen'; upToId: number }
  /** Read in another tab (socket 'chat.read'). */
  | { type: 'chat.readElsewhere'; upToId: number };

// ---- Actor inputs ----------------------------------------------------------------------------------------------
export interface HistoryInput {
  orderId: number;
}
export interface NewerInput {
  orderId: number;
  after: number;
}
export interface OlderInput {
  orderId: number;
  before: number;
}
export interface SendInput {
  orderId: number;
  clientId: string;
  text: string;
  fileIds: number[];
}
export interface ReadInput {
  orderId: number;
  upToId: number;
}

export type { ChatMessage, ChatPage, ReadMessagesResponse };
