import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../env';
import { conflict, notFound } from '../errors';
import { jsonBody, queryParams } from '../validate';
import { requireStaff } from '../middleware/staff';
import { emailSchema, findUserByLogin, issueAutoLogin } from '../domain/auth';
import { listOutbox } from '../domain/outbox';
import type { OutboxMessageDto, StaffAutoLoginResponse } from '../../contract/auth';
import { seedCustomer } from '../db/seed';

const outboxQuery = z.object({
  recipient: z.string().max(254).optional(),
  kind: z.string().trim().max(64).optional(),
  limit: z.coerce
    .number({ error: 'limit — целое число от 1 до 200.' })
    .int('limit — целое число от 1 до 200.')
    .min(1, 'limit — целое число от 1 до 200.')
    .max(200, 'limit — целое число от 1 до 200.')
    .default(50),
});

/** Staff API of the auth domain: auto-login links and the outbox of e-mails and SMS (the sandbox sender). */
export function staffRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const staff = requireStaff(deps);

  app.post('/auto-login/', staff, async (c) => {
    const { email } = await jsonBody(
      c,
      z.object({ email: emailSchema }, { error: 'Ожидается JSON-объект.' }),
    );
    const user = await findUserByLogin(deps, { kind: 'email', value: email });
    if (!user) throw notFound('Пользователь не найден.');
    return c.json((await issueAutoLogin(deps, user.id)) satisfies StaffAutoLoginResponse);
  });

  // A fresh customer with the whole demo data set (orders in every tab, chat, files, money): e2e tests and demos.
  app.post('/demo-customer/', staff, async (c) => {
    const body = await jsonBody(
      c,
      z.object({ email: emailSchema.optional() }, { error: 'Ожидается JSON-объект.' }),
    );
    if (body.email && (await findUserByLogin(deps, { kind: 'email', value: body.email })))
      throw conflict('Пользователь с таким e-mail уже есть.');
    return c.json(await seedCustomer(deps, body.email ? { email: body.email } : {}), 201);
  });

  app.get('/outbox/', staff, async (c) => {
    const q = queryParams(c, outboxQuery);
    // E-mails are stored lower-cased, phones as +digits (an unencoded + in a query string arrives as a space).
    const raw = q.recipient?.replace(/^ (?=\d+$)/, '+').trim();
    const recipient = raw?.includes('@') ? raw.toLowerCase() : raw;
    const rows = await listOutbox(deps, {
      recipient: recipient || undefined,
      kind: q.kind || undefined,
      limit: q.limit,
    });
    const results: OutboxMessageDto[] = rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      kind: r.kind,
      payload: r.payload,
      created_at: r.createdAt.toISOString(),
    }));
    return c.json({ results });
  });

  return app;
}
