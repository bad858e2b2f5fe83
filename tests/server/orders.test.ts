import { beforeEach, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import {
  createCustomer,
  createOrder,
  dayFromNow,
  getOrder,
  insertOrder,
  orderForm,
  staff,
  tempDataDir,
} from './helpers/orders';
import { applyOrderPayment } from '../../server/domain/orders/commands';
import { listOrdersAwaitingPayment } from '../../server/domain/orders/read-model';
import { publishEvents } from '../../server/realtime/order-events';
import { seedPromoCodes } from '../../server/db/seed/promo-codes';
import { createJobRunner } from '../../server/jobs/runner';
import { registerJobs } from '../../server/jobs/tasks';
import { PROMO_MESSAGES } from '../../contract/orders';
import type {
  CalculateCostResponse,
  CalculateDiscountResponse,
  OrderConfirmation,
  OrderDetail,
  OrderList,
  TrashResponse,
} from '../../contract/orders.api';

const ORDERS = '/api/client/orders/';

describe('orders API', () => {
  const h = useHarness({ dataDir: tempDataDir() });
  // The demo's promo codes (STUDENT10, SESSION15, WELCOME500, the expired LETO2019), after the harness empties the tables.
  beforeEach(() => seedPromoCodes(h.deps));

  describe('orders: create, list, edit, trash', () => {
    it('refuses a request without a token', async () => {
      const res = await h.request(ORDERS);
      expect(res.status).toBe(401);
    });

    it('creates a priced order awaiting payment and tells whether it is the first one', async () => {
      const c = await createCustomer(h);
      const first = await createOrder(h, c);
      expect(first.is_first_order).toBe(true);
      expect(first.order).toMatchObject({
        status: { id: 3, title: 'Ожидает оплаты' },
        is_trash: false,
        work_type: 'Курсовая работа',
        topic: 'Анализ финансовой устойчивости предприятия',
        pages: 30,
        paid: 0,
        is_editable: true,
        files: [],
      });
      expect(first.order.price).toBeGreaterThan(0);
      const second = await createOrder(h, c, { topic: 'Вторая тема работы' });
      expect(second.is_first_order).toBe(false);
      expect(h.published.some((p) => p.userId === c.id && p.event.type === 'order.changed')).toBe(true);
    });

    it('leaves an order of the type "Другое" to the manager, who prices it', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c, { work_type: 'Другое' });
      expect(order.status).toEqual({ id: 2, title: 'Оценивается' });
      expect(order.price).toBe(0);
      const res = await staff(h, `/orders/${order.id}/price/`, { method: 'PATCH', json: { price: 4500 } });
      expect(res.status).toBe(200);
      expect((await getOrder(h, c, order.id)).status.id).toBe(3);
      const ev = h.published.filter((p) => p.event.type === 'order.changed').at(-1)?.event;
      expect(ev).toMatchObject({ orderId: order.id, price: 4500, status: { id: 3 } });
    });

    it('answers field errors for a bad form, in Russian', async () => {
      const c = await createCustomer(h);
      const res = await h.request(ORDERS, {
        method: 'POST',
        token: c.token,
        json: orderForm(h, {
          work_type: 'Роман',
          topic: '',
          deadline: dayFromNow(h, 0),
          pages: 301,
          originality: 101,
          link: 'not a url',
        }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Record<string, string[]>;
      expect(body.work_type).toEqual(['Выберите тип работы из списка.']);
      expect(body.topic?.[0]).toMatch(/Тема/);
      expect(body.deadline).toEqual(['Срок сдачи — не раньше завтрашнего дня.']);
      expect(body.pages).toEqual(['Не больше 300 страниц.']);
      expect(body.originality).toBeDefined();
      expect(body.link).toEqual(['Укажите ссылку в формате https://…']);
    });

    it('takes tomorrow as the earliest deadline and refuses one a year ahead', async () => {
      const c = await createCustomer(h);
      const ok = await h.request(ORDERS, {
        method: 'POST',
        token: c.token,
        json: orderForm(h, { deadline: dayFromNow(h, 1) }),
      });
      expect(ok.status).toBe(201);
      const far = await h.request(ORDERS, {
        method: 'POST',
        token: c.token,
        json: orderForm(h, { deadline: dayFromNow(h, 400) }),
      });
      expect(far.status).toBe(400);
      expect(((await far.json()) as { deadline: string[] }).deadline[0]).toMatch(
        /^Срок сдачи должен быть раньше/,
      );
      const garbage = await h.request(ORDERS, {
        method: 'POST',
        token: c.token,
        json: orderForm(h, { deadline: '31.12.2030' }),
      });
      expect(((await garbage.json()) as { deadline: string[] }).deadline).toEqual([
        'Укажите дату в формате ГГГГ-ММ-ДД.',
      ]);
    });

    it('lists newest first with pages, tabs, counters and search', async () => {
      const c = await createCustomer(h);
      const ids: number[] = [];
      for (let i = 0; i < 5; i++)
        ids.push((await insertOrder(h, c.id, { topic: `Тема ${i}`, statusId: 3 })).id);
      const done = await insertOrder(h, c.id, {
        statusId: 7,
        topic: 'Социология молодёжи',
        subject: 'Социология',
      });
      const cancelled = await insertOrder(h, c.id, { statusId: 8 });
      const trashed = await insertOrder(h, c.id, { statusId: 1, isTrash: true });

      const res = await h.request(`${ORDERS}?tab=active&page_size=2`, { token: c.token });
      expect(res.status).toBe(200);
      const page1 = (await res.json()) as OrderList;
      expect(page1.count).toBe(5);
      expect(page1.results.map((r) => r.id)).toEqual([ids[4], ids[3]]);
      expect(page1.previous).toBeNull();
      expect(page1.next).toBe('/api/client/orders/?tab=active&page=2&page_size=2');
      expect(page1.counters).toEqual({ active: 5, archive: 2, done: 1 });

      const page3 = (await (
        await h.request(`${ORDERS}?tab=active&page=3&page_size=2`, { token: c.token })
      ).json()) as OrderList;
      expect(page3.results.map((r) => r.id)).toEqual([ids[0]]);
      expect(page3.next).toBeNull();
      expect(page3.previous).toBe('/api/client/orders/?tab=active&page=2&page_size=2');

      const archive = (await (
        await h.request(`${ORDERS}?tab=archive`, { token: c.token })
      ).json()) as OrderList;
      expect(archive.results.map((r) => r.id)).toEqual([trashed.id, cancelled.id]);
      expect(archive.results[0]).toMatchObject({
        is_trash: true,
        status: { id: 16, title: 'Архивный заказ' },
      });

      const doneTab = (await (await h.request(`${ORDERS}?tab=done`, { token: c.token })).json()) as OrderList;
      expect(doneTab.results.map((r) => r.id)).toEqual([done.id]);

      const bySubject = (await (
        await h.request(`${ORDERS}?search=социолог`, { token: c.token })
      ).json()) as OrderList;
      expect(bySubject.results.map((r) => r.id)).toEqual([done.id]);
      const byId = (await (
        await h.request(`${ORDERS}?search=${ids[2]}`, { token: c.token })
      ).json()) as OrderList;
      expect(byId.results.map((r) => r.id)).toContain(ids[2]);
      const byPercent = (await (
        await h.request(`${ORDERS}?search=%25`, { token: c.token })
      ).json()) as OrderList;
      expect(byPercent.count).toBe(0);
    });

    it('refuses a page size over 50 and an unknown tab', async () => {
      const c = await createCustomer(h);
      expect((await h.request(`${ORDERS}?page_size=51`, { token: c.token })).status).toBe(400);
      const res = await h.request(`${ORDERS}?tab=trash`, { token: c.token });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ tab: ['Неизвестная вкладка.'] });
    });

    it("shows one customer's orders only; another customer's order is a 404 everywhere", async () => {
      const a = await createCustomer(h);
      const b = await createCustomer(h);
      const { order } = await createOrder(h, a);
      const list = (await (await h.request(ORDERS, { token: b.token })).json()) as OrderList;
      expect(list.count).toBe(0);
      const paths: [string, string, unknown?][] = [
        ['GET', `${order.id}/`],
        ['PATCH', `${order.id}/`, { topic: 'Чужая тема работы' }],
        ['DELETE', `${order.id}/`],
        ['PATCH', `${order.id}/restore/`],
        ['PATCH', `${order.id}/not-editable-order/`, { files_without_qc: true }],
        ['GET', `${order.id}/files/`],
        ['POST', `${order.id}/files/download-zip/`],
        ['GET', `${order.id}/reworks/`],
        ['GET', `${order.id}/messages/`],
        ['POST', `${order.id}/messages/`, { text: 'Привет', client_id: crypto.randomUUID() }],
        ['POST', `${order.id}/messages/read/`, { up_to_id: 1 }],
        ['GET', `success/?order_id=${order.id}`],
      ];
      for (const [method, path, json] of paths) {
        const res = await h.request(`${ORDERS}${path}`, { method, token: b.token, json });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      expect((await getOrder(h, a, order.id)).topic).toBe(order.topic);
    });

    it('edits an order before work starts and recomputes its price; refuses once in work', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c, { pages: 10 });
      const res = await h.request(`${ORDERS}${order.id}/`, {
        method: 'PATCH',
        token: c.token,
        json: { pages: 20, topic: 'Новая тема курсовой' },
      });
      expect(res.status).toBe(200);
      const edited = (await res.json()) as OrderDetail;
      expect(edited).toMatchObject({ pages: 20, topic: 'Новая тема курсовой' });
      expect(edited.price).toBeGreaterThan(order.price);

      const inWork = await insertOrder(h, c.id, { statusId: 4 });
      const refused = await h.request(`${ORDERS}${inWork.id}/`, {
        method: 'PATCH',
        token: c.token,
        json: { topic: 'Другая тема' },
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ detail: 'Заказ уже в работе, редактирование недоступно.' });
    });

    it('moves an order to the trash and back, and the counters follow (spec 4)', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      await createOrder(h, c, { topic: 'Ещё одна тема' });
      const del = await h.request(`${ORDERS}${order.id}/`, { method: 'DELETE', token: c.token });
      expect(del.status).toBe(200);
      const trashed = (await del.json()) as TrashResponse;
      expect(trashed).toMatchObject({
        id: order.id,
        is_trash: true,
        status: { id: 16 },
        counters: { active: 1, archive: 1 },
      });
      const again = await h.request(`${ORDERS}${order.id}/`, { method: 'DELETE', token: c.token });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ detail: 'Заказ уже в архиве.' });
      expect((await getOrder(h, c, order.id)).status).toEqual({ id: 16, title: 'Архивный заказ' });

      const restore = await h.request(`${ORDERS}${order.id}/restore/`, { method: 'PATCH', token: c.token });
      expect(restore.status).toBe(200);
      expect(((await restore.json()) as TrashResponse).counters).toEqual({ active: 2, archive: 0, done: 0 });
      expect((await getOrder(h, c, order.id)).status.id).toBe(3);

      const inWork = await insertOrder(h, c.id, { statusId: 4 });
      const refused = await h.request(`${ORDERS}${inWork.id}/`, { method: 'DELETE', token: c.token });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { detail: string }).detail).toMatch(/нельзя удалить/);
    });

    it('switches files_without_qc', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const res = await h.request(`${ORDERS}${order.id}/not-editable-order/`, {
        method: 'PATCH',
        token: c.token,
        json: { files_without_qc: true },
      });
      expect(res.status).toBe(200);
      expect((await getOrder(h, c, order.id)).files_without_qc).toBe(true);
      const bad = await h.request(`${ORDERS}${order.id}/not-editable-order/`, {
        method: 'PATCH',
        token: c.token,
        json: {},
      });
      expect(bad.status).toBe(400);
    });

    it('ends a guarantee that has run out: the order becomes done', async () => {
      const c = await createCustomer(h);
      const row = await insertOrder(h, c.id, {
        statusId: 5,
        guaranteeUntil: new Date(h.clock.now.getTime() + 1000),
      });
      h.clock.advance(2000);
      expect((await getOrder(h, c, row.id)).status.id).toBe(7);
    });

    it('serves the list again from its cache, yet shows every change: any writer, chat, reading, the clock', async () => {
      const c = await createCustomer(h);
      const other = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const list = async () => {
        const res = await h.request(`${ORDERS}?page_size=10`, { token: c.token });
        expect(res.status).toBe(200);
        return (await res.json()) as OrderList;
      };
      const first = await list();
      expect(await list()).toEqual(first);
      expect(first.results.map((r) => [r.id, r.status.id, r.unread])).toEqual([[order.id, 3, 0]]);

      // Another customer's writes leave this list as it was.
      await createOrder(h, other);
      expect(await list()).toEqual(first);

      // Staff write into the chat: the unread count shows; reading it clears it.
      const sent = await staff(h, `/orders/${order.id}/messages/`, {
        method: 'POST',
        json: { author: 'writer', text: 'Начал работу.' },
      });
      const message = (await sent.json()) as { id: number };
      expect((await list()).results[0]?.unread).toBe(1);
      await h.request(`${ORDERS}${order.id}/messages/read/`, {
        method: 'POST',
        token: c.token,
        json: { up_to_id: message.id },
      });
      expect((await list()).results[0]?.unread).toBe(0);

      // A status set by staff moves the order between tabs.
      await staff(h, `/orders/${order.id}/status/`, { method: 'PATCH', json: { status_id: 7 } });
      expect((await list()).counters).toEqual({ active: 0, archive: 0, done: 1 });

      // A row written straight into the database (no API route involved) shows too.
      const guaranteed = await insertOrder(h, c.id, {
        statusId: 5,
        guaranteeUntil: new Date(h.clock.now.getTime() + 60_000),
      });
      const withGuarantee = await list();
      expect(withGuarantee.results[0]).toMatchObject({ id: guaranteed.id, status: { id: 5 } });
      expect(await list()).toEqual(withGuarantee);

      // Nothing is written when the guarantee runs out; the clock alone makes the order read as done, and the
      // guarantee sweep (every minute) moves it to the done tab.
      h.clock.advance(61_000);
      const expired = await list();
      expect(expired.results[0]).toMatchObject({ id: guaranteed.id, status: { id: 7 } });
      expect(expired.counters).toEqual({ active: 1, archive: 0, done: 1 });
      const jobs = createJobRunner({ db: h.deps.db, now: h.deps.now });
      registerJobs(jobs, h.deps);
      await jobs.runDue();
      const settled = await list();
      expect(settled.results[0]).toMatchObject({ id: guaranteed.id, status: { id: 7 } });
      expect(settled.counters).toEqual({ active: 0, archive: 0, done: 2 });
    });

    it('answers the confirmation pages', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const second = await createOrder(h, c, { topic: 'Вторая работа' });
      const s = (await (
        await h.request(`${ORDERS}success/?order_id=${order.id}&source=form`, { token: c.token })
      ).json()) as OrderConfirmation;
      expect(s).toMatchObject({
        is_first_order: true,
        title: 'Спасибо за первый заказ!',
        order: { id: order.id },
      });
      expect(s.next_steps[0]).toMatch(/Оплатите заказ/);
      const w = (await (
        await h.request(`${ORDERS}welcome/`, { token: c.token })
      ).json()) as OrderConfirmation;
      expect(w).toMatchObject({ is_first_order: false, order: { id: second.order.id } });
    });
  });

  describe('orders: pricing', () => {
    const cost = async (token: string, body: Record<string, unknown>) => {
      const res = await h.request(`${ORDERS}calculate-cost/`, { method: 'POST', token, json: body });
      return {
        status: res.status,
        body: (await res.json()) as CalculateCostResponse & Record<string, string[]>,
      };
    };

    it('is dearer the nearer the deadline, and for higher originality', async () => {
      const c = await createCustomer(h);
      const prices: number[] = [];
      for (const days of [1, 2, 3, 4, 6, 10, 20, 60]) {
        const r = await cost(c.token, {
          work_type: 'Реферат',
          pages: 15,
          deadline: dayFromNow(h, days),
          originality: 50,
        });
        expect(r.status).toBe(200);
        expect(r.body.currency).toBe('RUB');
        prices.push(r.body.cost!);
      }
      for (let i = 1; i < prices.length; i++) expect(prices[i]!).toBeLessThanOrEqual(prices[i - 1]!);
      expect(prices[0]!).toBeGreaterThan(prices.at(-1)!);

      const plain = await cost(c.token, {
        work_type: 'Курсовая работа',
        pages: 30,
        deadline: dayFromNow(h, 20),
        originality: 70,
      });
      const strict = await cost(c.token, {
        work_type: 'Курсовая работа',
        pages: 30,
        deadline: dayFromNow(h, 20),
        originality: 90,
      });
      expect(strict.body.cost!).toBeGreaterThan(plain.body.cost!);
      expect(strict.body.breakdown).toMatchObject({
        base_rate: 300,
        pages: 30,
        originality_surcharge_percent: 30,
      });
      const manual = await cost(c.token, { work_type: 'Другое', pages: 3, deadline: dayFromNow(h, 5) });
      expect(manual.body).toEqual({ cost: null, currency: 'RUB', breakdown: null });
      const bad = await cost(c.token, { work_type: 'Реферат', pages: 0, deadline: dayFromNow(h, 5) });
      expect(bad.status).toBe(400);
      expect(bad.body.pages).toBeDefined();
    });

    it('computes promo-code and bonus discounts', async () => {
      const c = await createCustomer(h);
      const discount = async (json: unknown) =>
        (await (
          await h.request(`${ORDERS}calculate-discount/`, { method: 'POST', token: c.token, json })
        ).json()) as CalculateDiscountResponse;
      expect(await discount({ cost: 5000, promo_code: 'student10' })).toMatchObject({
        discount: 500,
        bonus_used: 0,
        total: 4500,
        promo_valid: true,
      });
      const wrong = await discount({ cost: 5000, promo_code: 'NOPE' });
      expect(wrong).toMatchObject({ discount: 0, total: 5000, promo_valid: false });
      expect(wrong.detail).toBe(PROMO_MESSAGES.unknown);
      expect(await discount({ cost: 5000, use_bonus: 4000 })).toMatchObject({
        bonus_used: 1500,
        total: 3500,
      });
      expect(await discount({ cost: 5000, use_bonus: true, promo_code: 'STUDENT10' })).toMatchObject({
        discount: 500,
        bonus_used: 1500,
        total: 3000,
      });
    });
  });

  describe('orders: the server prices every order itself', () => {
    const quote = async (c: { token: string }, form: Record<string, unknown>, promo?: string) => {
      const cost = (await (
        await h.request(`${ORDERS}calculate-cost/`, {
          method: 'POST',
          token: c.token,
          json: {
            work_type: form.work_type,
            pages: form.pages,
            deadline: form.deadline,
            originality: form.originality,
          },
        })
      ).json()) as CalculateCostResponse;
      const discount = (await (
        await h.request(`${ORDERS}calculate-discount/`, {
          method: 'POST',
          token: c.token,
          json: { cost: cost.cost, ...(promo ? { promo_code: promo } : {}) },
        })
      ).json()) as CalculateDiscountResponse;
      return discount.total;
    };

    it('ignores a price, discount or bonus sent by the client and applies a valid promo code', async () => {
      const c = await createCustomer(h);
      const form = orderForm(h);
      const tampered = {
        price: 1,
        cost: 1,
        total: 1,
        discount: 99_999,
        bonus_used: 99_999,
        paid: 99_999,
        status: { id: 4 },
      };
      const plain = await createOrder(h, c, tampered);
      expect(plain.order.price).toBe(await quote(c, form));
      expect(plain.order).toMatchObject({ paid: 0, status: { id: 3 } });

      const promo = await createOrder(h, c, { ...tampered, promo_code: ' student10 ' });
      const expected = await quote(c, form, 'STUDENT10');
      expect(expected).toBeLessThan(plain.order.price);
      expect(promo.order.price).toBe(expected);
      expect((await getOrder(h, c, promo.order.id)).price).toBe(expected);
      // The detail tells which code the price was computed with (stored upper case), so an edit can show it.
      expect(promo.order.promo_code).toBe('STUDENT10');
      expect((await getOrder(h, c, promo.order.id)).promo_code).toBe('STUDENT10');
      expect(plain.order.promo_code).toBeNull();
    });

    it('refuses an unknown promo code at its field and stores nothing', async () => {
      const c = await createCustomer(h);
      const res = await h.request(ORDERS, {
        method: 'POST',
        token: c.token,
        json: orderForm(h, { promo_code: 'EXPIRED2020', price: 1 }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ promo_code: [PROMO_MESSAGES.unknown] });
      const list = (await (await h.request(ORDERS, { token: c.token })).json()) as OrderList;
      expect(list.count).toBe(0);
      expect(list.counters.active).toBe(0);
    });

    it('recomputes the price on edit with the stored promo code, ignoring a sent price; a bad code changes nothing', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c, { pages: 10, promo_code: 'SESSION15' });
      const edit = (json: unknown) =>
        h.request(`${ORDERS}${order.id}/`, { method: 'PATCH', token: c.token, json });
      const res = await edit({ pages: 20, price: 1, discount: 10_000 });
      expect(res.status).toBe(200);
      const edited = (await res.json()) as OrderDetail;
      expect(edited.price).toBe(await quote(c, orderForm(h, { pages: 20 }), 'SESSION15'));
      expect(edited.promo_code).toBe('SESSION15');

      const bad = await edit({ promo_code: 'NOPE', pages: 25 });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ promo_code: [PROMO_MESSAGES.unknown] });
      expect(await getOrder(h, c, order.id)).toMatchObject({
        pages: 20,
        price: edited.price,
        promo_code: 'SESSION15',
      });

      const cleared = (await (await edit({ promo_code: '' })).json()) as OrderDetail;
      expect(cleared.price).toBe(await quote(c, orderForm(h, { pages: 20 })));
      expect(cleared.promo_code).toBeNull();

      const added = (await (await edit({ promo_code: 'student10' })).json()) as OrderDetail;
      expect(added).toMatchObject({ promo_code: 'STUDENT10' });
      expect(added.price).toBe(await quote(c, orderForm(h, { pages: 20 }), 'STUDENT10'));
      // A change of another field keeps the stored code.
      const kept = (await (await edit({ topic: 'Другая тема курсовой' })).json()) as OrderDetail;
      expect(kept).toMatchObject({ promo_code: 'STUDENT10', price: added.price });
    });
  });

  describe('orders: payment hooks and staff', () => {
    it('applyOrderPayment adds to paid and starts the work once the price is covered', async () => {
      const c = await createCustomer(h);
      const row = await insertOrder(h, c.id, { price: 3000, statusId: 3 });
      expect(await listOrdersAwaitingPayment(h.deps.db, c.id)).toEqual([
        expect.objectContaining({ id: row.id, price: 3000, paid: 0, due: 3000 }),
      ]);
      const part = await h.deps.db.transaction((tx) => applyOrderPayment(tx, row.id, 1000));
      expect(part.order).toMatchObject({ paid: 1000, statusId: 3 });
      const rest = await h.deps.db.transaction((tx) => applyOrderPayment(tx, row.id, 2000));
      expect(rest.order).toMatchObject({ paid: 3000, statusId: 4 });
      await publishEvents(h.deps, [rest.event]);
      expect(h.published.at(-1)).toEqual({
        userId: c.id,
        event: {
          type: 'order.changed',
          orderId: row.id,
          status: { id: 4, title: 'В работе' },
          is_trash: false,
          price: 3000,
          paid: 3000,
        },
      });
      expect(await listOrdersAwaitingPayment(h.deps.db, c.id)).toEqual([]);
    });

    it("staff change a status, find a customer's orders and create many at once", async () => {
      const c = await createCustomer(h);
      expect((await staff(h, '/orders/?email=' + c.email)).status).toBe(200);
      const bulk = await staff(h, '/orders/bulk/', { method: 'POST', json: { email: c.email, count: 1200 } });
      expect(bulk.status).toBe(201);
      const list = (await (
        await h.request(`${ORDERS}?page_size=50`, { token: c.token })
      ).json()) as OrderList;
      expect(list.count).toBe(1200);
      expect(list.results).toHaveLength(50);
      expect(list.counters.active + list.counters.done + list.counters.archive).toBe(1200);
      const id = list.results.find((r) => !r.is_trash && r.status.id === 4)!.id;
      const res = await staff(h, `/orders/${id}/status/`, { method: 'PATCH', json: { status_id: 8 } });
      expect(res.status).toBe(200);
      expect((await getOrder(h, c, id)).status.id).toBe(8);
      expect(
        (await staff(h, `/orders/${id}/status/`, { method: 'PATCH', json: { status_id: 16 } })).status,
      ).toBe(400);
      expect((await h.request(`/api/staff/orders/?email=${c.email}`, { token: c.token })).status).toBe(401);
    });
  });
});
