import { describe, expect, it } from 'vitest';
import {
  dropConfirmed,
  hasUnreadUpTo,
  markReadUpTo,
  mergeMessages,
  unreadCount,
} from '../../machines/chat/chat.messages';
import type { ChatMessage } from '../../machines/chat/chat.types';
import type { PendingMessage } from '../../machines/chat/chat.types';

const m = (
  id: number,
  author: ChatMessage['author'] = 'writer',
  extra: Partial<ChatMessage> = {},
): ChatMessage => ({
  id,
  order_id: 1,
  author,
  author_name: '',
  text: `#${id}`,
  files: [],
  created_at: '2026-03-01T10:00:00.000Z',
  read_at: null,
  client_id: null,
  ...extra,
});
const p = (clientId: string): PendingMessage => ({
  clientId,
  text: 'x',
  files: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  status: 'sending',
  error: null,
});

describe('chat message helpers', () => {
  it('merges by id: appends newer ones, sorts older and overlapping ones, never duplicates', () => {
    const base = [m(10), m(11)];
    expect(mergeMessages(base, []).map((x) => x.id)).toEqual([10, 11]);
    expect(mergeMessages(base, [m(13), m(12)]).map((x) => x.id)).toEqual([10, 11, 12, 13]);
    expect(mergeMessages(base, [m(5), m(11), m(12)]).map((x) => x.id)).toEqual([5, 10, 11, 12]);
    // A newer copy (e.g. read_at set) replaces the old one.
    expect(mergeMessages(base, [m(11, 'writer', { read_at: 'r' })])[1]!.read_at).toBe('r');
  });

  it('drops pending messages the server confirmed by client_id', () => {
    const pending = [p('a'), p('b')];
    expect(dropConfirmed(pending, [m(1, 'customer', { client_id: 'a' })]).map((x) => x.clientId)).toEqual([
      'b',
    ]);
    expect(dropConfirmed(pending, [m(1)])).toBe(pending);
  });

  it('counts and marks the writer’s and the manager’s unread messages only', () => {
    const list = [m(1, 'customer'), m(2, 'writer'), m(3, 'manager'), m(4, 'writer', { read_at: 'x' })];
    expect(unreadCount(list)).toBe(2);
    expect(hasUnreadUpTo(list, 1)).toBe(false);
    expect(hasUnreadUpTo(list, 2)).toBe(true);
    const read = markReadUpTo(list, 2, 'now');
    expect(read.map((x) => x.read_at)).toEqual([null, 'now', null, 'x']);
    expect(markReadUpTo(read, 2, 'later')).toBe(read);
  });
});
