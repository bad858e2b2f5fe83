// A customer's kept answers live in a cache the page marks while they are signed in. A read that ends after sign-out
// deleted the cache must not bring it back (src/lib/customer-cache.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepInCustomerCache, markCustomerCache, SIGNED_IN_MARK } from '../../src/lib/customer-cache';
import { memoryCaches, type MemoryCaches } from '../support/memory-caches';

const LIST = 'http://localhost/api/client/orders/?tab=active&page=1&page_size=20';
const answer = () => new Response('[]', { headers: { 'Content-Type': 'application/json' } });

let caches: MemoryCaches;
beforeEach(() => {
  caches = memoryCaches(['cabinet-shell']);
  vi.stubGlobal('caches', caches.storage);
});
afterEach(() => vi.unstubAllGlobals());

describe('the customer cache', () => {
  it('keeps an answer in the cache of a signed-in customer', async () => {
    await markCustomerCache(42);
    expect(await keepInCustomerCache(42, LIST, answer())).toBe(true);
    expect(caches.contents()['cabinet-api-42']).toEqual([SIGNED_IN_MARK, LIST].sort());
  });

  it('keeps nothing, and makes no cache, for a customer whose cache is gone (signed out)', async () => {
    expect(await keepInCustomerCache(42, LIST, answer())).toBe(false);
    expect(caches.contents()).toEqual({ 'cabinet-shell': [] });
  });

  it('a sign-out between the check and the opening leaves no cache behind', async () => {
    await markCustomerCache(42);
    caches.afterHas((name) => void caches.storage.delete(name));
    expect(await keepInCustomerCache(42, LIST, answer())).toBe(false);
    expect(Object.keys(caches.contents())).toEqual(['cabinet-shell']);
  });

  it('a cache made without the mark (by an older worker or a stray open) is deleted, not filled', async () => {
    await caches.storage.open('cabinet-api-42');
    expect(await keepInCustomerCache(42, LIST, answer())).toBe(false);
    expect(Object.keys(caches.contents())).toEqual(['cabinet-shell']);
  });
});
