// The service worker's side of Web Push (docs/notifications.md "Web Push"): a push that reaches the browser is shown
// as a notification with the letter's title and text, and names the cabinet page it opens. Chromium delivers the push
// itself here (DevTools' ServiceWorker.deliverPushMessage, the Application panel's "Push"), as its vendor's push
// service would: headless Chromium subscribes only there, so the server's side of a push is covered by
// e2e/notifications.spec.ts with a push service on loopback.
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { expect, orderWithChat, signInFast, test } from './support/fixtures';

// The full browser, not the headless shell the other specs run in (scripts/chromium.mjs): the shell keeps no
// notifications, so the worker's showNotification() would leave nothing to read.
test.use({
  serviceWorkers: 'allow',
  launchOptions: { executablePath: findChromium()?.path, args: CHROMIUM_ARGS },
});

test('a push reaching the browser is shown by the service worker, naming the order it opens', async ({
  page,
  request,
  customer,
}) => {
  const orderId = await orderWithChat(request, customer);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await page.context().grantPermissions(['notifications'], { origin });
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
    for (const r of list) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');

  await signInFast(page, customer, '/home');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();

  const payload = {
    title: 'Работа готова',
    body: 'Автор загрузил работу по заказу',
    url: `/order/${orderId}/files`,
    tag: `work_ready:${orderId}`,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registrations.get(`${origin}/`)!,
    data: JSON.stringify(payload),
  });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url?: string } | null)?.url,
      })),
    );
  await expect.poll(shown).toEqual([payload]);

  // A push of a payload that is not JSON still shows: the cabinet's name, the text as sent.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registrations.get(`${origin}/`)!,
    data: 'Новое сообщение',
  });
  await expect
    .poll(async () => (await shown()).find((n) => n.body === 'Новое сообщение'))
    .toEqual({ title: 'Личный кабинет', body: 'Новое сообщение', tag: '', url: undefined });
});
