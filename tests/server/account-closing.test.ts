// Closing the account: the warnings first (balance, orders in progress), then closed at once with every session
// ended; sign-in refused with the erasure date; "Отменить закрытие" with the password within 14 days; after them
// the job erases or anonymises the personal data and keeps the ledger balanced.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useHarness } from './harness';
import { tempDataDir } from './helpers/orders';
import { createSignedInCustomer, signIn } from './helpers/auth';
import { totpAt } from '../../server/domain/totp';
import { seedCustomer, DEMO_PASSWORD } from '../../server/db/seed';
import { createJobRunner } from '../../server/jobs/runner';
import { registerJobs } from '../../server/jobs/tasks';
import { ledgerSums, getFinances } from '../../server/domain/ledger';
import {
  accounts,
  ledgerEntries,
  orderFiles,
  orders,
  payments,
  profiles,
  users,
} from '../../server/db/tables';
import type { ClosingCheck } from '../../contract/account.api';
import { SESSION_CLOSE } from '../../contract/realtime';
import { RealtimeEvent } from '../../contract/realtime.api';
import { verifyAccessToken } from '../../server/domain/tokens';

const DAY = 86_400_000;
const CLOSE = '/api/client/profile/close/';
const REOPEN = '/api/client/auth/reopen/';
const LOGIN = '/api/client/auth/login/';

describe('closing the account', () => {
  const h = useHarness({ dataDir: tempDataDir() });
  const runner = () => {
    const jobs = createJobRunner({ db: h.deps.db, now: h.deps.now });
    registerJobs(jobs, h.deps);
    return jobs;
  };
  const detail = async (res: Response) => ((await res.json()) as { detail: string }).detail;
  /** A socket of the session the access token names, attached to the hub as the WebSocket route does. */
  const socketOf = async (access: string) => {
    const claims = (await verifyAccessToken(h.deps, access))!;
    const socket = { messages: [] as unknown[], closed: null as number | null };
    h.deps.realtime.attach(claims.userId, claims.sessionId, {
      send: (data) => socket.messages.push(JSON.parse(data)),
      close: (code) => {
        socket.closed = code ?? 1005;
      },
    });
    return socket;
  };

  it('warns about the balance and the orders in progress, then closes at once and refuses sign-in', async () => {
    const c = await seedCustomer(h.deps);
    const { access } = await signIn(h, c.email, DEMO_PASSWORD);
    const other = await signIn(h, c.email, DEMO_PASSWORD);
    const check = (await (
      await h.request('/api/client/profile/closing/', { token: access })
    ).json()) as ClosingCheck;
    expect(check.money + check.bonus).toBeGreaterThan(0);
    expect(check.orders_in_progress.map((o) => o.status)).toContain('В работе');

    const wrong = await h.request(CLOSE, { method: 'POST', token: access, json: { password: 'nope-nope' } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ password: ['Неверный пароль.'] });
    const balance = await h.request(CLOSE, {
      method: 'POST',
      token: access,
      json: { password: DEMO_PASSWORD },
    });
    expect(await balance.json()).toEqual({
      forfeit_balance: ['На балансе остались деньги. Выведите их или подтвердите, что отказываетесь от них.'],
    });
    const busy = await h.request(CLOSE, {
      method: 'POST',
      token: access,
      json: { password: DEMO_PASSWORD, forfeit_balance: true },
    });
    expect(await busy.json()).toEqual({
      orders_acknowledged: ['У вас есть заказы в работе. Подтвердите, что всё равно закрываете аккаунт.'],
    });
    expect((await h.request('/api/client/profile/', { token: access })).status).toBe(200); // nothing closed yet
    const here = await socketOf(access);
    const there = await socketOf(other.access);
    expect([here.closed, there.closed]).toEqual([null, null]);

    const closed = await h.request(CLOSE, {
      method: 'POST',
      token: access,
      json: { password: DEMO_PASSWORD, forfeit_balance: true, orders_acknowledged: true, code: '123456' },
    });
    expect(closed.status).toBe(200);
    const { erase_at } = (await closed.json()) as { erase_at: string };
    expect(new Date(erase_at).getTime()).toBe(h.clock.now.getTime() + 14 * DAY);
    // Every session ended at once: this one and the other device's.
    expect((await h.request('/api/client/profile/', { token: access })).status).toBe(401);
    expect((await h.request('/api/client/profile/', { token: other.access })).status).toBe(401);
    // Every tab, this browser's and the other device's, hears that the account was closed and when it goes.
    for (const socket of [here, there]) {
      await expect.poll(() => socket.closed).toBe(SESSION_CLOSE.accountClosed);
      expect(socket.messages).toEqual([{ type: 'session.ended', reason: 'accountClosed', erase_at }]);
      expect(RealtimeEvent.safeParse(socket.messages[0]).success).toBe(true);
    }
    const refused = await h.request(LOGIN, {
      method: 'POST',
      json: { login: c.email, password: DEMO_PASSWORD },
    });
    expect(refused.status).toBe(400);
    expect(await detail(refused)).toMatch(
      /^Аккаунт закрыт\. Его данные будут удалены \d+ \S+ \d{4}, \d\d:\d\d\. До этого закрытие можно отменить: нажмите «Отменить закрытие» и введите пароль\.$/,
    );
    // A wrong password is still only a wrong password: the refusal tells nothing to a stranger.
    const stranger = await h.request(LOGIN, {
      method: 'POST',
      json: { login: c.email, password: 'guess-guess' },
    });
    expect(await detail(stranger)).not.toMatch(/закрыт/);
  });

  it('asks for a code from the app when two-factor sign-in is on, to close and to cancel the closing', async () => {
    const c = await createSignedInCustomer(h);
    const TF = '/api/client/profile/two-factor/';
    const setup = await h.request(`${TF}setup/`, { method: 'POST', token: c.access });
    const { secret } = (await setup.json()) as { secret: string };
    const on = await h.request(`${TF}enable/`, {
      method: 'POST',
      token: c.access,
      json: { code: totpAt(secret, h.clock.now) },
    });
    expect(on.status).toBe(200);
    const check = (await (
      await h.request('/api/client/profile/closing/', { token: c.access })
    ).json()) as ClosingCheck;
    expect(check.two_factor).toBe(true);

    const close = (code?: string) =>
      h.request(CLOSE, {
        method: 'POST',
        token: c.access,
        json: {
          password: c.password,
          forfeit_balance: true,
          orders_acknowledged: true,
          ...(code ? { code } : {}),
        },
      });
    const none = await close();
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({
      code: ['Введите код из приложения-аутентификатора или один из кодов восстановления.'],
    });
    const wrong = await close('000000' === totpAt(secret, h.clock.now) ? '111111' : '000000');
    expect(await wrong.json()).toEqual({ code: ['Неверный код.'] });
    h.clock.advance(30_000); // the code that enabled it was used: the next one
    expect((await close(totpAt(secret, h.clock.now))).status).toBe(200);

    const reopen = (code?: string) =>
      h.request(REOPEN, {
        method: 'POST',
        json: { login: c.email, password: c.password, ...(code ? { code } : {}) },
      });
    expect((await reopen()).status).toBe(400);
    h.clock.advance(30_000);
    expect((await reopen(totpAt(secret, h.clock.now))).status).toBe(200);
  });

  it('can be cancelled with the password within 14 days; the erasure then does nothing', async () => {
    const c = await seedCustomer(h.deps);
    const { access } = await signIn(h, c.email, DEMO_PASSWORD);
    await h.request(CLOSE, {
      method: 'POST',
      token: access,
      json: { password: DEMO_PASSWORD, forfeit_balance: true, orders_acknowledged: true },
    });
    h.clock.advance(13 * DAY);
    // An empty password is the form's mistake, told at its field, not a wrong password.
    const empty = await h.request(REOPEN, { method: 'POST', json: { login: c.email, password: '' } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ password: ['Обязательное поле.'] });
    const bad = await h.request(REOPEN, {
      method: 'POST',
      json: { login: c.email, password: 'wrong-wrong' },
    });
    expect(bad.status).toBe(400);
    const ok = await h.request(REOPEN, { method: 'POST', json: { login: c.email, password: DEMO_PASSWORD } });
    expect(ok.status).toBe(200);
    expect(await detail(ok)).toBe('Закрытие отменено, аккаунт снова открыт. Войдите.');
    expect((await signIn(h, c.email, DEMO_PASSWORD)).access).toBeTruthy();
    h.clock.advance(2 * DAY);
    await runner().runDue();
    const [user] = await h.deps.db.select().from(users).where(eq(users.id, c.id));
    expect(user!.email).toBe(c.email);
    const again = await h.request(REOPEN, {
      method: 'POST',
      json: { login: c.email, password: DEMO_PASSWORD },
    });
    expect(await detail(again)).toBe('Этот аккаунт не закрыт: просто войдите.');
  });

  it('after 14 days erases the personal data, keeps the accounting rows and the ledger balanced', async () => {
    const c = await seedCustomer(h.deps);
    const { access } = await signIn(h, c.email, DEMO_PASSWORD);
    const before = await getFinances(h.deps.db, c.id);
    const paymentsBefore = await h.deps.db.select().from(payments).where(eq(payments.userId, c.id));
    const ledgerBefore = await h.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, c.id))
      .orderBy(ledgerEntries.id);
    const ordersBefore = await h.deps.db.select().from(orders).where(eq(orders.userId, c.id));
    const storedFiles = await h.deps.db.select().from(orderFiles).where(eq(orderFiles.userId, c.id));
    expect(storedFiles.length).toBeGreaterThan(0);
    await h.request(CLOSE, {
      method: 'POST',
      token: access,
      json: { password: DEMO_PASSWORD, forfeit_balance: true, orders_acknowledged: true },
    });
    const jobs = runner();
    h.clock.advance(14 * DAY - 60_000);
    await jobs.runDue();
    expect((await h.deps.db.select().from(users).where(eq(users.id, c.id)))[0]!.email).toBe(c.email);

    h.clock.advance(60_000);
    const pass = await jobs.runDue();
    expect(pass.jobs).toContainEqual(expect.objectContaining({ name: 'account.erase', outcome: 'done' }));
    const [user] = await h.deps.db.select().from(users).where(eq(users.id, c.id));
    expect(user).toMatchObject({ email: `erased-${c.id}@erased.invalid`, phone: null, fio: '' });
    expect(await h.deps.db.select().from(profiles).where(eq(profiles.userId, c.id))).toEqual([]);
    expect(await h.deps.db.select().from(orderFiles).where(eq(orderFiles.userId, c.id))).toEqual([]);
    for (const f of storedFiles) expect(await h.deps.storage.exists(`files/${f.storageName}`)).toBe(false);
    const chat = await h.deps.db.execute(
      sql`select count(*)::int as n from chat_messages m join orders o on o.id = m.order_id where o.user_id = ${c.id}`,
    );
    expect((chat as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // Kept for accounting: every order (price, paid, dates) without its text, every payment and ledger row.
    const ordersAfter = await h.deps.db.select().from(orders).where(eq(orders.userId, c.id));
    expect(ordersAfter.map((o) => [o.id, o.price, o.paid]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      ordersBefore.map((o) => [o.id, o.price, o.paid]).sort((a, b) => a[0]! - b[0]!),
    );
    expect(ordersAfter.every((o) => o.topic === '' && o.requirements === '')).toBe(true);
    expect(await h.deps.db.select().from(payments).where(eq(payments.userId, c.id))).toHaveLength(
      paymentsBefore.length,
    );
    const ledgerAfter = await h.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, c.id))
      .orderBy(ledgerEntries.id);
    expect(ledgerAfter.slice(0, ledgerBefore.length)).toEqual(ledgerBefore);
    const forfeits = ledgerAfter.slice(ledgerBefore.length);
    expect(forfeits.every((l) => l.kind === 'forfeit')).toBe(true);
    expect(forfeits.reduce((s, l) => s + l.amount, 0)).toBe(-(before.money + before.bonus));
    // The ledger stays equal to the balances, now zero.
    const [balances] = await h.deps.db.select().from(accounts).where(eq(accounts.userId, c.id));
    expect(balances).toMatchObject({ money: 0, bonus: 0 });
    expect(await ledgerSums(h.deps.db, c.id)).toEqual({ money: 0, bonus: 0 });
    // The old login leads nowhere now; a second run of the job changes nothing.
    const login = await h.request(LOGIN, {
      method: 'POST',
      json: { login: c.email, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(400);
    expect(await detail(login)).not.toMatch(/закрыт/);
    const reopen = await h.request(REOPEN, {
      method: 'POST',
      json: { login: c.email, password: DEMO_PASSWORD },
    });
    expect(reopen.status).toBe(400);
  });
});

describe('the e2e hook that runs the erasure ahead of the clock', () => {
  const off = useHarness();
  it('is not there unless the server runs with TEST_HOOKS=1', async () => {
    const res = await off.request('/api/staff/test/erase-due/', {
      method: 'POST',
      token: off.deps.config.staffToken,
      json: { after_ms: 14 * DAY },
    });
    expect(res.status).toBe(404);
  });
});
