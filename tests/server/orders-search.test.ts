// The order list's search, filters and sort (issue 24 item 1): what a customer finds through GET
// /api/client/orders/ with the query of contract/order-query.ts. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { createCustomer, insertOrder, tempDataDir, type Customer } from './helpers/orders';
import { chatMessages } from '../../server/db/tables';
import type { OrderList } from '../../contract/orders.api';
import {
  FILTER_STATUS_IDS,
  parseOrderQuery,
  orderQueryParams,
  normalizeSearch,
} from '../../contract/order-query';
import { ORDER_STATUSES } from '../../contract/order-status';
import { WORK_TYPES } from '../../contract/orders';

const ORDERS = '/api/client/orders/';
const DAY = 86_400_000;

describe('order list: search, filters, sort', () => {
  const h = useHarness({ dataDir: tempDataDir() });

  async function list(c: Customer, query: string): Promise<OrderList> {
    const res = await h.request(`${ORDERS}?${query}`, { token: c.token });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as OrderList;
  }
  const ids = (l: OrderList) => l.results.map((r) => r.id);
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

  async function fixture() {
    const c = await createCustomer(h);
    const now = h.deps.now().getTime();
    const at = (days: number) => new Date(now + days * DAY);
    const ezh = await insertOrder(h, c.id, {
      topic: 'Ёжики в ТУМАНЕ: образ в анимации',
      subject: 'Культурология',
      workType: 'Эссе',
      deadline: at(20),
      price: 5000,
      statusId: 3,
      updatedAt: at(-1),
    });
    const econ = await insertOrder(h, c.id, {
      topic: 'Финансовая устойчивость предприятия',
      subject: 'Экономика',
      workType: 'Курсовая работа',
      deadline: at(5),
      price: 9000,
      paid: 9000,
      statusId: 4,
      updatedAt: at(-3),
    });
    const done = await insertOrder(h, c.id, {
      topic: 'Экономика региона',
      subject: 'ЭКОНОМИКА',
      workType: 'Реферат',
      deadline: at(-10),
      price: 1500,
      statusId: 7,
      updatedAt: at(-2),
    });
    const trashed = await insertOrder(h, c.id, {
      topic: 'Экономика отрасли',
      workType: 'Реферат',
      statusId: 1,
      isTrash: true,
      deadline: at(30),
      price: 0,
    });
    // Another customer's order that matches everything: never seen.
    const other = await createCustomer(h);
    await insertOrder(h, other.id, { topic: 'Экономика региона', subject: 'Экономика' });
    return { c, ezh, econ, done, trashed };
  }

  it('finds by topic or subject in any case with ё = е, and counts the matches of every tab', async () => {
    const { c, ezh, econ, done, trashed } = await fixture();
    const hedgehog = await list(c, q({ search: 'ежики в тумане' }));
    expect(ids(hedgehog)).toEqual([ezh.id]);
    expect((await list(c, q({ search: 'ЁЖИКИ' }))).count).toBe(1);

    const economy = await list(c, q({ tab: 'active', search: 'экономика' }));
    expect(ids(economy)).toEqual([econ.id]);
    expect(economy.count).toBe(1);
    expect(economy.matches).toEqual({ active: 1, done: 1, archive: 1 });
    // The tab counters stay the customer's totals.
    expect(economy.counters).toEqual({ active: 2, done: 1, archive: 1 });
    expect(ids(await list(c, q({ tab: 'done', search: 'Экономика' })))).toEqual([done.id]);
    expect(ids(await list(c, q({ tab: 'archive', search: 'экономика' })))).toEqual([trashed.id]);

    // Without a search or filter there is nothing to count apart.
    expect((await list(c, 'tab=active')).matches).toBeNull();
  });

  it('finds by the order number, with or without №', async () => {
    const { c, econ } = await fixture();
    expect(ids(await list(c, q({ search: String(econ.id) })))).toEqual([econ.id]);
    expect(ids(await list(c, q({ search: `№${econ.id}` })))).toEqual([econ.id]);
    expect(ids(await list(c, q({ search: `#${econ.id}` })))).toEqual([econ.id]);
  });

  it('treats % and _ as letters, not patterns', async () => {
    const { c } = await fixture();
    expect((await list(c, q({ search: '%' }))).count).toBe(0);
    expect((await list(c, q({ search: '_' }))).count).toBe(0);
  });

  it('filters by status, work type, deadline days, waiting for payment and unread messages', async () => {
    const { c, ezh, econ, done, trashed } = await fixture();
    expect(ids(await list(c, q({ status: '4' })))).toEqual([econ.id]);
    expect(ids(await list(c, q({ status: '16' })))).toEqual([trashed.id]);
    expect(ids(await list(c, q({ work_type: 'Реферат' })))).toEqual([trashed.id, done.id]);
    expect(ids(await list(c, q({ awaiting_payment: '1' })))).toEqual([ezh.id]);

    // Moscow days, both inclusive: the deadline 5 days ahead is in [today+5, today+5].
    const day = (days: number) =>
      new Date(h.deps.now().getTime() + days * DAY + 3 * 3_600_000).toISOString().slice(0, 10);
    expect(ids(await list(c, q({ deadline_from: day(5), deadline_to: day(5) })))).toEqual([econ.id]);
    expect(ids(await list(c, q({ deadline_from: day(6) })))).toEqual([trashed.id, ezh.id]);
    expect(ids(await list(c, q({ deadline_to: day(0) })))).toEqual([done.id]);

    expect((await list(c, q({ unread: '1' }))).count).toBe(0);
    await h.deps.db.insert(chatMessages).values({
      orderId: done.id,
      author: 'writer',
      authorName: 'Автор',
      text: 'Готово',
      createdAt: h.deps.now(),
    });
    const unread = await list(c, q({ unread: '1' }));
    expect(ids(unread)).toEqual([done.id]);
    expect(unread.matches).toEqual({ active: 0, done: 1, archive: 0 });

    // Filters combine with the search and with each other.
    expect((await list(c, q({ unread: '1', search: 'ежик' }))).count).toBe(0);
    expect(ids(await list(c, q({ work_type: 'Реферат', status: '7', search: 'регион' })))).toEqual([done.id]);
  });

  it('sorts by deadline, created, updated and price, either way, with pages that follow the query', async () => {
    const { c, ezh, econ, done, trashed } = await fixture();
    expect(ids(await list(c, ''))).toEqual([trashed.id, done.id, econ.id, ezh.id]);
    expect(ids(await list(c, q({ ordering: 'created' })))).toEqual([ezh.id, econ.id, done.id, trashed.id]);
    expect(ids(await list(c, q({ ordering: 'deadline' })))).toEqual([done.id, econ.id, ezh.id, trashed.id]);
    expect(ids(await list(c, q({ ordering: '-deadline' })))).toEqual([trashed.id, ezh.id, econ.id, done.id]);
    expect(ids(await list(c, q({ ordering: 'price' })))).toEqual([trashed.id, done.id, ezh.id, econ.id]);
    expect(ids(await list(c, q({ ordering: '-price' })))).toEqual([econ.id, ezh.id, done.id, trashed.id]);
    expect(ids(await list(c, q({ ordering: 'updated' })))).toEqual([econ.id, done.id, ezh.id, trashed.id]);
    expect(ids(await list(c, q({ ordering: '-updated' })))).toEqual([trashed.id, ezh.id, done.id, econ.id]);

    const page1 = await list(c, q({ ordering: 'price', search: 'экономика', page_size: '2' }));
    expect(ids(page1)).toEqual([trashed.id, done.id]);
    expect(page1.next).toBe(
      `${ORDERS}?search=%D1%8D%D0%BA%D0%BE%D0%BD%D0%BE%D0%BC%D0%B8%D0%BA%D0%B0&ordering=price&page=2&page_size=2`,
    );
    const page2 = (await (await h.request(page1.next!, { token: c.token })).json()) as OrderList;
    expect(ids(page2)).toEqual([econ.id]);
  });

  it('answers a new list after a change, also for a search it answered before (cache key and stamp)', async () => {
    const { c, econ } = await fixture();
    const before = await list(c, q({ search: 'устойчивость', status: '4' }));
    expect(ids(before)).toEqual([econ.id]);
    // Same stamp, other query: not the cached answer of the first one.
    expect((await list(c, q({ search: 'устойчивость', status: '5' }))).count).toBe(0);
    const newer = await insertOrder(h, c.id, { topic: 'Устойчивость мостов', statusId: 4 });
    expect(ids(await list(c, q({ search: 'устойчивость', status: '4' })))).toEqual([newer.id, econ.id]);
  });

  it('refuses bad values with a message per field', async () => {
    const c = await createCustomer(h);
    const res = await h.request(
      `${ORDERS}?${q({ status: '99', work_type: 'Роман', deadline_from: '2026-02-30', unread: 'yes', ordering: 'name' })}`,
      { token: c.token },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: ['Неизвестный статус.'],
      work_type: ['Неизвестный тип работы.'],
      deadline_from: ['Неверная дата: ожидается ГГГГ-ММ-ДД.'],
      unread: ['Ожидается 1 или 0.'],
      ordering: ['Неизвестная сортировка.'],
    });
  });
});

describe('order query of the URL (contract/order-query.ts)', () => {
  it('falls back to the default for each bad value, keeps the good ones', () => {
    expect(FILTER_STATUS_IDS).toEqual(Object.values(ORDER_STATUSES).map((s) => s.id));
    // Without the list of work types (the eager route) only the shape is checked; the page checks the name.
    expect(parseOrderQuery({ work_type: 'Роман' }).work_type).toBe('Роман');
    expect(parseOrderQuery({ work_type: 'Роман' }, WORK_TYPES).work_type).toBeUndefined();
    expect(
      parseOrderQuery(
        {
          search: 123,
          status: 99,
          work_type: 'Эссе',
          deadline_from: '2026-02-30',
          deadline_to: '2026-03-01',
          awaiting_payment: 1,
          unread: 'maybe',
          ordering: 'name',
        },
        WORK_TYPES,
      ),
    ).toEqual({
      search: '123',
      work_type: 'Эссе',
      deadline_to: '2026-03-01',
      awaiting_payment: true,
      unread: false,
      ordering: '-created',
    });
    expect(parseOrderQuery({ status: '16', ordering: 'price' })).toMatchObject({
      status: 16,
      ordering: 'price',
    });
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    const query = parseOrderQuery({ search: ' Ёж ', unread: true, ordering: '-deadline', status: 3 });
    const params = orderQueryParams(query);
    expect(params).toEqual({ search: 'Ёж', status: '3', unread: '1', ordering: '-deadline' });
    expect(orderQueryParams(parseOrderQuery(params))).toEqual(params);
    expect(orderQueryParams(parseOrderQuery({}))).toEqual({});
  });

  it('folds Latin and Cyrillic case and ё the way the database column does', () => {
    expect(normalizeSearch('ЁЖИК Ёж ёлка ABC Ω')).toBe('ежик еж елка abc Ω');
  });
});
