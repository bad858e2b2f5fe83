import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { createCustomer, readOutbox, refreshCookieOf } from './helpers/auth';

const LOGIN = '/api/client/auth/login/';
const VERIFY = '/api/client/auth/login/verify/';

describe('sign-in with a password', () => {
  const h = useHarness();

  it('answers an access token and sets the refresh cookie with strict attributes', async () => {
    const c = await createCustomer(h, { email: 'anna@example.com' });
    const res = await h.request(LOGIN, {
      method: 'POST',
      json: { login: 'Anna@Example.com ', password: c.password },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    // The handover beside the tokens: the SPA opens the cabinet without asking for the profile first.
    expect(body).toEqual({
      access: expect.any(String),
      expires_in: 300,
      user: { id: c.id, email: 'anna@example.com', fio: 'Тестовый Клиент' },
      finances: { money: 0, bonus: 0 },
    });
    expect(body.access.split('.')).toHaveLength(3);
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith('cabinet_refresh='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\/api\/client\/auth\//);
    expect(cookie).toMatch(/; Max-Age=2592000/);
    // Its readable hint: the SPA skips the refresh call at start when this is absent.
    const hint = res.headers.getSetCookie().find((s) => s.startsWith('cabinet_signed_in='));
    expect(hint).toMatch(/^cabinet_signed_in=1; /);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/; Path=\/;/);
    expect(hint).toMatch(/; Max-Age=2592000/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('signs in with a phone number in any common format', async () => {
    const c = await createCustomer(h, { phone: '+79991234567' });
    for (const login of ['+79991234567', '79991234567', '+7 (999) 123-45-67']) {
      const res = await h.request(LOGIN, { method: 'POST', json: { login, password: c.password } });
      expect(res.status, login).toBe(200);
    }
  });

  it('refuses a wrong password and an unknown login with the same answer', async () => {
    const c = await createCustomer(h);
    for (const json of [
      { login: c.email, password: 'wrong-password' },
      { login: 'nobody@example.com', password: c.password },
      { login: 'not a login', password: c.password },
    ]) {
      const res = await h.request(LOGIN, { method: 'POST', json });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: 'Неверный логин или пароль.' });
      expect(refreshCookieOf(res)).toBeUndefined();
    }
  });

  it('answers bad input with 4xx and Russian messages, never 500', async () => {
    const cases: [RequestInit & { json?: unknown }, number][] = [
      [{ body: '{not json', headers: { 'content-type': 'application/json' } }, 400],
      [{ json: [] }, 400],
      [{ json: null }, 400],
      [{ json: {} }, 400],
      [{ json: { login: 5, password: 'x' } }, 400],
      [{ json: { login: 'a@b.c' } }, 400],
      [{ json: { login: 'a@b.c', password: 'x'.repeat(5000) } }, 400],
      [{ json: { login: 'a@b.c', method: 'magic' } }, 400],
    ];
    for (const [init, status] of cases) {
      const res = await h.request(LOGIN, { method: 'POST', ...init });
      expect(res.status, JSON.stringify(init)).toBe(status);
      expect(JSON.stringify(await res.json())).toMatch(/[а-яА-Я]/);
    }
    const res = await h.request(LOGIN, { method: 'POST', json: {} });
    expect(await res.json()).toEqual({ login: ['Обязательное поле.'] });
  });
});

describe('sign-in with a one-time code', () => {
  const h = useHarness();

  async function requestCode(login: string) {
    const res = await h.request(LOGIN, { method: 'POST', json: { login, method: 'code' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ detail: 'Код отправлен.', verify: true });
  }

  it('sends a code by e-mail for an e-mail login and signs in with it once', async () => {
    const c = await createCustomer(h);
    await requestCode(c.email);
    const [msg] = await readOutbox(h, { recipient: c.email, kind: 'login_code' });
    expect(msg?.channel).toBe('email');
    const code = String(msg?.payload.code);
    expect(code).toMatch(/^\d{6}$/);
    expect(msg?.body).toContain(code);

    const res = await h.request(VERIFY, { method: 'POST', json: { login: c.email, code } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ access: expect.any(String), expires_in: 300 });
    expect(refreshCookieOf(res)).toBeDefined();

    const again = await h.request(VERIFY, { method: 'POST', json: { login: c.email, code } });
    expect(again.status).toBe(400);
    expect((await again.json()).detail).toMatch(/недействителен или устарел/);
  });

  it('sends an SMS for a phone login', async () => {
    await createCustomer(h, { phone: '+79995550011' });
    await requestCode('8 999 555 00 11'.replace(/^8/, '7'));
    const [msg] = await readOutbox(h, { recipient: '+79995550011', kind: 'login_code' });
    expect(msg?.channel).toBe('sms');
    const res = await h.request(VERIFY, {
      method: 'POST',
      json: { login: '+79995550011', code: String(msg?.payload.code) },
    });
    expect(res.status).toBe(200);
  });

  it('answers the same for an unknown login and sends nothing', async () => {
    await requestCode('ghost@example.com');
    expect(await readOutbox(h, { recipient: 'ghost@example.com' })).toEqual([]);
  });

  it('expires a code after 10 minutes', async () => {
    const c = await createCustomer(h);
    await requestCode(c.email);
    const [msg] = await readOutbox(h, { recipient: c.email, kind: 'login_code' });
    h.clock.advance(10 * 60_000 + 1);
    const res = await h.request(VERIFY, {
      method: 'POST',
      json: { login: c.email, code: msg?.payload.code },
    });
    expect(res.status).toBe(400);
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const c = await createCustomer(h);
    await requestCode(c.email);
    const [msg] = await readOutbox(h, { recipient: c.email, kind: 'login_code' });
    const code = String(msg?.payload.code);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await h.request(VERIFY, { method: 'POST', json: { login: c.email, code: wrong } });
      expect(res.status).toBe(400);
      const { detail } = await res.json();
      expect(detail).toBe(i < 5 ? 'Неверный код.' : 'Слишком много неверных попыток. Запросите новый код.');
    }
    const res = await h.request(VERIFY, { method: 'POST', json: { login: c.email, code } });
    expect(res.status).toBe(400);

    // a new code works again
    await requestCode(c.email);
    const [fresh] = await readOutbox(h, { recipient: c.email, kind: 'login_code' });
    const ok = await h.request(VERIFY, {
      method: 'POST',
      json: { login: c.email, code: fresh?.payload.code },
    });
    expect(ok.status).toBe(200);
  });

  it('a new code replaces the previous one', async () => {
    const c = await createCustomer(h);
    await requestCode(c.email);
    const [first] = await readOutbox(h, { recipient: c.email, kind: 'login_code' });
    await requestCode(c.email);
    const res = await h.request(VERIFY, {
      method: 'POST',
      json: { login: c.email, code: first?.payload.code },
    });
    // the first code is dead unless the new one happens to be equal
    const [second] = await readOutbox(h, { recipient: c.email, kind: 'login_code' });
    expect(res.status).toBe(first?.payload.code === second?.payload.code ? 200 : 400);
  });

  it('limits how many codes one address gets', async () => {
    const c = await createCustomer(h);
    for (let i = 0; i < 5; i++) await requestCode(c.email);
    const res = await h.request(LOGIN, { method: 'POST', json: { login: c.email, method: 'code' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('validates the verify body', async () => {
    for (const json of [
      {},
      { login: 'a@b.c' },
      { login: 'a@b.c', code: '12ab' },
      { login: 'a@b.c', code: 123456 },
    ]) {
      const res = await h.request(VERIFY, { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const res = await h.request(VERIFY, { method: 'POST', json: { login: 'a@b.c', code: '12ab' } });
    expect(await res.json()).toEqual({ code: ['Код состоит из 6 цифр.'] });
    const bad = await h.request(LOGIN, { method: 'POST', json: { login: 'not-a-login', method: 'code' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ login: ['Введите e-mail или номер телефона.'] });
  });
});
