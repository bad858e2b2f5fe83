import { Hono } from 'hono';
import { desc, eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { AppEnv, Deps } from '../../env';
import { notFound } from '../../domain/errors';
import { valid } from '../../validate';
import { orders } from '../../db/tables';
import { ORDER_STATUSES } from '../../../contract/order-status';
import { ORDER_LIMITS } from '../../../contract/orders';
import {
  CalculateCostRequest,
  CalculateDiscountRequest,
  ConfirmationQuery,
  CreateOrderRequest,
  EditOrderRequest,
  FilesWithoutQcRequest,
  OrderListQuery,
  OrderParams,
  type CalculateCostResponse,
  type CreateOrderResponse,
  type OrderConfirmation,
  type OrderList,
  type TrashResponse,
} from '../../../contract/orders.api';
import { withDeadlineRange } from '../../domain/order-form';
import { parseOriginCookies } from '../../../contract/origin-cookies';
import { createOrder, editOrder, setFilesWithoutQc, setTrash } from '../../domain/orders/commands';
import {
  isFirstOrder,
  listOrders,
  loadOwnOrder,
  nextGuaranteeEnd,
  orderCounters,
  orderDetail,
  readOrderDetail,
  toListItem,
  type OrderRow,
} from '../../domain/orders/read-model';
import { calculateCost, calculateDiscount } from '../../domain/pricing';
import { quotePromo } from '../../domain/promo-codes';
import { OrderListCache } from '../../domain/order-list-cache';
import { DEFAULT_ORDER_SORT, orderQueryParams, type OrderQuery } from '../../../contract/order-query';
import { ID, ownOrder } from './common';

const BASE = '/api/client/orders/';

function pageUrl(q: z.output<typeof OrderListQuery>, page: number): string {
  const p = new URLSearchParams();
  if (q.tab) p.set('tab', q.tab);
  for (const [k, v] of Object.entries(orderQueryParams(toOrderQuery(q)))) p.set(k, v);
  p.set('page', String(page));
  p.set('page_size', String(q.page_size));
  return `${BASE}?${p}`;
}

/** The validated query's search, filters and sort (defaults filled in). */
function toOrderQuery(q: z.output<typeof OrderListQuery>): OrderQuery {
  return {
    search: q.search?.trim() ?? '',
    awaiting_payment: q.awaiting_payment ?? false,
    unread: q.unread ?? false,
    ordering: q.ordering ?? DEFAULT_ORDER_SORT,
    ...(q.status !== undefined ? { status: q.status } : {}),
    ...(q.work_type ? { work_type: q.work_type } : {}),
    ...(q.deadline_from ? { deadline_from: q.deadline_from } : {}),
    ...(q.deadline_to ? { deadline_to: q.deadline_to } : {}),
  };
}

function confirmation(
  row: OrderRow,
  first: boolean,
  page: 'success' | 'welcome',
  now: Date,
): OrderConfirmation {
  const S = ORDER_STATUSES;
  const pay =
    row.statusId === S.awaitingPayment.id
      ? `Оплатите заказ: ${row.price - row.paid} ₽ — автор начнёт работу сразу после оплаты.`
      : row.statusId === S.pricing.id
        ? 'Менеджер оценит работу и назначит цену — мы пришлём уведомление.'
        : 'Автор уже работает над заказом.';
  return {
    order: toListItem(row, 0, now),
    is_first_order: first,
    title: page === 'success' && first ? 'Спасибо за первый заказ!' : `Заказ №${row.id} оформлен`,
    next_steps: [
      pay,
      'Вопросы автору и менеджеру задавайте в чате заказа — ответим там же.',
      'Готовую работу вы найдёте во вкладке «Файлы» заказа; доработки в гарантийный срок — бесплатно.',
    ],
  };
}

/**
 * One page of the customer's order list with its counters: the answer of GET /api/client/orders/, also inlined into
 * the dashboard's first HTML (server/spa/first-screen.ts), so the two cannot drift. `guaranteeEnd`: until when the
 * answer stays true (the next guarantee to end changes an order's status as the list reads it).
 */
export async function orderListPage(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: number,
  q: z.output<typeof OrderListQuery>,
): Promise<{ body: OrderList; guaranteeEnd: Date | null }> {
  const query = toOrderQuery(q);
  const now = deps.now();
  const [counters, guaranteeEnd] = await Promise.all([
    orderCounters(deps.db, userId),
    nextGuaranteeEnd(deps.db, userId, now),
  ]);
  const { search, ...filter } = query;
  const { count, results, matches } = await listOrders(
    deps.db,
    userId,
    { tab: q.tab, search, filter, page: q.page, pageSize: q.page_size, now },
    counters,
  );
  const body: OrderList = {
    next: q.page * q.page_size < count ? pageUrl(q, q.page + 1) : null,
    previous:
      q.page > 1 ? pageUrl(q, Math.min(q.page - 1, Math.max(1, Math.ceil(count / q.page_size)))) : null,
    count,
    results,
    counters,
    matches,
  };
  return { body, guaranteeEnd: guaranteeEnd ?? null };
}

export function orderRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const maxDays = ORDER_LIMITS.deadlineMaxDays;
  const own = ownOrder(deps);

  // ---- list and create --------------------------------------------------------------------------------------
  const listCache = new OrderListCache();
  app.get('/', valid('query', OrderListQuery), async (c) => {
    const userId = c.get('userId');
    const version = c.get('ordersVersion');
    const q = c.req.valid('query');
    const query = toOrderQuery(q);
    // Every part of the query is in the key: another search, filter or sort is another answer.
    const key = JSON.stringify([q.tab ?? '', orderQueryParams(query), q.page, q.page_size]);
    const cached = listCache.get(userId, key, version, deps.now().getTime());
    if (cached !== undefined)
      return c.body(cached, 200, { 'content-type': 'application/json; charset=UTF-8' });

    const { body, guaranteeEnd } = await orderListPage(deps, userId, q);
    const json = new TextEncoder().encode(JSON.stringify(body));
    // Until the next guarantee ends: its order's status reads differently from then on.
    listCache.set(userId, key, { version, validUntil: guaranteeEnd?.getTime() ?? Infinity, body: json });
    return c.body(json, 200, { 'content-type': 'application/json; charset=UTF-8' });
  });

  app.post('/', valid('json', withDeadlineRange(CreateOrderRequest, deps.now, maxDays)), async (c) => {
    const { order, isFirstOrder: first } = await createOrder(
      deps,
      c.get('userId'),
      c.req.valid('json'),
      parseOriginCookies(c.req.header('cookie')),
    );
    const body: CreateOrderResponse = {
      order: await orderDetail(deps, deps.db, order),
      is_first_order: first,
    };
    return c.json(body, 201);
  });

  // ---- pricing ------------------------------------------------------------------------------------------------
  app.post(
    '/calculate-cost/',
    valid('json', withDeadlineRange(CalculateCostRequest, deps.now, maxDays)),
    async (c) => {
      const input = c.req.valid('json');
      const { cost, breakdown } = calculateCost(
        {
          workType: input.work_type,
          pages: input.pages,
          deadline: input.deadline,
          originality: input.originality ?? 60,
        },
        deps.now(),
      );
      return c.json({ cost, currency: 'RUB', breakdown } satisfies CalculateCostResponse);
    },
  );

  app.post('/calculate-discount/', valid('json', CalculateDiscountRequest), async (c) => {
    const input = c.req.valid('json');
    const { terms, refusal } = await quotePromo(deps.db, input.promo_code, deps.now());
    return c.json(
      calculateDiscount({ cost: input.cost, promo: terms, promoRefusal: refusal, useBonus: input.use_bonus }),
    );
  });

  // ---- confirmation pages -------------------------------------------------------------------------------------
  for (const page of ['success', 'welcome'] as const) {
    app.get(`/${page}/`, valid('query', ConfirmationQuery), async (c) => {
      const userId = c.get('userId');
      const { order_id } = c.req.valid('query');
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
      return c.json(confirmation(row, await isFirstOrder(deps.db, row), page, deps.now()));
    });
  }

  // ---- one order ----------------------------------------------------------------------------------------------
  app.get(`/:id${ID}/`, valid('param', OrderParams), async (c) => {
    return c.json(await readOrderDetail(deps, c.get('userId'), c.req.valid('param').id));
  });

  app.patch(
    `/:id${ID}/`,
    valid('param', OrderParams),
    own,
    valid('json', withDeadlineRange(EditOrderRequest, deps.now, maxDays)),
    async (c) =>
      c.json(await orderDetail(deps, deps.db, await editOrder(deps, c.get('order'), c.req.valid('json')))),
  );

  const trash = async (order: OrderRow, isTrash: boolean): Promise<TrashResponse> => {
    const row = await setTrash(deps, order, isTrash);
    return {
      id: row.id,
      is_trash: row.isTrash,
      status: toListItem(row, 0, deps.now()).status,
      counters: await orderCounters(deps.db, row.userId),
    };
  };
  app.delete(`/:id${ID}/`, valid('param', OrderParams), own, async (c) =>
    c.json(await trash(c.get('order'), true)),
  );
  app.patch(`/:id${ID}/restore/`, valid('param', OrderParams), own, async (c) =>
    c.json(await trash(c.get('order'), false)),
  );

  app.patch(
    `/:id${ID}/not-editable-order/`,
    valid('param', OrderParams),
    own,
    valid('json', FilesWithoutQcRequest),
    async (c) => {
      const { files_without_qc } = c.req.valid('json');
      return c.json(
        await orderDetail(deps, deps.db, await setFilesWithoutQc(deps, c.get('order'), files_without_qc)),
      );
    },
  );

  return app;
}
