import { afterEach, describe, expect, it } from 'vitest';
import { forgetHeldLists, heldList, holdList } from '../../src/features/orders/held-lists';
import { EMPTY_ORDER_QUERY } from '../../contract/order-query';
import type { OrderList } from '../../contract/orders.api';

const page = (ids: number[]): OrderList => ({
  next: null,
  previous: null,
  count: ids.length,
  results: ids.map((id) => ({ id }) as OrderList['results'][number]),
  counters: { active: ids.length, done: 0, archive: 0 },
});
const search = (text: string) => ({ ...EMPTY_ORDER_QUERY, search: text });

afterEach(forgetHeldLists);

describe("the dashboard's held lists", () => {
  it('give back page 1 of the same tab and query, for the customer it was answered to only', () => {
    holdList(7, 'done', EMPTY_ORDER_QUERY, page([1, 2]));
    expect(heldList(7, 'done', EMPTY_ORDER_QUERY)?.results.map((o) => o.id)).toEqual([1, 2]);
    expect(heldList(7, 'active', EMPTY_ORDER_QUERY)).toBeNull();
    expect(heldList(7, 'done', search('курс'))).toBeNull();
    // Another customer signed in: nothing of the first one shows, and their first answer drops the old lists.
    expect(heldList(8, 'done', EMPTY_ORDER_QUERY)).toBeNull();
    expect(heldList(undefined, 'done', EMPTY_ORDER_QUERY)).toBeNull();
    holdList(8, 'active', EMPTY_ORDER_QUERY, page([9]));
    expect(heldList(7, 'done', EMPTY_ORDER_QUERY)).toBeNull();
    expect(heldList(8, 'active', EMPTY_ORDER_QUERY)?.results.map((o) => o.id)).toEqual([9]);
  });

  it('keep the newest answer, a few lists at most, and forget them all on demand', () => {
    holdList(7, 'done', EMPTY_ORDER_QUERY, page([1]));
    holdList(7, 'done', EMPTY_ORDER_QUERY, page([2]));
    expect(heldList(7, 'done', EMPTY_ORDER_QUERY)?.results.map((o) => o.id)).toEqual([2]);
    for (let i = 0; i < 8; i++) holdList(7, 'active', search(`поиск ${i}`), page([i]));
    // The oldest list went past the limit; the newest are kept.
    expect(heldList(7, 'done', EMPTY_ORDER_QUERY)).toBeNull();
    expect(heldList(7, 'active', search('поиск 7'))?.results.map((o) => o.id)).toEqual([7]);
    forgetHeldLists();
    expect(heldList(7, 'active', search('поиск 7'))).toBeNull();
  });
});
