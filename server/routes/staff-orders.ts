import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv, Deps } from '../env';
import { requireStaff } from '../middleware/staff';
import { badRequest, notFound } from '../errors';
import { jsonBody, parse, queryParams } from '../validate';
import { orders, users } from '../db/tables';
import { CHAT_TEXT_MAX, WORK_TYPES } from '../../contract/orders';
import {
  checkStaffUpload,
  deliverOrder,
  listOrders,
  loadOrder,
  orderChangedEvent,
  orderDetail,
  publishEvents,
  setOrderPrice,
  setOrderStatus,
  type PendingEvent,
} from '../domain/orders';
import {
  checkIncoming,
  deleteFileRow,
  orderFileCount,
  readMultipartFiles,
  saveFiles,
  toOrderFile,
} from '../domain/order-files';
import { bulkStaffMessages, sendStaffMessage } from '../domain/chat';
import { answerRework, loadRework } from '../domain/reworks';
import { addDays } from '../domain/order-dates';

const ID = '{[0-9]{1,9}}';
const num = (c: Context, name: string) => Number(c.req.param(name));

async function userByEmail(deps: Deps, email: string) {
  const [u] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!u) throw notFound('Клиент не найден.');
  return u;
}

/** The writer's and the manager's side of an order (tests, benchmarks, a future back office). */
export function staffOrdersRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('/orders/*', requireStaff(deps));

  app.get('/orders/', async (c) => {
    const q = queryParams(
      c,
      z.object({
        email: z.string().min(3, 'Укажите e-mail.'),
        page: z.coerce.number().int().min(1).default(1),
        page_size: z.coerce.number().int().min(1).max(100).default(50),
      }),
    );
    const user = await userByEmail(deps, q.email);
    return c.json({
      user_id: user.id,
      ...(await listOrders(deps.db, user.id, { page: q.page, pageSize: q.page_size })),
    });
  });

  app.post('/orders/bulk/', async (c) => {
    const { email, count } = await jsonBody(
      c,
      z.object({ email: z.string().min(3), count: z.number().int().min(1).max(50_000) }),
    );
    const user = await userByEmail(deps, email);
    const now = deps.now();
    const statuses = [1, 2, 3, 4, 5, 6, 7, 8];
    let first: number | undefined;
    let last: number | undefined;
    for (let start = 0; start < count; start += 1000) {
      const n = Math.min(1000, count - start);
      const rows = await deps.db
        .insert(orders)
        .values(
          Array.from({ length: n }, (_, i) => {
            const k = start + i;
            const statusId = statuses[k % statuses.length] ?? 1;
            return {
              userId: user.id,
              statusId,
              isTrash: k % 50 === 49,
              workType: WORK_TYPES[k % (WORK_TYPES.length - 1)] ?? 'Реферат',
              subject: ['Экономика', 'Право', 'Психология', 'История', 'Маркетинг'][k % 5] ?? '',
              topic: `Тестовый заказ №${k + 1}: анализ данных и выводы`,
              pages: 5 + (k % 40),
              deadline: addDays(now, 3 + (k % 60)),
              price: 1500 + (k % 76) * 100,
              paid: statusId >= 4 && statusId <= 7 ? 1500 + (k % 76) * 100 : 0,
              guaranteeUntil: statusId === 5 ? addDays(now, 20) : null,
              createdAt: new Date(now.getTime() - (count - k) * 60_000),
              updatedAt: now,
            };
          }),
        )
        .returning({ id: orders.id });
      first ??= rows[0]?.id;
      last = rows.at(-1)?.id ?? last;
    }
    return c.json({ created: count, first_id: first, last_id: last }, 201);
  });

  app.post(`/orders/:id${ID}/messages/`, async (c) => {
    const order = await loadOrder(deps.db, num(c, 'id'));
    const input = await jsonBody(
      c,
      z.object({
        author: z.enum(['writer', 'manager'], { error: 'author: writer или manager.' }),
        text: z.string().trim().min(1, 'Пустое сообщение.').max(CHAT_TEXT_MAX),
        author_name: z.string().trim().max(100).optional(),
      }),
    );
    return c.json(
      await sendStaffMessage(deps, order, {
        author: input.author,
        text: input.text,
        authorName: input.author_name,
      }),
      201,
    );
  });

  app.post(`/orders/:id${ID}/messages/bulk/`, async (c) => {
    const order = await loadOrder(deps.db, num(c, 'id'));
    const { count } = await jsonBody(c, z.object({ count: z.number().int().min(1).max(50_000) }));
    await bulkStaffMessages(deps, order, count);
    await publishEvents(deps, [orderChangedEvent(order)]);
    return c.json({ created: count }, 201);
  });

  app.post(`/orders/:id${ID}/files/`, async (c) => {
    const order = await loadOrder(deps.db, num(c, 'id'));
    const { files, fields } = await readMultipartFiles(c);
    const meta = parse(
      z.object({
        kind: z.enum(['intermediate', 'final'], { error: 'kind: intermediate или final.' }),
        author: z.enum(['writer', 'manager']).default('writer'),
      }),
      fields,
    );
    checkStaffUpload(order, meta.kind);
    const incoming = checkIncoming(files, await orderFileCount(deps.db, order.id));
    const saved = await saveFiles(deps, incoming, {
      userId: order.userId,
      orderId: order.id,
      kind: meta.kind,
      author: meta.author,
    });
    const events: PendingEvent[] = saved.map((f) => ({
      userId: order.userId,
      event: { type: 'order.file', orderId: order.id, file: toOrderFile(f) },
    }));
    // A final file delivers the order: the guarantee period starts now. When the order changed status since the
    // check above (the delivery is refused), the files just stored go too: a refused upload stores nothing.
    if (meta.kind === 'final') {
      try {
        events.push(orderChangedEvent(await deliverOrder(deps.db, order.id, deps.now())));
      } catch (err) {
        for (const row of saved) await deleteFileRow(deps, row);
        throw err;
      }
    }
    await publishEvents(deps, events);
    return c.json({ results: saved.map(toOrderFile) }, 201);
  });

  app.patch(`/orders/:id${ID}/status/`, async (c) => {
    const { status_id } = await jsonBody(c, z.object({ status_id: z.number().int() }));
    const row = await setOrderStatus(deps, num(c, 'id'), status_id);
    return c.json(await orderDetail(deps, deps.db, row));
  });

  app.patch(`/orders/:id${ID}/price/`, async (c) => {
    const { price } = await jsonBody(
      c,
      z.object({ price: z.number().int('Цена — целое число рублей.').min(1).max(10_000_000) }),
    );
    const row = await setOrderPrice(deps, num(c, 'id'), price);
    return c.json(await orderDetail(deps, deps.db, row));
  });

  app.post(`/orders/:id${ID}/reworks/:rework${ID}/answer/`, async (c) => {
    const order = await loadOrder(deps.db, num(c, 'id'));
    const rework = await loadRework(deps.db, order.id, num(c, 'rework'));
    const input = await jsonBody(
      c,
      z.object({
        text: z.string().trim().min(1, 'Пустой ответ.').max(5000),
        status: z.enum(['in_progress', 'done'], { error: 'status: in_progress или done.' }),
      }),
    );
    if (rework.status === 'done') throw badRequest('Доработка уже завершена.');
    return c.json(await answerRework(deps, order, rework, input));
  });

  return app;
}
