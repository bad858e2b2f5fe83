import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { eq } from 'drizzle-orm';
import type { AppEnv, Deps } from '../env';
import { inAuditedTx, requireStaff } from '../middleware/staff';
import { badRequest, notFound } from '../domain/errors';
import { valid } from '../validate';
import { orders, users } from '../db/tables';
import { WORK_TYPES } from '../../contract/orders';
import {
  OrderParams,
  ReworkParams,
  StaffBulkMessagesRequest,
  StaffBulkOrdersRequest,
  StaffFilesForm,
  StaffMessageRequest,
  StaffOrdersQuery,
  StaffPriceRequest,
  StaffReworkAnswerRequest,
  StaffStatusRequest,
  type StaffOrderList,
} from '../../contract/orders.api';
import { checkStaffUpload, deliverOrder, setOrderPrice, setOrderStatus } from '../domain/orders/staff';
import { listOrders, loadOrder, orderDetail } from '../domain/orders/read-model';
import { orderChangedEvent, publishEvents, type PendingEvent } from '../realtime/order-events';
import { checkIncoming, orderFileCount, saveFiles, toOrderFile } from '../domain/order-files';
import { bulkStaffMessages, sendStaffMessage } from '../domain/chat';
import { answerRework, loadRework, type ReworkRow } from '../domain/reworks';
import { addDays } from '../domain/order-dates';
import type { Tx } from '../domain/orders-db';
import { ID, multipart, type OrderEnv } from './orders/common';

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

  // The order (and the rework) a path names is loaded before the body is read: an unknown one is a 404 first.
  const order = createMiddleware<OrderEnv, string, { out: { param: { id: number } } }>(async (c, next) => {
    c.set('order', await loadOrder(deps.db, c.req.valid('param').id));
    await next();
  });
  const rework = createMiddleware<
    OrderEnv & { Variables: { rework: ReworkRow } },
    string,
    { out: { param: { rework: number } } }
  >(async (c, next) => {
    c.set('rework', await loadRework(deps.db, c.get('order').id, c.req.valid('param').rework));
    await next();
  });

  app.get('/orders/', valid('query', StaffOrdersQuery), async (c) => {
    const q = c.req.valid('query');
    const user = await userByEmail(deps, q.email);
    const { count, results } = await listOrders(deps.db, user.id, { page: q.page, pageSize: q.page_size });
    return c.json({ user_id: user.id, count, results } satisfies StaffOrderList);
  });

  app.post('/orders/bulk/', valid('json', StaffBulkOrdersRequest), async (c) => {
    const { email, count } = c.req.valid('json');
    const user = await userByEmail(deps, email);
    const now = deps.now();
    const statuses = [1, 2, 3, 4, 5, 6, 7, 8];
    let first: number | undefined;
    let last: number | undefined;
    const insertAll = async (tx: Tx) => {
      for (let start = 0; start < count; start += 1000) {
        const n = Math.min(1000, count - start);
        const rows = await tx
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
    };
    await inAuditedTx(c, deps, insertAll, () => ({ customerId: user.id, details: { count } }));
    return c.json({ created: count, first_id: first, last_id: last }, 201);
  });

  app.post(
    `/orders/:id${ID}/messages/`,
    valid('param', OrderParams),
    order,
    valid('json', StaffMessageRequest),
    async (c) => {
      const input = c.req.valid('json');
      const message = await sendStaffMessage(
        deps,
        c.get('order'),
        { author: input.author, text: input.text, authorName: input.author_name },
        (tx) => c.var.auditIn(tx, { details: { author: input.author } }),
      );
      return c.json(message, 201);
    },
  );

  app.post(
    `/orders/:id${ID}/messages/bulk/`,
    valid('param', OrderParams),
    order,
    valid('json', StaffBulkMessagesRequest),
    async (c) => {
      const { count } = c.req.valid('json');
      await inAuditedTx(
        c,
        deps,
        (tx) => bulkStaffMessages({ db: tx, now: deps.now }, c.get('order'), count),
        () => ({ details: { count } }),
      );
      await publishEvents(deps, [orderChangedEvent(c.get('order'))]);
      return c.json({ created: count }, 201);
    },
  );

  app.post(
    `/orders/:id${ID}/files/`,
    valid('param', OrderParams),
    order,
    multipart,
    valid('form', StaffFilesForm),
    async (c) => {
      const order = c.get('order');
      const form = c.req.valid('form');
      checkStaffUpload(order, form.kind);
      const incoming = checkIncoming(form.file, await orderFileCount(deps.db, order.id));
      let delivered: PendingEvent | undefined;
      // A final file delivers the order: the guarantee period starts now. The files, the delivery and the audit row
      // commit together: when the order changed status since the check above (the delivery is refused) or the row
      // cannot be written, the files just stored go too: a refused upload stores nothing.
      const saved = await saveFiles(
        deps,
        incoming,
        { userId: order.userId, orderId: order.id, kind: form.kind, author: form.author },
        async (tx, rows) => {
          if (form.kind === 'final')
            delivered = orderChangedEvent(await deliverOrder(tx, order.id, deps.now()));
          await c.var.auditIn(tx, { details: { kind: form.kind, files: rows.map((r) => r.name) } });
        },
      );
      const events: PendingEvent[] = saved.map((f) => ({
        userId: order.userId,
        event: { type: 'order.file', orderId: order.id, file: toOrderFile(f) },
      }));
      await publishEvents(deps, delivered ? [...events, delivered] : events);
      return c.json({ results: saved.map(toOrderFile) }, 201);
    },
  );

  app.patch(
    `/orders/:id${ID}/status/`,
    valid('param', OrderParams),
    valid('json', StaffStatusRequest),
    async (c) => {
      const { status_id } = c.req.valid('json');
      const row = await setOrderStatus(deps, c.req.valid('param').id, status_id, (tx) =>
        c.var.auditIn(tx, { details: { status_id } }),
      );
      return c.json(await orderDetail(deps, deps.db, row));
    },
  );

  app.patch(
    `/orders/:id${ID}/price/`,
    valid('param', OrderParams),
    valid('json', StaffPriceRequest),
    async (c) => {
      const { price } = c.req.valid('json');
      const row = await setOrderPrice(deps, c.req.valid('param').id, price, (tx) =>
        c.var.auditIn(tx, { details: { price } }),
      );
      return c.json(await orderDetail(deps, deps.db, row));
    },
  );

  app.post(
    `/orders/:id${ID}/reworks/:rework${ID}/answer/`,
    valid('param', ReworkParams),
    order,
    rework,
    valid('json', StaffReworkAnswerRequest),
    async (c) => {
      const row = c.get('rework');
      if (row.status === 'done') throw badRequest('Доработка уже завершена.');
      const input = c.req.valid('json');
      const answered = await answerRework(deps, c.get('order'), row, input, (tx) =>
        c.var.auditIn(tx, { details: { rework_id: row.id, status: input.status } }),
      );
      return c.json(answered);
    },
  );

  return app;
}
