import { Hono } from 'hono';
import type { AppEnv, Deps } from '../env';
import { valid } from '../validate';
import { UnsubscribeQuery } from '../../contract/profile.api';
import { NOTIFICATION_KINDS, NOTIFICATION_MESSAGES } from '../../contract/notifications';
import { readUnsubscribeToken, type UnsubscribeTarget } from '../domain/notifications/unsubscribe';
import { switchOff } from '../domain/notifications/settings';
import { requireCustomer } from '../middleware/auth';
import { PushSubscribeRequest, PushSubscriptionParams } from '../../contract/profile.api';
import { parseId } from '../../contract/params';
import { notFound } from '../domain/errors';
import {
  pushSubscriptionViews,
  subscribePush,
  unsubscribePush,
} from '../domain/notifications/push-subscriptions';

const CHANNEL_TITLES = { email: 'письма', sms: 'SMS', push: 'push-уведомления' } as const;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A small page of its own (no SPA): the link is opened from a mail client, often signed out. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;line-height:1.5">
<main>
<h1 style="font-size:22px">${escape(title)}</h1>
${body}
</main>
</body>
</html>`;
}

const what = (t: UnsubscribeTarget) => `${CHANNEL_TITLES[t.channel]} «${NOTIFICATION_KINDS[t.kind].title}»`;

/**
 * /api/client/notifications/unsubscribe/ — the letters' one-click unsubscribe (RFC 8058), signed out. GET shows a
 * page with a button (it writes nothing: link scanners and previews open links); POST turns the kind off.
 */
export function notificationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const dead = page('Ссылка недействительна', `<p>${escape(NOTIFICATION_MESSAGES.linkDead)}</p>`);

  app.get('/notifications/unsubscribe/', valid('query', UnsubscribeQuery), (c) => {
    const { token } = c.req.valid('query');
    const target = readUnsubscribeToken(deps.config.jwtSecret, token);
    if (!target) return c.html(dead, 400);
    return c.html(
      page(
        'Отписаться от уведомлений?',
        `<p>Вы больше не будете получать ${escape(what(target))}. Включить их снова можно в профиле личного кабинета, в разделе «Уведомления».</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding:12px 24px;font-size:16px;border-radius:8px;border:1px solid #1f5fbf;background:#1f5fbf;color:#fff;cursor:pointer">Отписаться</button>
</form>
<p><a href="${escape(deps.config.publicOrigin)}/profile">Открыть настройки уведомлений</a></p>`,
      ),
    );
  });

  app.post('/notifications/unsubscribe/', valid('query', UnsubscribeQuery), async (c) => {
    const { token } = c.req.valid('query');
    const target = readUnsubscribeToken(deps.config.jwtSecret, token);
    if (!target) return c.html(dead, 400);
    await switchOff(deps.db, target.userId, target.kind, target.channel, deps.now());
    return c.html(
      page(
        'Вы отписались',
        `<p>Вы больше не будете получать ${escape(what(target))}.</p>
<p><a href="${escape(deps.config.publicOrigin)}/profile">Настройки уведомлений</a></p>`,
      ),
    );
  });

  // ----- Web Push: the browsers that get the customer's pushes -----
  const auth = requireCustomer(deps);
  const list = async (userId: number) => ({
    public_key: deps.config.push.publicKey,
    results: await pushSubscriptionViews(deps.db, userId),
  });

  app.get('/notifications/push/', auth, async (c) => c.json(await list(c.get('userId'))));

  app.post('/notifications/push/', auth, valid('json', PushSubscribeRequest), async (c) => {
    const body = c.req.valid('json');
    await subscribePush(
      deps.db,
      c.get('userId'),
      { ...body, userAgent: c.req.header('user-agent') ?? '' },
      deps.now(),
    );
    return c.json(await list(c.get('userId')), 201);
  });

  app.delete('/notifications/push/:id/', auth, valid('param', PushSubscriptionParams), async (c) => {
    const id = parseId(c.req.valid('param').id);
    if (id === undefined) throw notFound('Подписка не найдена.');
    await unsubscribePush(deps.db, c.get('userId'), id);
    return c.json(await list(c.get('userId')));
  });

  return app;
}
