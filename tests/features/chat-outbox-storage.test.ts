import { describe, expect, it } from 'vitest';
import { outboxStorage } from '../../src/features/chat/outbox-storage';
import type { PendingMessage } from '../../machines/chat/chat.types';
import { memoryStorage } from '../support/memory-storage';

const message = (clientId: string): PendingMessage => ({
  clientId,
  text: 'Написано в поезде',
  files: [],
  createdAt: '2026-11-25T10:00:00.000Z',
  status: 'queued',
  error: null,
});

describe('the chat outbox in localStorage', () => {
  it('is kept per customer and order, in order, and removed when empty', () => {
    const store = memoryStorage();
    const mine = outboxStorage(42, 17, store);
    mine.save([message('a'), message('b')]);
    expect(
      outboxStorage(42, 17, store)
        .load()
        .map((p) => p.clientId),
    ).toEqual(['a', 'b']);
    expect(outboxStorage(7, 17, store).load()).toEqual([]); // another customer
    expect(outboxStorage(42, 18, store).load()).toEqual([]); // another order
    mine.save([]);
    expect(store.length).toBe(0);
  });

  it('drops malformed entries instead of breaking the chat', () => {
    const store = memoryStorage();
    store.setItem('cabinet.chat-outbox.42.17', JSON.stringify([message('a'), { clientId: 1 }, null, 'x']));
    expect(
      outboxStorage(42, 17, store)
        .load()
        .map((p) => p.clientId),
    ).toEqual(['a']);
    store.setItem('cabinet.chat-outbox.42.17', '{broken');
    expect(outboxStorage(42, 17, store).load()).toEqual([]);
  });
});
