// The list the chat renders: day separators between messages of different days, confirmed messages, then the
// pending ones. An own message keeps one key (its client_id) from pending to sent, so it never jumps or blinks.
import type { ChatMessage } from '../../../contract/orders.api';
import type { PendingMessage } from '../../../machines/chat/chat.types';
import { dayKey, dayLabel } from './format';

export type Row =
  | { kind: 'older'; key: 'older' }
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage }
  | { kind: 'pending'; key: string; pending: PendingMessage };

export const messageKey = (m: ChatMessage) => (m.client_id ? `c:${m.client_id}` : `m:${m.id}`);

export function buildRows(
  messages: readonly ChatMessage[],
  pending: readonly PendingMessage[],
  withOlderRow: boolean,
  now: Date = new Date(),
): Row[] {
  const rows: Row[] = withOlderRow ? [{ kind: 'older', key: 'older' }] : [];
  let lastDay = '';
  const dayRow = (iso: string) => {
    const key = dayKey(iso);
    if (key !== lastDay) {
      lastDay = key;
      rows.push({ kind: 'day', key: `d:${key}`, label: dayLabel(iso, now) });
    }
  };
  for (const message of messages) {
    dayRow(message.created_at);
    rows.push({ kind: 'message', key: messageKey(message), message });
  }
  for (const p of pending) {
    dayRow(p.createdAt);
    rows.push({ kind: 'pending', key: `c:${p.clientId}`, pending: p });
  }
  return rows;
}
