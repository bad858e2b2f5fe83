import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { createCustomer, createSignedInCustomer, readOutbox, refreshCookieOf, signIn } from './helpers/auth';

const REGISTER = '/api/client/profile/';
const valid = { email: 'New.Customer@Example.com', password: 'long-enough-1', accept_terms: true };

describe('registration', () => {
  const h = useHarness();

  it('creates the customer, signs in at once and sends a welcome e-mail', async () => {
    const res = await h.request(REGISTER, {
      method: 'POST',
      json: { ...valid, fio: 'Иван Петров', phone: '7 999 111-22-33' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ access: expect.any(String), expires_in: 300 });
    expect(refreshCookieOf(res)).toBeDefined();
    const [welcome] = await readOutbox(h, { recipient: 'new.customer@example.com', kind: 'welcome' });
    expect(welcome?.channel).toBe('email');
    expect(welcome?.body).toContain('Иван Петров');
    // the e-mail was lower-cased, the phone normalised: both sign in
    await signIn(h, 'new.customer@example.com', valid.password);
    await signIn(h, '+79991112233', valid.password);
  });

  it('accepts empty optional fields', async () => {
    const res = await h.request(REGISTER, { method: 'POST', json: { ...valid, fio: '', phone: '' } });
    expect(res.status).toBe(201);
  });

  it('answers field errors in Russian', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...valid, email: 'not-an-email' }, { email: ['Введите правильный адрес электронной почты.'] }],
      [{ ...valid, password: 'short1' }, { password: ['Пароль должен содержать не менее 8 символов.'] }],
      [{ ...valid, password: '1234567890' }, { password: ['Пароль не может состоять только из цифр.'] }],
      [
        { ...valid, phone: '12-ab' },
        { phone: ['Введите номер телефона в международном формате, например +79991234567.'] },
      ],
      [
        { ...valid, accept_terms: false },
        { accept_terms: ['Необходимо принять условия пользовательского соглашения.'] },
      ],
      [{ accept_terms: true }, { email: ['Обязательное поле.'], password: ['Обязательное поле.'] }],
    ];
    for (const [json, errors] of cases) {
      const res = await h.request(REGISTER, { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await res.json()).toEqual(errors);
    }
  });

  it('refuses a taken e-mail or phone', async () => {
    await createCustomer(h, { email: 'taken@example.com', phone: '+79990001122' });
    const byEmail = await h.request(REGISTER, {
      method: 'POST',
      json: { ...valid, email: 'TAKEN@example.com' },
    });
    expect(byEmail.status).toBe(400);
    expect(await byEmail.json()).toEqual({ email: ['Пользователь с таким e-mail уже зарегистрирован.'] });
    const byPhone = await h.request(REGISTER, { method: 'POST', json: { ...valid, phone: '79990001122' } });
    expect(byPhone.status).toBe(400);
    expect(await byPhone.json()).toEqual({
      phone: ['Пользователь с таким номером телефона уже зарегистрирован.'],
    });
  });

  it('bad bodies are 400', async () => {
    for (const body of ['{', '[]', 'null', '"x"']) {
      const res = await h.request(REGISTER, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, body).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(/[а-яА-Я]/);
    }
  });
});

describe('password restore', () => {
  const h = useHarness();
  const RESTORE = '/api/client/auth/password_change/';

  it('goes end to end through the outbox and signs out every other session', async () => {
    const c = await createSignedInCustomer(h, { email: 'forgetful@example.com' });
    const res = await h.request(RESTORE, { method: 'POST', json: { email: 'Forgetful@example.com' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      detail: 'Если такой адрес зарегистрирован, мы отправили на него ссылку.',
    });

    const [mail] = await readOutbox(h, { recipient: c.email, kind: 'password_reset' });
    const link = String(mail?.payload.link);
    expect(mail?.body).toContain(link);
    const match = /^http:\/\/localhost:3000\/change-password\/([A-Za-z0-9_-]+)\/$/.exec(link);
    expect(match).not.toBeNull();
    const path = `${RESTORE}${match![1]}/`;

    expect((await h.request(path)).status).toBe(200);
    expect(await (await h.request(path)).json()).toEqual({ valid: true, expires_at: expect.any(String) });

    const mismatch = await h.request(path, {
      method: 'PATCH',
      json: { password: 'brand-new-pass', password_confirm: 'other-pass-1' },
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({ password_confirm: ['Пароли не совпадают.'] });
    const weak = await h.request(path, {
      method: 'PATCH',
      json: { password: '123', password_confirm: '123' },
    });
    expect(weak.status).toBe(400);

    const set = await h.request(path, {
      method: 'PATCH',
      json: { password: 'brand-new-pass', password_confirm: 'brand-new-pass' },
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ access: expect.any(String), expires_in: 300 });
    expect(refreshCookieOf(set)).toBeDefined();

    // the link is spent
    const again = await h.request(path, {
      method: 'PATCH',
      json: { password: 'another-pass-2', password_confirm: 'another-pass-2' },
    });
    expect(again.status).toBe(404);
    expect((await again.json()).detail).toMatch(/недействительна или устарела/);
    expect((await h.request(path)).status).toBe(404);

    // old password no longer works, the new one does; the old session is gone
    const old = await h.request('/api/client/auth/login/', {
      method: 'POST',
      json: { login: c.email, password: c.password },
    });
    expect(old.status).toBe(400);
    await signIn(h, c.email, 'brand-new-pass');
    const oldRefresh = await h.request('/api/client/auth/token/refresh/', {
      method: 'POST',
      headers: { cookie: c.refreshCookie },
    });
    expect(oldRefresh.status).toBe(401);
  });

  it('answers the same for an unknown address and sends nothing (no enumeration)', async () => {
    const res = await h.request(RESTORE, { method: 'POST', json: { email: 'stranger@example.com' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      detail: 'Если такой адрес зарегистрирован, мы отправили на него ссылку.',
    });
    expect(await readOutbox(h, { recipient: 'stranger@example.com' })).toEqual([]);
  });

  it('a restore link dies after 1 hour', async () => {
    const c = await createCustomer(h);
    await h.request(RESTORE, { method: 'POST', json: { email: c.email } });
    const [mail] = await readOutbox(h, { recipient: c.email, kind: 'password_reset' });
    h.clock.advance(3600_000 + 1);
    const path = `${RESTORE}${String(mail?.payload.token)}/`;
    expect((await h.request(path)).status).toBe(404);
    const res = await h.request(path, {
      method: 'PATCH',
      json: { password: 'brand-new-pass', password_confirm: 'brand-new-pass' },
    });
    expect(res.status).toBe(404);
  });

  it('validates input and limits the number of mails', async () => {
    const bad = await h.request(RESTORE, { method: 'POST', json: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ email: ['Введите правильный адрес электронной почты.'] });
    expect((await h.request(`${RESTORE}unknown/`)).status).toBe(404);
    for (let i = 0; i < 5; i++)
      expect((await h.request(RESTORE, { method: 'POST', json: { email: 'x@example.com' } })).status).toBe(
        200,
      );
    const limited = await h.request(RESTORE, { method: 'POST', json: { email: 'x@example.com' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('auto-login (al) and the staff API', () => {
  const h = useHarness();
  const AL = '/api/client/auth/al/';

  async function issue(email: string) {
    const res = await h.request('/api/staff/auto-login/', {
      method: 'POST',
      json: { email },
      token: h.deps.config.staffToken,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { token: string; link: string };
  }

  it('an al token signs in once', async () => {
    const c = await createCustomer(h);
    const { token, link } = await issue(c.email);
    expect(link).toBe(`http://localhost:3000/home?al=${token}`);
    const res = await h.request(AL, { method: 'POST', json: { token } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ access: expect.any(String), expires_in: 300 });
    expect(refreshCookieOf(res)).toBeDefined();
    const again = await h.request(AL, { method: 'POST', json: { token } });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ detail: 'Ссылка для входа недействительна или устарела.' });
  });

  it('an al token lives 15 minutes', async () => {
    const c = await createCustomer(h);
    const { token } = await issue(c.email);
    h.clock.advance(15 * 60_000 + 1);
    expect((await h.request(AL, { method: 'POST', json: { token } })).status).toBe(400);
  });

  it('refuses bad al bodies and unknown tokens', async () => {
    expect((await h.request(AL, { method: 'POST', json: {} })).status).toBe(400);
    expect((await h.request(AL, { method: 'POST', json: { token: 'nope' } })).status).toBe(400);
  });

  it('the staff API needs the staff token', async () => {
    const c = await createSignedInCustomer(h);
    expect((await h.request('/api/staff/outbox/')).status).toBe(401);
    expect((await h.request('/api/staff/outbox/', { token: c.access })).status).toBe(401);
    const res = await h.request('/api/staff/auto-login/', { method: 'POST', json: { email: c.email } });
    expect(res.status).toBe(401);
    const unknown = await h.request('/api/staff/auto-login/', {
      method: 'POST',
      json: { email: 'nobody@example.com' },
      token: h.deps.config.staffToken,
    });
    expect(unknown.status).toBe(404);
  });

  it('lists the outbox newest first, filtered and limited', async () => {
    const a = await createCustomer(h);
    const b = await createCustomer(h);
    for (const email of [a.email, b.email, a.email])
      await h.request('/api/client/auth/password_change/', { method: 'POST', json: { email } });
    const staff = { token: h.deps.config.staffToken };
    const all = await (await h.request('/api/staff/outbox/', staff)).json();
    expect(all.results).toHaveLength(3);
    expect(all.results[0].id).toBeGreaterThan(all.results[1].id);
    const forA = await (
      await h.request(`/api/staff/outbox/?recipient=${a.email}&kind=password_reset`, staff)
    ).json();
    expect(forA.results.map((m: { recipient: string }) => m.recipient)).toEqual([a.email, a.email]);
    const one = await (await h.request('/api/staff/outbox/?limit=1', staff)).json();
    expect(one.results).toHaveLength(1);
    expect((await h.request('/api/staff/outbox/?limit=abc', staff)).status).toBe(400);
    expect((await h.request('/api/staff/outbox/?limit=1000', staff)).status).toBe(400);
  });
});
