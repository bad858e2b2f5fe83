import { describe, expect, it } from 'vitest';
import { OrderListCache } from '../../server/domain/order-list-cache';

const utf8 = (text: string) => new TextEncoder().encode(text);
const text = (body: Uint8Array | undefined) => body && new TextDecoder().decode(body);

describe('OrderListCache', () => {
  it('answers only under the same stamp and before its time bound', () => {
    const cache = new OrderListCache();
    cache.set(1, 'active', { version: '5', validUntil: 1_000, body: utf8('{"count":1}') });
    expect(text(cache.get(1, 'active', '5', 999))).toBe('{"count":1}');
    expect(cache.get(2, 'active', '5', 999)).toBeUndefined();
    expect(cache.get(1, 'done', '5', 999)).toBeUndefined();
    expect(cache.get(1, 'active', '6', 999)).toBeUndefined();
    // A stale entry is dropped when met, so it cannot answer again even under its old stamp.
    expect(cache.get(1, 'active', '5', 999)).toBeUndefined();
    cache.set(1, 'active', { version: '6', validUntil: 1_000, body: utf8('{}') });
    expect(cache.get(1, 'active', '6', 1_000)).toBeUndefined();
  });

  it('keeps at most its bound, dropping the least recently used first', () => {
    const cache = new OrderListCache(2);
    const entry = (body: string) => ({ version: '1', validUntil: Infinity, body: utf8(body) });
    cache.set(1, 'a', entry('a'));
    cache.set(2, 'a', entry('b'));
    expect(text(cache.get(1, 'a', '1', 0))).toBe('a'); // customer 1 is now the most recent
    cache.set(3, 'a', entry('c'));
    expect(cache.size).toBe(2);
    expect(cache.get(2, 'a', '1', 0)).toBeUndefined();
    expect(text(cache.get(1, 'a', '1', 0))).toBe('a');
    expect(text(cache.get(3, 'a', '1', 0))).toBe('c');
  });
});
