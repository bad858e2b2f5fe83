// The app's side of the signed-in first screen (src/lib/first-screen.ts): read once, taken out of the page, and
// handed to the dashboard only for the list it is, to the order loader only for the customer it belongs to.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  firstScreenOfPage,
  forgetFirstPage,
  readFirstScreen,
  resetFirstScreen,
  settleFirstScreenAddress,
  takeFirstOrder,
  takeFirstPage,
  takeFirstWaiting,
} from '../../src/lib/first-screen';
import type { OrderDetail } from '../../contract/orders.api';
import { FIRST_SCREEN_ELEMENT_ID } from '../../contract/first-screen';
import { EMPTY_ORDER_QUERY } from '../../contract/order-query';
import type { FirstScreen } from '../../contract/first-screen.api';

const list = {
  next: null,
  previous: null,
  count: 0,
  results: [],
  counters: { active: 0, done: 0, archive: 0 },
};
const screen: FirstScreen = {
  user: { id: 7, email: 'demo@example.com', fio: 'Иванов Иван' },
  finances: { money: 100, bonus: 5 },
  orders: { tab: 'active', page_size: 20, list },
};

/** A document with the block (or without), recording whether the block left it. */
function page(text: string | null) {
  const element = { textContent: text, removed: false, remove: () => void (element.removed = true) };
  const doc = {
    getElementById: (id: string) => (text !== null && id === FIRST_SCREEN_ELEMENT_ID ? element : null),
  } as unknown as Document;
  return { doc, element };
}

beforeEach(resetFirstScreen);

describe('the first screen of the page', () => {
  it('is read once and taken out of the DOM', () => {
    const { doc, element } = page(JSON.stringify(screen));
    expect(readFirstScreen(doc)).toEqual(screen);
    expect(element.removed).toBe(true);
    // Read again (another caller): the same data, not the DOM.
    expect(readFirstScreen(page(null).doc)).toEqual(screen);
  });

  it('is none without the block, or with one that does not parse or has not the shape', () => {
    expect(readFirstScreen(page(null).doc)).toBeNull();
    for (const text of ['{', '{"user":{"id":"7"}}', JSON.stringify({ ...screen, finances: null })]) {
      resetFirstScreen();
      const { doc, element } = page(text);
      expect(readFirstScreen(doc), text).toBeNull();
      expect(element.removed).toBe(true);
    }
  });

  it('gives its list only for that tab, the plain query, the page size and its own customer, until forgotten', () => {
    readFirstScreen(page(JSON.stringify(screen)).doc);
    expect(takeFirstPage('done', EMPTY_ORDER_QUERY, 7)).toBeNull();
    expect(takeFirstPage('active', { ...EMPTY_ORDER_QUERY, search: 'курс' }, 7)).toBeNull();
    expect(takeFirstPage('active', EMPTY_ORDER_QUERY, 7, 50)).toBeNull();
    expect(takeFirstPage('active', EMPTY_ORDER_QUERY, 8)).toBeNull();
    expect(takeFirstPage('active', EMPTY_ORDER_QUERY, undefined)).toBeNull();
    expect(takeFirstPage('active', EMPTY_ORDER_QUERY, 7)).toEqual(list);
    forgetFirstPage();
    expect(takeFirstPage('active', EMPTY_ORDER_QUERY, 7)).toBeNull();
    // The offline cabinet still finds what the page came with.
    expect(firstScreenOfPage()?.orders?.list).toEqual(list);
  });

  it('gives an order page’s order once, and only to its own customer', () => {
    const order = { id: 42, topic: 'Тема', is_trash: false } as unknown as OrderDetail;
    readFirstScreen(page(JSON.stringify({ ...screen, orders: null, order })).doc);
    expect(takeFirstOrder(8)).toBeNull();
    expect(takeFirstOrder(undefined)).toBeNull();
    expect(takeFirstOrder(7)).toEqual(order);
    expect(takeFirstOrder(7)).toBeNull();
  });

  it('gives the payments page’s waiting orders once, and only to their own customer', () => {
    const waiting = { next: null, previous: null, count: 0, results: [] };
    readFirstScreen(
      page(JSON.stringify({ ...screen, orders: null, waiting: { page_size: 100, list: waiting } })).doc,
    );
    expect(takeFirstWaiting(8)).toBeNull();
    expect(takeFirstWaiting(null)).toBeNull();
    expect(takeFirstWaiting(7)).toEqual(waiting);
    expect(takeFirstWaiting(7)).toBeNull();
  });

  it('refuses a block whose order has not the shape', () => {
    const { doc } = page(JSON.stringify({ ...screen, order: { id: '42' } }));
    expect(readFirstScreen(doc)).toBeNull();
  });
});

describe('the address a first screen page starts on', () => {
  /** The address after settling `pathname + search + hash`, and the history state it kept. */
  function settled(pathname: string, search = '', hash = '') {
    const calls: { state: unknown; url: string }[] = [];
    const state = { kept: true };
    settleFirstScreenAddress(
      { pathname, search, hash },
      {
        state,
        replaceState: (s: unknown, _: string, url?: string | URL | null) =>
          calls.push({ state: s, url: String(url) }),
      },
    );
    expect(calls.length).toBeLessThanOrEqual(1);
    if (calls[0]) expect(calls[0].state).toBe(state);
    return calls[0]?.url ?? null;
  }

  it('is the default tab of an order’s page and of the payments, with the query and hash kept', () => {
    expect(settled('/order/42')).toBe('/order/42/chat');
    expect(settled('/order/42/', '?msg=hi', '#end')).toBe('/order/42/chat?msg=hi#end');
    expect(settled('/payments')).toBe('/payments/pay');
  });

  it('leaves an address that is its own tab, a dashboard page or no first screen page alone', () => {
    for (const path of [
      '/order/42/chat',
      '/payments/pay',
      '/home',
      '/home/done',
      '/order/42/files',
      '/profile',
    ])
      expect(settled(path)).toBeNull();
  });
});
