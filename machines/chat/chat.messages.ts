// Pure helpers over the message list: merge by id (never a duplicate), confirm optimistic messages, read marks.
import type { ChatMessage } from '../../contract/orders.api';
import type { PendingMessage } from './chat.types';

/** Confirmed messages plus new ones, ascending by id, each id once (a newer copy of a message replaces the old). */
export function mergeMessages(existing: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return existing;
  const lastId = existing.at(-1)?.id ?? 0;
  const sorted = [...incoming].sort((a, b) => a.id - b.id);
  // The usual case (a new message, a page of newer ones): append without touching the rest.
  if (sorted[0]!.id > lastId && isStrictlyAscending(sorted)) return [...existing, ...sorted];
  const byId = new Map(existing.map((m) => [m.id, m]));
  for (const m of sorted) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function isStrictlyAscending(list: ChatMessage[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i]!.id <= list[i - 1]!.id) return false;
  return true;
}

/** Optimistic messages the server has confirmed (by client_id) are dropped: the confirmed copy replaces them. */
export function dropConfirmed(pending: PendingMessage[], confirmed: ChatMessage[]): PendingMessage[] {
  if (pending.length === 0) return pending;
  const ids = new Set(confirmed.map((m) => m.client_id).filter((id): id is string => id !== null));
  const left = pending.filter((p) => !ids.has(p.clientId));
  return left.length === pending.length ? pending : left;
}

/** The writer's and the manager's messages up to `upToId` count as read (from now on, locally). */
export function markReadUpTo(messages: ChatMessage[], upToId: number, at: string): ChatMessage[] {
  let changed = false;
  const next = messages.map((m) => {
    if (m.author === 'customer' || m.read_at !== null || m.id > upToId) return m;
    changed = true;
    return { ...m, read_at: at };
  });
  return changed ? next : messages;
}

/** The writer's and the manager's messages not read yet, up to `upToId`. */
export function hasUnreadUpTo(messages: ChatMessage[], upToId: number): boolean {
  // Newest first: unread messages are nearly always at the end.
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.id <= upToId && m.author !== 'customer' && m.read_at === null) return true;
  }
  return false;
}

export function unreadCount(messages: ChatMessage[]): number {
  let n = 0;
  for (const m of messages) if (m.author !== 'customer' && m.read_at === null) n++;
  return n;
}
