import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { and, eq } from 'drizzle-orm';
import type { AppEnv, Deps } from '../env';
import { payments } from '../db/tables';
import { badRequest, notFound } from '../domain/errors';
import { settlePayment } from '../domain/payments';
import { valid } from '../validate';
import { settleFromYooKassa, returnSignatureValid } from '../delivery/yookassa-provider';
import { yookassaClient } from '../delivery/yookassa';
import { YooKassaNotification, YooKassaReturnParams, YooKassaReturnQuery } from '../../contract/payments.api';

/**
 * YooKassa's two ways back to us (mounted under /api/client/payments/yookassa; 404 unless it is the acquirer):
 * its webhook, and the page it sends the customer back to.
 */
export function yookassaRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const settings = deps.config.delivery.payments;
  if (settings.driver !== 'yookassa') {
    app.post('/webhook/', () => {
      throw notFound();
    });
    app.get('/return/:id/', () => {
      throw notFound();
    });
    return app;
  }
  const client = yookassaClient(settings, { timeoutMs: 10_000 });
  const settle = (id: string, outcome: 'success' | 'fail') => settlePayment(deps, id, outcome);

  // The notification only names a payment; what happened to it is read back from the API. A read that fails answers
  // 500, so YooKassa repeats the notification later; everything else answers 200, a payment not ours included.
  app.post(
    '/webhook/',
    bodyLimit({ maxSize: 64 * 1024, onError: () => badRequest('Слишком большое уведомление.') as never }),
    valid('json', YooKassaNotification),
    async (c) => {
      const note = c.req.valid('json');
      if (note.event.startsWith('payment.')) await settleFromYooKassa(deps, client, note.object.id, settle);
      return c.json({});
    },
  );

  // A GET never writes: the outcome shown is what we have settled, or else what the API says now.
  app.get(
    '/return/:id/',
    valid('param', YooKassaReturnParams),
    valid('query', YooKassaReturnQuery),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!returnSignatureValid(deps, id, c.req.valid('query').sig)) throw notFound('Платёж не найден.');
      const [row] = await deps.db
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.provider, 'yookassa')));
      if (!row) throw notFound('Платёж не найден.');
      let paid = row.status === 'paid';
      if (row.status === 'pending') {
        const remote = await client.getPayment(row.providerPaymentId).catch(() => undefined);
        paid = remote?.status === 'succeeded' || remote?.status === 'waiting_for_capture';
      }
      c.header('Cache-Control', 'no-store');
      return c.redirect(
        `/payment?status=${paid ? 'success' : 'fail'}&back=${encodeURIComponent(row.back)}`,
        302,
      );
    },
  );
  return app;
}
