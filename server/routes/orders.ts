import { Hono, type Context } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv, Deps } from '../env';
import { requireCustomer } from '../middleware/auth';
import { badRequest, notFound } from '../errors';
import { jsonBody, queryParams } from '../validate';
import { orderFiles, orders } from '../db/tables';
import { ORDER_STATUSES } from '../../contract/order-status';
import {
  CHAT_TEXT_MAX,
  FILE_LIMITS,
  type CalculateCostResponse,
  type ChatPage,
  type CreateOrderResponse,
  type FileList,
  type OrderConfirmation,
  type OrderList,
  type ReworkList,
  type TrashResponse,
  type UploadOrderFilesResponse,
} from '../../contract/orders';
import {
  calculateCostSchema,
  calculateDiscountSchema,
  createOrderSchema,
  editOrderSchema,
} from '../domain/order-form';
import {
  createOrder,
  editOrder,
  isFirstOrder,
  listOrders,
  nextGuaranteeEnd,
  loadOwnOrder,
  orderCounters,
  orderDetail,
  publishEvents,
  setFilesWithoutQc,
  setTrash,
  settleExpiredGuarantees,
  toListItem,
  type OrderRow,
} from '../domain/orders';
import {
  checkIncoming,
  contentDisposition,
  deleteFileRow,
  fileStream,
  listOrderFiles,
  orderFileCount,
  pendingFileCount,
  readMultipartFiles,
  saveFiles,
  toOrderFile,
  toUploadedFile,
  zipStream,
} from '../domain/order-files';
import {
  draftFileCount,
  draftPatchSchema,
  draftView,
  latestOrNewDraft,
  loadOwnDraft,
  patchDraft,
  touchDraft,
} from '../domain/drafts';
import { calculateCost, calculateDiscount } from '../domain/pricing';
import { createRework, createReworkSchema, listReworks, loadRework, reworkDetail } from '../domain/reworks';
import { OrderListCache } from '../domain/order-list-cache';
import { listMessages, markRead, sendCustomerMessage, unreadCount } from '../domain/chat';

const ID = '{[0-9]{1,9}}';
const BASE = '/api/client/orders/';

const listQuery = z.object({
  tab: z.enum(['active', 'archive', 'done'], { error: 'Неизвестная вкладка.' }).optional(),
  search: z.string().max(200, 'Слишком длинный запрос.').optional(),
  page: z.coerce
    .number({ error: 'Неверный номер страницы.' })
    .int('Неверный номер страницы.')
    .min(1, 'Неверный номер страницы.')
    .max(1_000_000)
    .default(1),
  page_size: z.coerce
    .number({ error: 'Неверный размер страницы.' })
    .int('Неверный размер страницы.')
    .min(1, 'Размер страницы — от 1 до 50.')
    .max(50, 'Размер страницы — от 1 до 50.')
    .default(20),
});

const messagesQuery = z.object({
  after: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
  before: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
  limit: z.coerce
    .number({ error: 'Неверный limit.' })
    .int()
    .min(1, 'limit — от 1 до 200.')
    .max(200, 'limit — от 1 до 200.')
    .default(50),
});

const sendMessageBody = z
  .object({
    text: z
      .string({ error: 'Напишите сообщение.' })
      .trim()
      .max(CHAT_TEXT_MAX, `Сообщение — не длиннее ${CHAT_TEXT_MAX} символов.`),
    client_id: z.uuid({ error: 'client_id должен быть UUID.' }),
    file_ids: z
      .array(z.number().int().positive(), { error: 'Неверный список файлов.' })
      .max(FILE_LIMITS.maxPerOrder)
      .optional(),
  })
  .refine((b) => b.text.length > 0 || (b.file_ids?.length ?? 0) > 0, {
    message: 'Напишите сообщение или приложите файл.',
    path: ['text'],
  });

const confirmationQuery = z.object({
  order_id: z.coerce.number({ error: 'Неверный номер заказа.' }).int().min(1).max(2_000_000_000).optional(),
  source: z.string().max(100).optional(),
});

function pageUrl(q: z.infer<typeof listQuery>, page: number): string {
  const p = new URLSearchParams();
  if (q.tab) p.set('tab', q.tab);
  if (q.search) p.set('search', q.search);
  p.set('page', String(page));
  p.set('page_size', String(q.page_size));
  return `${BASE}?${p}`;
}

const num = (c: Context, name: string) => Number(c.req.param(name));

function confirmation(row: OrderRow, first: boolean, page: 'success' | 'welcome'): OrderConfirmation {
  const S = ORDER_STATUSES;
  const pay =
    row.statusId === S.awaitingPayment.id
      ? `Оплатите заказ: ${row.price - row.paid} ₽ — автор начнёт работу сразу после оплаты.`
      : row.statusId === S.pricing.id
        ? 'Менеджер оценит работу и назначит цену — мы пришлём уведомление.'
        : 'Автор уже работает над заказом.';
  return {
    order: toListItem(row, 0),
    is_first_order: first,
    title: page === 'success' && first ? 'Спасибо за первый заказ!' : `Заказ №${row.id} оформлен`,
    next_steps: [
      pay,
      'Вопросы автору и менеджеру задавайте в чате заказа — ответим там же.',
      'Готовую работу вы найдёте во вкладке «Файлы» заказа; доработки в гарантийный срок — бесплатно.',
    ],
  };
}

export function ordersRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', requireCustomer(deps));
  // Hono joins '/' to the mount path without its slash; the spec's paths end with one, so the root takes both.
  const ROOT = ['/', '/:root{^$}'];

  const own = (c: Context<AppEnv>) => loadOwnOrder(deps.db, c.get('userId'), num(c, 'id'));

  // ---- list and create --------------------------------------------------------------------------------------
  const listCache = new OrderListCache();
  app.on('GET', ROOT, async (c) => {
    const userId = c.get('userId');
    const version = c.get('ordersVersion');
    const q = queryParams(c, listQuery);
    const key = JSON.stringify([q.tab ?? '', q.search ?? '', q.page, q.page_size]);
    const cached = listCache.get(userId, key, version, deps.now().getTime());
    if (cached !== undefined)
      return c.body(cached, 200, { 'content-type': 'application/json; charset=UTF-8' });

    const settled = await settleExpiredGuarantees(deps.db, userId, deps.now());
    const [counters, guaranteeEnd] = await Promise.all([
      orderCounters(deps.db, userId),
      nextGuaranteeEnd(deps.db, userId),
    ]);
    const { count, results } = await listOrders(
      deps.db,
      userId,
      { tab: q.tab, search: q.search, page: q.page, pageSize: q.page_size },
      counters,
    );
    const body: OrderList = {
      next: q.page * q.page_size < count ? pageUrl(q, q.page + 1) : null,
      previous:
        q.page > 1 ? pageUrl(q, Math.min(q.page - 1, Math.max(1, Math.ceil(count / q.page_size)))) : null,
      count,
      results,
      counters,
    };
    const json = new TextEncoder().encode(JSON.stringify(body));
    // Settling wrote orders, so the stamp read with the session is already old: the next read caches.
    if (settled === 0)
      listCache.set(userId, key, { version, validUntil: guaranteeEnd?.getTime() ?? Infinity, body: json });
    return c.body(json, 200, { 'content-type': 'application/json; charset=UTF-8' });
  });

  app.on('POST', ROOT, async (c) => {
    const input = await jsonBody(c, createOrderSchema(deps.now()));
    const { order, isFirstOrder: first } = await createOrder(deps, c.get('userId'), input);
    const body: CreateOrderResponse = {
      order: await orderDetail(deps, deps.db, order),
      is_first_order: first,
    };
    return c.json(body, 201);
  });

  // ---- drafts -----------------------------------------------------------------------------------------------
  app.get('/continue/', async (c) => {
    const userId = c.get('userId');
    const { id } = queryParams(
      c,
      z.object({ id: z.coerce.number().int().min(1).max(2_000_000_000).optional() }),
    );
    const row = id ? await loadOwnDraft(deps.db, userId, id) : await latestOrNewDraft(deps, userId);
    return c.json(await draftView(deps.db, row));
  });

  app.get(`/fake/:draft${ID}/`, async (c) => {
    const row = await loadOwnDraft(deps.db, c.get('userId'), num(c, 'draft'));
    return c.json(await draftView(deps.db, row));
  });

  app.patch(`/fake/:draft${ID}/`, async (c) => {
    const row = await loadOwnDraft(deps.db, c.get('userId'), num(c, 'draft'));
    const patch = await jsonBody(c, draftPatchSchema);
    return c.json(await draftView(deps.db, await patchDraft(deps, row, patch)));
  });

  app.post(`/fake/:draft${ID}/fake-files/`, async (c) => {
    const userId = c.get('userId');
    const draft = await loadOwnDraft(deps.db, userId, num(c, 'draft'));
    const { files } = await readMultipartFiles(c);
    const incoming = checkIncoming(files, await draftFileCount(deps.db, draft.id));
    const rows = await saveFiles(deps, incoming, { userId, draftId: draft.id });
    await touchDraft(deps, draft.id);
    return c.json({ results: rows.map(toUploadedFile) }, 201);
  });

  app.delete(`/fake/:draft${ID}/delete-fake-file/:file${ID}/`, async (c) => {
    const userId = c.get('userId');
    const draft = await loadOwnDraft(deps.db, userId, num(c, 'draft'));
    const [row] = await deps.db
      .select()
      .from(orderFiles)
      .where(and(eq(orderFiles.id, num(c, 'file')), eq(orderFiles.draftId, draft.id)));
    if (!row) throw notFound('Файл не найден.');
    await deleteFileRow(deps, row);
    return c.body(null, 204);
  });

  // ---- files of the form before the order exists ----------------------------------------------------------------
  app.post('/ajax-files/', async (c) => {
    const userId = c.get('userId');
    const { files } = await readMultipartFiles(c);
    if (files.length > 1) throw badRequest('Загружайте файлы по одному.');
    const incoming = checkIncoming(files, await pendingFileCount(deps.db, userId));
    const [row] = await saveFiles(deps, incoming, { userId });
    if (!row) throw new Error('file not saved');
    return c.json(toUploadedFile(row), 201);
  });

  app.delete(`/delete-ajax-file/:file${ID}/`, async (c) => {
    const userId = c.get('userId');
    const [row] = await deps.db
      .select()
      .from(orderFiles)
      .where(and(eq(orderFiles.id, num(c, 'file')), eq(orderFiles.userId, userId)));
    if (!row || row.orderId !== null || row.draftId !== null) throw notFound('Файл не найден.');
    await deleteFileRow(deps, row);
    return c.body(null, 204);
  });

  // ---- pricing ------------------------------------------------------------------------------------------------
  app.post('/calculate-cost/', async (c) => {
    const input = await jsonBody(c, calculateCostSchema(deps.now()));
    const { cost, breakdown } = calculateCost(
      {
        workType: input.work_type,
        pages: input.pages,
        deadline: input.deadline,
        originality: input.originality ?? 60,
      },
      deps.now(),
    );
    const body: CalculateCostResponse = { cost, currency: 'RUB', breakdown };
    return c.json(body);
  });

  app.post('/calculate-discount/', async (c) => {
    const input = await jsonBody(c, calculateDiscountSchema);
    return c.json(
      calculateDiscount({ cost: input.cost, promoCode: input.promo_code, useBonus: input.use_bonus }),
    );
  });

  // ---- confirmation pages -------------------------------------------------------------------------------------
  for (const page of ['success', 'welcome'] as const) {
    app.get(`/${page}/`, async (c) => {
      const userId = c.get('userId');
      const { order_id } = queryParams(c, confirmationQuery);
      let row: OrderRow | undefined;
      if (order_id) row = await loadOwnOrder(deps.db, userId, order_id);
      else
        [row] = await deps.db
          .select()
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.id))
          .limit(1);
      if (!row) throw notFound('Заказ не найден.');
      return c.json(confirmation(row, await isFirstOrder(deps.db, row), page));
    });
  }

  // ---- one order ----------------------------------------------------------------------------------------------
  app.get(`/:id${ID}/`, async (c) => {
    await settleExpiredGuarantees(deps.db, c.get('userId'), deps.now());
    return c.json(await orderDetail(deps, deps.db, await own(c)));
  });

  app.patch(`/:id${ID}/`, async (c) => {
    const row = await own(c);
    const input = await jsonBody(c, editOrderSchema(deps.now()));
    return c.json(await orderDetail(deps, deps.db, await editOrder(deps, row, input)));
  });

  const trash = (isTrash: boolean) => async (c: Context<AppEnv>) => {
    const row = await setTrash(deps, await own(c), isTrash);
    const body: TrashResponse = {
      id: row.id,
      is_trash: row.isTrash,
      status: toListItem(row, 0).status,
      counters: await orderCounters(deps.db, row.userId),
    };
    return c.json(body);
  };
  app.delete(`/:id${ID}/`, trash(true));
  app.patch(`/:id${ID}/restore/`, trash(false));

  app.patch(`/:id${ID}/not-editable-order/`, async (c) => {
    const row = await own(c);
    const { files_without_qc } = await jsonBody(
      c,
      z.object({ files_without_qc: z.boolean({ error: 'Ожидается true или false.' }) }),
    );
    return c.json(await orderDetail(deps, deps.db, await setFilesWithoutQc(deps, row, files_without_qc)));
  });

  // ---- order files --------------------------------------------------------------------------------------------
  app.get(`/:id${ID}/files/`, async (c) => {
    const row = await own(c);
    const files = (await listOrderFiles(deps.db, row.id)).map(toOrderFile);
    const body: FileList = { next: null, previous: null, count: files.length, results: files };
    return c.json(body);
  });

  app.post(`/:id${ID}/files/`, async (c) => {
    const row = await own(c);
    if (row.isTrash) throw badRequest('Заказ в архиве. Восстановите его, чтобы загрузить файлы.');
    const { files } = await readMultipartFiles(c);
    const incoming = checkIncoming(files, await orderFileCount(deps.db, row.id));
    const saved = (await saveFiles(deps, incoming, { userId: row.userId, orderId: row.id })).map(toOrderFile);
    await publishEvents(
      deps,
      saved.map((file) => ({ userId: row.userId, event: { type: 'order.file', orderId: row.id, file } })),
    );
    const body: UploadOrderFilesResponse = { results: saved };
    return c.json(body, 201);
  });

  const ownFile = async (c: Context<AppEnv>) => {
    const row = await own(c);
    const [file] = await deps.db
      .select()
      .from(orderFiles)
      .where(and(eq(orderFiles.id, num(c, 'file')), eq(orderFiles.orderId, row.id)));
    if (!file) throw notFound('Файл не найден.');
    return file;
  };

  app.get(`/:id${ID}/files/:file${ID}/download/`, async (c) => {
    const file = await ownFile(c);
    const stream = await fileStream(deps, file);
    if (!stream) throw notFound('Файл не найден.');
    return c.body(stream, 200, {
      'Content-Type': file.mime,
      'Content-Length': String(file.size),
      'Content-Disposition': contentDisposition(file.name),
    });
  });

  app.patch(`/:id${ID}/files/:file${ID}/`, async (c) => {
    const file = await ownFile(c);
    const { is_reviewed } = await jsonBody(
      c,
      z.object({ is_reviewed: z.boolean({ error: 'Ожидается true или false.' }) }),
    );
    const [u] = await deps.db
      .update(orderFiles)
      .set({ isReviewed: is_reviewed })
      .where(eq(orderFiles.id, file.id))
      .returning();
    if (!u) throw notFound('Файл не найден.');
    return c.json(toOrderFile(u));
  });

  app.post(`/:id${ID}/files/download-zip/`, async (c) => {
    const row = await own(c);
    const files = await listOrderFiles(deps.db, row.id);
    if (files.length === 0) throw badRequest('В заказе пока нет файлов.');
    return c.body(await zipStream(deps, files), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(`Заказ ${row.id}.zip`),
    });
  });

  // ---- reworks ------------------------------------------------------------------------------------------------
  app.post(`/:id${ID}/reworks/`, async (c) => {
    const row = await own(c);
    const input = await jsonBody(c, createReworkSchema(deps.now()));
    return c.json(await createRework(deps, row, input), 201);
  });

  app.get(`/:id${ID}/reworks/`, async (c) => {
    const row = await own(c);
    const results = await listReworks(deps.db, row.id);
    const body: ReworkList = { next: null, previous: null, count: results.length, results };
    return c.json(body);
  });

  app.get(`/:id${ID}/reworks/:rework${ID}/`, async (c) => {
    const row = await own(c);
    return c.json(await reworkDetail(deps.db, await loadRework(deps.db, row.id, num(c, 'rework'))));
  });

  // ---- chat ---------------------------------------------------------------------------------------------------
  app.get(`/:id${ID}/messages/`, async (c) => {
    const row = await own(c);
    const q = queryParams(c, messagesQuery);
    const [page, unread] = await Promise.all([
      listMessages(deps.db, row.id, q),
      unreadCount(deps.db, row.id),
    ]);
    const body: ChatPage = { ...page, unread };
    return c.json(body);
  });

  app.post(`/:id${ID}/messages/`, async (c) => {
    const row = await own(c);
    const input = await jsonBody(c, sendMessageBody);
    const { message, created } = await sendCustomerMessage(deps, row, {
      text: input.text,
      clientId: input.client_id,
      fileIds: input.file_ids ?? [],
    });
    return c.json(message, created ? 201 : 200);
  });

  app.post(`/:id${ID}/messages/read/`, async (c) => {
    const row = await own(c);
    const { up_to_id } = await jsonBody(
      c,
      z.object({ up_to_id: z.number({ error: 'Укажите up_to_id.' }).int().min(0).max(2_000_000_000) }),
    );
    return c.json({ unread: await markRead(deps, row, up_to_id) });
  });

  return app;
}
