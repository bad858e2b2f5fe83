import { Hono } from 'hono';
import type { AppEnv, Deps } from '../env';
import { conflict, notFound } from '../domain/errors';
import { valid } from '../validate';
import { inAuditedTx, requireStaff } from '../middleware/staff';
import { findUserByLogin, issueAutoLogin } from '../domain/auth';
import { listOutbox } from '../domain/outbox';
import {
  DemoCustomerRequest,
  OutboxQuery,
  TestClockRequest,
  type TestClock,
  StaffAutoLoginRequest,
  type OutboxMessage,
  type StaffAutoLoginResponse,
} from '../../contract/staff.api';
import { seedCustomer } from '../db/seed';

/** Staff API of the auth domain: auto-login links and the outbox of e-mails and SMS with their delivery state. */
export function staffRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const staff = requireStaff(deps);

  app.post('/auto-login/', staff, valid('json', StaffAutoLoginRequest), async (c) => {
    const { email } = c.req.valid('json');
    const user = await findUserByLogin(deps, { kind: 'email', value: email });
    if (!user) throw notFound('Пользователь не найден.');
    const link = await inAuditedTx(
      c,
      deps,
      (tx) => issueAutoLogin({ ...deps, db: tx }, user.id),
      () => ({ customerId: user.id }),
    );
    return c.json(link satisfies StaffAutoLoginResponse);
  });

  // A fresh customer with the whole demo data set (orders in every tab, chat, files, money): e2e tests only
  // (TEST_HOOKS=1; 404 otherwise). The seed is many writes, files among them, in no one transaction: the door
  // appends its audit row after it.
  app.post('/demo-customer/', staff, valid('json', DemoCustomerRequest), async (c) => {
    if (!deps.config.testHooks) throw notFound();
    const body = c.req.valid('json');
    if (body.email && (await findUserByLogin(deps, { kind: 'email', value: body.email })))
      throw conflict('Пользователь с таким e-mail уже есть.');
    const made = await seedCustomer(deps, { ...(body.email && { email: body.email }), lean: body.lean });
    c.set('audit', { customerId: made.id });
    return c.json(made, 201);
  });

  // The server's clock, set (TEST_HOOKS=1 and a settable clock; 404 otherwise): e2e/notifications.spec.ts runs a
  // server of its own and moves it to a day or a night in Moscow.
  app.post('/test/clock/', staff, valid('json', TestClockRequest), (c) => {
    if (!deps.config.testHooks || !deps.setClock) throw notFound();
    deps.setClock(new Date(c.req.valid('json').now));
    return c.json({ now: deps.now().toISOString() } satisfies TestClock);
  });

  app.get('/outbox/', staff, valid('query', OutboxQuery), async (c) => {
    const q = c.req.valid('query');
    // E-mails are stored lower-cased, phones as +digits (an unencoded + in a query string arrives as a space).
    const raw = q.recipient?.replace(/^ (?=\d+$)/, '+').trim();
    const recipient = raw?.includes('@') ? raw.toLowerCase() : raw;
    const rows = await listOutbox(deps, {
      recipient: recipient || undefined,
      kind: q.kind || undefined,
      status: q.status,
      limit: q.limit,
    });
    const results: OutboxMessage[] = rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      kind: r.kind,
      payload: r.payload,
      created_at: r.createdAt.toISOString(),
      status: r.status,
      attempts: r.attempts,
      next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
      sent_at: r.sentAt?.toISOString() ?? null,
      last_error: r.lastError,
      provider_id: r.providerId,
    }));
    return c.json({ results });
  });

  return app;
}
