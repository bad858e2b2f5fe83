import { describe, expect, it, vi } from 'vitest';
import { useHarness } from './harness';
import {
  createCustomer,
  createOrder,
  dayFromNow,
  filesForm,
  getOrder,
  insertOrder,
  staff,
  tempDataDir,
  upload,
} from './helpers/orders';
import type {
  ChatMessage,
  ChatPage,
  OrderList,
  Rework,
  ReworkList,
  UploadedFile,
} from '../../contract/orders.api';

const ORDERS = '/api/client/orders/';
describe('orders API: chat and reworks', () => {
  const h = useHarness({ dataDir: tempDataDir() });

  describe('order chat', () => {
    it('posts a text message in one statement: stored once per client_id, announced (again on a retry), 404 on another’s order', async () => {
      const c = await createCustomer(h, { fio: '' });
      const other = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const path = `${ORDERS}${order.id}/messages/`;
      const client_id = crypto.randomUUID();
      const post = (token: string, json: unknown) => h.request(path, { method: 'POST', token, json });

      const first = await post(c.token, { text: 'Текст без файлов', client_id });
      expect(first.status).toBe(201);
      const msg = (await first.json()) as ChatMessage;
      expect(msg).toMatchObject({
        order_id: order.id,
        author: 'customer',
        author_name: 'Заказчик',
        text: 'Текст без файлов',
        client_id,
        files: [],
        read_at: null,
        created_at: h.clock.now.toISOString(),
      });
      const again = await post(c.token, { text: 'Текст без файлов', client_id });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(msg);
      // Stored once; announced again on the retry (its first answer may have been lost with the commit, so the tabs
      // may never have heard of it — they merge messages by id).
      const announced = { userId: c.id, event: { type: 'chat.message', orderId: order.id, message: msg } };
      await vi.waitFor(() =>
        expect(h.published.filter((p) => p.event.type === 'chat.message')).toEqual([announced, announced]),
      );

      // Another customer's order is a 404 whatever the body holds; one's own order with a bad body is a 400.
      expect((await post(other.token, { text: 'Чужой', client_id: crypto.randomUUID() })).status).toBe(404);
      expect((await post(other.token, { text: '' })).status).toBe(404);
      expect((await post(c.token, { text: '' })).status).toBe(400);
      expect((await h.request(path, { token: other.token })).status).toBe(404);
      expect((await h.request(`${path}?limit=0`, { token: other.token })).status).toBe(404);
      expect((await h.request(`${path}?limit=0`, { token: c.token })).status).toBe(400);
      const page = (await (await h.request(path, { token: c.token })).json()) as ChatPage;
      expect(page).toEqual({ results: [msg], has_more: false, unread: 0 });
    });

    it('sends a message once per client_id, with files, and publishes it', async () => {
      const c = await createCustomer(h, { fio: 'Мария Иванова' });
      const { order } = await createOrder(h, c);
      const file = (await (
        await upload(h, `${ORDERS}ajax-files/`, c.token, filesForm([{ name: 'Вопросы.txt' }]))
      ).json()) as UploadedFile;
      const client_id = crypto.randomUUID();
      const send = () =>
        h.request(`${ORDERS}${order.id}/messages/`, {
          method: 'POST',
          token: c.token,
          json: { text: '  Здравствуйте! Когда будет план?  ', client_id, file_ids: [file.id] },
        });
      const first = await send();
      expect(first.status).toBe(201);
      const msg = (await first.json()) as ChatMessage;
      expect(msg).toMatchObject({
        author: 'customer',
        author_name: 'Мария Иванова',
        text: 'Здравствуйте! Когда будет план?',
        client_id,
        files: [expect.objectContaining({ name: 'Вопросы.txt', author: 'customer' })],
      });
      const again = await send();
      expect(again.status).toBe(200);
      expect(((await again.json()) as ChatMessage).id).toBe(msg.id);
      const page = (await (
        await h.request(`${ORDERS}${order.id}/messages/`, { token: c.token })
      ).json()) as ChatPage;
      expect(page.results).toHaveLength(1);
      expect(h.published.filter((p) => p.event.type === 'chat.message')).toHaveLength(1);
      expect(h.published.find((p) => p.event.type === 'chat.message')).toEqual({
        userId: c.id,
        event: { type: 'chat.message', orderId: order.id, message: msg },
      });

      const empty = await h.request(`${ORDERS}${order.id}/messages/`, {
        method: 'POST',
        token: c.token,
        json: { text: '   ', client_id: crypto.randomUUID() },
      });
      expect(empty.status).toBe(400);
      expect(await empty.json()).toEqual({ text: ['Напишите сообщение или приложите файл.'] });
      const badId = await h.request(`${ORDERS}${order.id}/messages/`, {
        method: 'POST',
        token: c.token,
        json: { text: 'x', client_id: '1' },
      });
      expect(badId.status).toBe(400);
    });

    it('delivers staff messages in real time, counts them unread until read', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const w = await staff(h, `/orders/${order.id}/messages/`, {
        method: 'POST',
        json: { author: 'writer', text: 'Начал работу.' },
      });
      expect(w.status).toBe(201);
      const writerMsg = (await w.json()) as ChatMessage;
      expect(writerMsg).toMatchObject({
        author: 'writer',
        author_name: 'Автор работы',
        read_at: null,
        client_id: null,
      });
      expect(h.published.at(-1)).toEqual({
        userId: c.id,
        event: { type: 'chat.message', orderId: order.id, message: writerMsg },
      });
      const m = (await (
        await staff(h, `/orders/${order.id}/messages/`, {
          method: 'POST',
          json: { author: 'manager', text: 'Оплата получена.' },
        })
      ).json()) as ChatMessage;

      const list = (await (await h.request(ORDERS, { token: c.token })).json()) as OrderList;
      expect(list.results.find((r) => r.id === order.id)?.unread).toBe(2);
      expect((await getOrder(h, c, order.id)).unread).toBe(2);

      const read = await h.request(`${ORDERS}${order.id}/messages/read/`, {
        method: 'POST',
        token: c.token,
        json: { up_to_id: writerMsg.id },
      });
      expect(await read.json()).toEqual({ unread: 1 });
      expect(h.published.at(-1)?.event).toEqual({
        type: 'chat.read',
        orderId: order.id,
        upToId: writerMsg.id,
        unread: 1,
      });
      await h.request(`${ORDERS}${order.id}/messages/read/`, {
        method: 'POST',
        token: c.token,
        json: { up_to_id: m.id },
      });
      const page = (await (
        await h.request(`${ORDERS}${order.id}/messages/`, { token: c.token })
      ).json()) as ChatPage;
      expect(page.unread).toBe(0);
      expect(page.results.every((x) => x.read_at !== null)).toBe(true);
      expect(
        (
          await staff(h, `/orders/${order.id}/messages/`, {
            method: 'POST',
            json: { author: 'boss', text: 'x' },
          })
        ).status,
      ).toBe(400);
    });

    it('pages through a long chat with before and after', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      expect(
        (await staff(h, `/orders/${order.id}/messages/bulk/`, { method: 'POST', json: { count: 120 } }))
          .status,
      ).toBe(201);
      const latest = (await (
        await h.request(`${ORDERS}${order.id}/messages/?limit=50`, { token: c.token })
      ).json()) as ChatPage;
      expect(latest.results).toHaveLength(50);
      expect(latest.has_more).toBe(true);
      const ids = latest.results.map((x) => x.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const older = (await (
        await h.request(`${ORDERS}${order.id}/messages/?limit=50&before=${ids[0]}`, { token: c.token })
      ).json()) as ChatPage;
      expect(older.results.at(-1)!.id).toBe(ids[0]! - 1);
      const oldest = (await (
        await h.request(`${ORDERS}${order.id}/messages/?limit=50&before=${older.results[0]!.id}`, {
          token: c.token,
        })
      ).json()) as ChatPage;
      expect(oldest.results).toHaveLength(20);
      expect(oldest.has_more).toBe(false);
      const newer = (await (
        await h.request(`${ORDERS}${order.id}/messages/?after=${ids[47]}`, { token: c.token })
      ).json()) as ChatPage;
      expect(newer.results.map((x) => x.id)).toEqual(ids.slice(48));
      expect(newer.has_more).toBe(false);
      expect((await h.request(`${ORDERS}${order.id}/messages/?limit=500`, { token: c.token })).status).toBe(
        400,
      );
    });
  });

  describe('reworks', () => {
    it('takes a rework for a delivered order under guarantee, and the writer answers it', async () => {
      const c = await createCustomer(h);
      const { order } = await createOrder(h, c);
      const early = await h.request(`${ORDERS}${order.id}/reworks/`, {
        method: 'POST',
        token: c.token,
        json: { comment: 'Исправьте список литературы, пожалуйста.', deadline: dayFromNow(h, 5) },
      });
      expect(early.status).toBe(400);
      expect(((await early.json()) as { detail: string }).detail).toMatch(/гарантийный срок/);

      await staff(h, `/orders/${order.id}/status/`, { method: 'PATCH', json: { status_id: 4 } });
      const delivered = await staff(h, `/orders/${order.id}/files/`, {
        method: 'POST',
        body: filesForm([{ name: 'Итог.docx' }], { kind: 'final' }),
      });
      expect(delivered.status).toBe(201);
      const file = (await (
        await upload(h, `${ORDERS}ajax-files/`, c.token, filesForm([{ name: 'Замечания.pdf' }]))
      ).json()) as UploadedFile;

      const invalid = await h.request(`${ORDERS}${order.id}/reworks/`, {
        method: 'POST',
        token: c.token,
        json: { comment: 'Коротко', deadline: dayFromNow(h, 45) },
      });
      expect(invalid.status).toBe(400);
      const errors = (await invalid.json()) as Record<string, string[]>;
      expect(errors.comment?.[0]).toMatch(/не меньше 10 символов/);
      expect(errors.deadline?.[0]).toMatch(/раньше/);

      const res = await h.request(`${ORDERS}${order.id}/reworks/`, {
        method: 'POST',
        token: c.token,
        json: {
          comment: 'Исправьте список литературы по ГОСТ, пожалуйста.',
          deadline: dayFromNow(h, 5),
          file_ids: [file.id],
        },
      });
      expect(res.status).toBe(201);
      const rework = (await res.json()) as Rework;
      expect(rework).toMatchObject({
        status: 'new',
        answer: null,
        files: [expect.objectContaining({ name: 'Замечания.pdf' })],
      });
      const detail = await getOrder(h, c, order.id);
      expect(detail).toMatchObject({
        status: { id: 6, title: 'На доработке' },
        reworks_count: 1,
        can_request_rework: false,
      });

      const list = (await (
        await h.request(`${ORDERS}${order.id}/reworks/`, { token: c.token })
      ).json()) as ReworkList;
      expect(list.results.map((r) => r.id)).toEqual([rework.id]);

      const b = await createCustomer(h);
      expect((await h.request(`${ORDERS}${order.id}/reworks/${rework.id}/`, { token: b.token })).status).toBe(
        404,
      );
      expect(
        (await h.request(`${ORDERS}${order.id}/reworks/`, { method: 'POST', token: b.token, json: {} }))
          .status,
      ).toBe(404);

      const answer = await staff(h, `/orders/${order.id}/reworks/${rework.id}/answer/`, {
        method: 'POST',
        json: { text: 'Список литературы исправлен.', status: 'done' },
      });
      expect(answer.status).toBe(200);
      const one = (await (
        await h.request(`${ORDERS}${order.id}/reworks/${rework.id}/`, { token: c.token })
      ).json()) as Rework;
      expect(one).toMatchObject({ status: 'done', answer: 'Список литературы исправлен.' });
      expect((await getOrder(h, c, order.id)).status.id).toBe(5);
      expect(h.published.at(-1)?.event).toMatchObject({
        type: 'order.changed',
        orderId: order.id,
        status: { id: 5 },
      });
    });

    it('refuses a rework after the guarantee has ended', async () => {
      const c = await createCustomer(h);
      const row = await insertOrder(h, c.id, {
        statusId: 7,
        guaranteeUntil: new Date(h.clock.now.getTime() - 1000),
      });
      const res = await h.request(`${ORDERS}${row.id}/reworks/`, {
        method: 'POST',
        token: c.token,
        json: { comment: 'Нужно поправить оформление таблиц.', deadline: dayFromNow(h, 3) },
      });
      expect(res.status).toBe(400);
    });
  });
});
