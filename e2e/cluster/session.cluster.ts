// A sign-in session belongs to the database, not to an instance: it refreshes anywhere, and a sign-out anywhere ends
// it everywhere, sockets included.
import type { Page } from '@playwright/test';
import { expect, signInFast, test, type Customer } from '../support/fixtures';
import { A, B, other, refreshCookie, signIn, socketOpenedOn, socketsAccepted, trackSocket } from './support';

const refreshAt = (base: string, refresh: string) =>
  fetch(`${base}/api/client/auth/token/refresh/`, {
    method: 'POST',
    headers: { cookie: `cabinet_refresh=${refresh}` },
  });
const profileAt = (base: string, access: string) =>
  fetch(`${base}/api/client/profile/`, { headers: { authorization: `Bearer ${access}` } });

/** Signs the page in on /home and waits for its socket: the instance holding it, the other one, the refresh cookie. */
async function signedInWithSocket(page: Page, customer: Customer) {
  const socket = trackSocket(page);
  const before = socketsAccepted();
  await signInFast(page, customer, '/home');
  await expect(page.getByRole('heading', { level: 1, name: /^Здравствуйте/ })).toBeVisible();
  await socket.waitForHellos(1);
  const holder = await socketOpenedOn(before);
  const refresh = (await page.context().cookies()).find((c) => c.name === 'cabinet_refresh')?.value;
  expect(refresh, 'the page’s refresh cookie').toBeTruthy();
  return { socket, holder, elsewhere: other(holder), refresh: refresh! };
}

test('a session signed in on A refreshes on B, and back on A', async ({ customer }) => {
  const first = await signIn(A.url, customer);

  const onB = await refreshAt(B.url, first.refresh);
  expect(onB.status, 'refresh on B').toBe(200);
  const second = { access: ((await onB.json()) as { access: string }).access, refresh: refreshCookie(onB) };
  expect(second.refresh).not.toBe(first.refresh);
  expect((await profileAt(A.url, second.access)).status, 'B’s access token on A').toBe(200);

  const onA = await refreshAt(A.url, second.refresh);
  expect(onA.status, 'the rotated cookie refreshes on A').toBe(200);
  const third = ((await onA.json()) as { access: string }).access;
  expect((await profileAt(B.url, third)).status, 'A’s access token on B').toBe(200);
});

test('a sign-out on A ends the session on B at once: its access token and its refresh cookie are refused', async ({
  customer,
}) => {
  const session = await signIn(B.url, customer);
  expect((await profileAt(B.url, session.access)).status, 'the session works on B').toBe(200);
  const out = await fetch(`${A.url}/api/client/auth/logout/`, {
    method: 'POST',
    headers: { cookie: `cabinet_refresh=${session.refresh}`, authorization: `Bearer ${session.access}` },
  });
  expect(out.status, 'sign-out on A').toBe(200);
  // B remembers verified tokens, but asks the database whether their session still stands on every call.
  expect((await profileAt(B.url, session.access)).status, 'the access token on B').toBe(401);
  expect((await refreshAt(B.url, session.refresh)).status, 'the refresh cookie on B').toBe(401);
});

test('a sign-out on one instance ends the session on the other: the socket closes, the tab goes to /login', async ({
  page,
  customer,
}) => {
  const { socket, holder, elsewhere, refresh } = await signedInWithSocket(page, customer);

  const out = await fetch(`${elsewhere.url}/api/client/auth/logout/`, {
    method: 'POST',
    headers: { cookie: `cabinet_refresh=${refresh}` },
  });
  expect(out.status, `sign-out on ${elsewhere.name}`).toBe(200);

  // The instance holding the socket was told through the database: it closed the socket, the tab signed out.
  await expect.poll(() => socket.closes(), { message: `the socket on ${holder.name} closed` }).toBe(1);
  await expect(page).toHaveURL(/\/login(\?|$)/);
  expect((await refreshAt(holder.url, refresh)).status, `the ended session refreshed on ${holder.name}`).toBe(
    401,
  );
  // It stays signed out: no new socket was opened.
  expect(socket.hellos()).toBe(1);
});

test('a session ended from another device on the instance without its socket: the tab goes to /login saying so', async ({
  page,
  customer,
}) => {
  const { socket, holder, elsewhere, refresh } = await signedInWithSocket(page, customer);

  // Another device of the customer, signed in on the other instance, ends every other session there.
  const device = await signIn(elsewhere.url, customer);
  const ended = await fetch(`${elsewhere.url}/api/client/auth/sessions/end-others/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${device.access}` },
  });
  expect(ended.status, `end-others on ${elsewhere.name}`).toBe(200);
  expect(await ended.json()).toMatchObject({ ended: 1 });

  await expect.poll(() => socket.closes(), { message: `the socket on ${holder.name} closed` }).toBe(1);
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByRole('dialog')).toContainText('Сеанс завершён с другого устройства. Войдите снова.');
  const refused = await refreshAt(holder.url, refresh);
  expect(refused.status, `the ended session refreshed on ${holder.name}`).toBe(401);
  expect(await refused.json()).toEqual({ detail: 'Сеанс завершён с другого устройства. Войдите снова.' });
  expect(socket.hellos()).toBe(1);
});
