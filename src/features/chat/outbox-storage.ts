// The chat's outbox across reloads: localStorage, one key per customer and order, so a message written on a train
// is still there after a reload and goes once the connection is back (docs/features.md "Offline"). Sign-out
// deletes every key of the prefix (src/app/offline.ts).
import type { OutboxStorage, PendingMessage } from '../../../machines/chat/chat.types';
import { OUTBOX_STORAGE_PREFIX } from '../../lib/offline-cache';

const STATUSES = new Set(['queued', 'sending', 'failed']);

/** Only well-formed entries come back: a hand-edited or older record never breaks the chat. */
function parse(raw: string | null): PendingMessage[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return [];
    return list.filter(
      (p): p is PendingMessage =>
        !!p &&
        typeof p === 'object' &&
        typeof (p as PendingMessage).clientId === 'string' &&
        typeof (p as PendingMessage).text === 'string' &&
        typeof (p as PendingMessage).createdAt === 'string' &&
        Array.isArray((p as PendingMessage).files) &&
        STATUSES.has((p as PendingMessage).status),
    );
  } catch {
    return [];
  }
}

/** `store`: localStorage unless given (read on use: a browser without storage throws there, and the machine copes). */
export function outboxStorage(customerId: number, orderId: number, store?: Storage): OutboxStorage {
  const key = `${OUTBOX_STORAGE_PREFIX}${customerId}.${orderId}`;
  return {
    load: () => parse((store ?? localStorage).getItem(key)),
    save: (pending) => {
      if (pending.length === 0) (store ?? localStorage).removeItem(key);
      else (store ?? localStorage).setItem(key, JSON.stringify(pending));
    },
  };
}
