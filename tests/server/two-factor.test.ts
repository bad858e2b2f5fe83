import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness, type Harness } from './harness';
import {
  createCustomer,
  createSignedInCustomer,
  readOutbox,
  refreshCookieOf,
  type TestCustomer,
} from './helpers/auth';
import { totpAt } from '../../server/domain/totp';
import { checkSecondFactor } from '../../server/domain/second-factor';
import { issueAutoLogin } from '../../server/domain/auth';
import { auditLog, twoFactor, twoFactorRecoveryCodes } from '../../server/db/tables';
import { TWO_FACTOR_MESSAGES as M } from '../../contract/two-factor';

const LOGIN = '/api/client/auth/login/';
const VERIFY = '/api/client/auth/login/verify/';
const TF = '/api/client/profile/two-factor/';

/** Turns two-factor on for a signed-in customer as the profile does; gives the secret and the recovery codes. */
async function turnOn(h: Harness, access: string) {
  const setup = await h.request(`${TF}setup/`, { method: 'POST', token: access });
  expect(setup.status).toBe(200);
  const { secret, otpauth_url } = (await setup.json()) as { secret: string; otpauth_url: string };
  expect(otpauth_url).toContain(`secret=${secret}`);
  const res = await h.request(`${TF}enable/`, {
    method: 'POST',
    token: access,
    json: { code: totpAt(secret, h.clock.now) },
  });
  expect(res.status).toBe(200);
  const { recovery_codes } = (await res.json()) as { recovery_codes: string[] };
  return { secret, codes: recovery_codes };
}

async function passwordStep(h: Harness, c: TestCustomer, login = c.email) {
  const res = await h.request(LOGIN, { method: 'POST', json: { login, password: c.password } });
  expect(res.status).toBe(200);
  return res;
}

async function ticketOf(h: Harness, c: TestCustomer) {
  const res = await passwordStep(h, c);
  const body = (await res.json()) as { ticket: string; second_factor: string; access?: string };
  expect(body.second_factor).toBe('totp');
  expect(body.access).toBeUndefined();
  expect(refreshCookieOf(res)).toBeUndefined();
  return body.ticket;
}

const verify = (h: Harness, ticket: string, code: string) =>
  h.request(VERIFY, { method: 'POST', json: { ticket, code } });

/** The next 30-second step: a new app code. */
const nextStep = (h: Harness) => h.clock.advance(30_000);

describe('two-factor sign-in (TOTP)', { timeout: 60_000 }, () => {
  const h = useHarness();

  it('turns on with a code from the secret, gives 10 recovery codes kept only as hashes', async () => {
    const c = await createSignedInCustomer(h);
    expect(await (await h.request(TF, { token: c.access })).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    const { secret, codes } = await turnOn(h, c.access);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(new Set(codes).size).toBe(10);
    const stored = await h.deps.db.select().from(twoFactorRecoveryCodes);
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const code of codes) expect(storedText).not.toContain(code.replace(/-/g, ''));
    const status = await (await h.request(TF, { token: c.access })).json();
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // A second setup while on is refused.
    const again = await h.request(`${TF}setup/`, { method: 'POST', token: c.access });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ detail: M.alreadyOn });
  });

  it('refuses a wrong confirming code and a confirmation without setup', async () => {
    const c = await createSignedInCustomer(h);
    const none = await h.request(`${TF}enable/`, {
      method: 'POST',
      token: c.access,
      json: { code: '123456' },
    });
    expect(none.status).toBe(409);
    const setup = (await (await h.request(`${TF}setup/`, { method: 'POST', token: c.access })).json()) as {
      secret: string;
    };
    const right = totpAt(setup.secret, h.clock.now);
    const wrong = right === '000000' ? '000001' : '000000';
    const res = await h.request(`${TF}enable/`, { method: 'POST', token: c.access, json: { code: wrong } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: [M.wrongCode] });
    const bad = await h.request(`${TF}enable/`, { method: 'POST', token: c.access, json: { code: 'abc' } });
    expect(bad.status).toBe(400);
    expect(await (await h.request(TF, { token: c.access })).json()).toMatchObject({ enabled: false });
  });

  it('asks for the code after the password (e-mail or phone), signs in with it, refuses it a second time', async () => {
    const c = await createSignedInCustomer(h, { phone: '+79990001122' });
    const { secret } = await turnOn(h, c.access);
    nextStep(h);
    const ticket = await ticketOf(h, c);
    const code = totpAt(secret, h.clock.now);
    const ok = await verify(h, ticket, code);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ access: expect.any(String), user: { id: c.id } });
    expect(refreshCookieOf(ok)).toBeDefined();
    // The ticket is used up.
    expect((await verify(h, ticket, code)).status).toBe(400);
    // The same code with a new ticket (phone login this time): a replay.
    const byPhone = (await (await passwordStep(h, c, '+7 999 000-11-22')).json()) as { ticket: string };
    const replay = await verify(h, byPhone.ticket, code);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ detail: M.replayed });
    // The next step's code works.
    nextStep(h);
    expect((await verify(h, byPhone.ticket, totpAt(secret, h.clock.now))).status).toBe(200);
  });

  it('accepts one step of clock skew either side, not two', async () => {
    const c = await createSignedInCustomer(h);
    const { secret } = await turnOn(h, c.access);
    h.clock.advance(10 * 30_000);
    const at = (steps: number) => totpAt(secret, new Date(h.clock.now.getTime() + steps * 30_000));
    const ticket = await ticketOf(h, c);
    expect(await (await verify(h, ticket, at(-2))).json()).toEqual({ detail: M.wrongCode });
    expect(await (await verify(h, ticket, at(2))).json()).toEqual({ detail: M.wrongCode });
    expect((await verify(h, ticket, at(-1))).status).toBe(200);
    expect((await verify(h, await ticketOf(h, c), at(1))).status).toBe(200);
    // The step accepted last was +1: the current one is now older, so refused.
    expect(await (await verify(h, await ticketOf(h, c), at(0))).json()).toEqual({ detail: M.replayed });
  });

  it('takes two concurrent uses of one code once only', async () => {
    const c = await createSignedInCustomer(h);
    const { secret } = await turnOn(h, c.access);
    nextStep(h);
    const [t1, t2] = [await ticketOf(h, c), await ticketOf(h, c)];
    const code = totpAt(secret, h.clock.now);
    const statuses = (await Promise.all([verify(h, t1, code), verify(h, t2, code)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 400]);
  });

  it('signs in with a recovery code once; the list can be renewed with the password and a code', async () => {
    const c = await createSignedInCustomer(h);
    const { secret, codes } = await turnOn(h, c.access);
    const [first, second] = codes as [string, string];
    const ok = await verify(h, await ticketOf(h, c), first.toUpperCase().replace(/-/g, ' '));
    expect(ok.status).toBe(200);
    const again = await verify(h, await ticketOf(h, c), first);
    expect(await again.json()).toEqual({ detail: M.wrongCode });
    expect(await (await h.request(TF, { token: c.access })).json()).toMatchObject({ recovery_codes_left: 9 });

    const wrongPassword = await h.request(`${TF}recovery-codes/`, {
      method: 'POST',
      token: c.access,
      json: { password: 'not-the-password', code: second },
    });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.json()).toEqual({ password: [M.wrongPassword] });
    nextStep(h);
    const renewed = await h.request(`${TF}recovery-codes/`, {
      method: 'POST',
      token: c.access,
      json: { password: c.password, code: totpAt(secret, h.clock.now) },
    });
    expect(renewed.status).toBe(200);
    const fresh = ((await renewed.json()) as { recovery_codes: string[] }).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(second);
    // The old unused code died with the old list; a new one works.
    expect(await (await verify(h, await ticketOf(h, c), second)).json()).toEqual({ detail: M.wrongCode });
    expect((await verify(h, await ticketOf(h, c), fresh[0]!)).status).toBe(200);
  });

  it('counts wrong codes toward the sign-in lockout; a ticket dies after 5', async () => {
    const c = await createSignedInCustomer(h);
    const { secret } = await turnOn(h, c.access);
    const right = totpAt(secret, h.clock.now);
    const wrong = right === '111111' ? '222222' : '111111';
    const ticket = await ticketOf(h, c);
    for (let i = 0; i < 4; i++)
      expect(await (await verify(h, ticket, wrong)).json()).toEqual({ detail: M.wrongCode });
    expect(await (await verify(h, ticket, wrong)).json()).toEqual({ detail: M.ticketExhausted });
    expect(await (await verify(h, ticket, right)).json()).toEqual({ detail: M.ticketExhausted });
    // The right password did not forgive the wrong codes: 5 more make 10 from this IP for this login.
    const next = await ticketOf(h, c);
    for (let i = 0; i < 4; i++) expect((await verify(h, next, wrong)).status).toBe(400);
    // The tenth wrong code on a live ticket, and the password step after it, are locked out.
    expect((await verify(h, next, wrong)).status).toBe(400);
    const locked = await verify(h, next, right);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const password = await h.request(LOGIN, {
      method: 'POST',
      json: { login: c.email, password: c.password },
    });
    expect(password.status).toBe(429);
  });

  it('asks for the code after an auto-login link, an e-mail code and a restore link too', async () => {
    const c = await createSignedInCustomer(h);
    const { secret } = await turnOn(h, c.access);
    const { token } = await issueAutoLogin(h.deps, c.id);
    const al = await h.request('/api/client/auth/al/', { method: 'POST', json: { token } });
    expect(await al.json()).toMatchObject({ second_factor: 'totp', ticket: expect.any(String) });
    expect(refreshCookieOf(al)).toBeUndefined();

    await h.request(LOGIN, { method: 'POST', json: { login: c.email, method: 'code' } });
    const [letter] = await readOutbox(h, { recipient: c.email, kind: 'login_code' });
    const byCode = await h.request(VERIFY, {
      method: 'POST',
      json: { login: c.email, code: letter!.payload.code },
    });
    const challenge = (await byCode.json()) as { ticket: string };
    expect(challenge).toMatchObject({ second_factor: 'totp' });
    nextStep(h);
    expect((await verify(h, challenge.ticket, totpAt(secret, h.clock.now))).status).toBe(200);

    await h.request('/api/client/auth/password_change/', { method: 'POST', json: { email: c.email } });
    const [reset] = await readOutbox(h, { recipient: c.email, kind: 'password_reset' });
    const set = await h.request(`/api/client/auth/password_change/${reset!.payload.token}/`, {
      method: 'PATCH',
      json: { password: 'new-password-1', password_confirm: 'new-password-1' },
    });
    expect(await set.json()).toMatchObject({ second_factor: 'totp' });
  });

  it('turns off with the password and a current code; then the password alone signs in', async () => {
    const c = await createSignedInCustomer(h);
    const { secret } = await turnOn(h, c.access);
    nextStep(h);
    const wrongCode = await h.request(`${TF}disable/`, {
      method: 'POST',
      token: c.access,
      json: { password: c.password, code: totpAt(secret, new Date(0)) },
    });
    expect(wrongCode.status).toBe(400);
    expect(await wrongCode.json()).toEqual({ code: [M.wrongCode] });
    const res = await h.request(`${TF}disable/`, {
      method: 'POST',
      token: c.access,
      json: { password: c.password, code: totpAt(secret, h.clock.now) },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    expect(await h.deps.db.select().from(twoFactorRecoveryCodes)).toEqual([]);
    expect(await (await passwordStep(h, c)).json()).toMatchObject({ access: expect.any(String) });
    const off = await h.request(`${TF}disable/`, {
      method: 'POST',
      token: c.access,
      json: { password: c.password, code: '123456' },
    });
    expect(off.status).toBe(409);
  });

  it('lets staff reset it for a customer who lost both, written to the audit trail', async () => {
    const c = await createSignedInCustomer(h);
    await turnOn(h, c.access);
    const body = { email: c.email, reason: 'Паспорт проверен по видеосвязи' };
    const anonymous = await h.request('/api/staff/two-factor/reset/', { method: 'POST', json: body });
    expect(anonymous.status).toBe(401);
    expect(await h.deps.db.select().from(twoFactor)).toHaveLength(1);
    const res = await h.request('/api/staff/two-factor/reset/', {
      method: 'POST',
      token: h.deps.config.staffToken,
      json: body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ detail: M.reset, was_enabled: true });
    const rows = await h.deps.db.select().from(auditLog).where(eq(auditLog.userId, c.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: 'bootstrap',
      actor: 'STAFF_TOKEN',
      action: 'POST /api/staff/two-factor/reset/',
      details: { reason: body.reason, was_enabled: true },
    });
    expect(await (await passwordStep(h, c)).json()).toMatchObject({ access: expect.any(String) });
    const unknown = await h.request('/api/staff/two-factor/reset/', {
      method: 'POST',
      token: h.deps.config.staffToken,
      json: { email: 'nobody@example.com', reason: 'проверка' },
    });
    expect(unknown.status).toBe(404);
  });

  it('checkSecondFactor: ok when off, required without a code, wrong for a bad or used one', async () => {
    const c = await createCustomer(h);
    expect(await checkSecondFactor(h.deps, c.id, undefined)).toBe('ok');
    const signed = await createSignedInCustomer(h);
    const { secret, codes } = await turnOn(h, signed.access);
    expect(await checkSecondFactor(h.deps, signed.id, '')).toBe('required');
    expect(await checkSecondFactor(h.deps, signed.id, 'nonsense')).toBe('wrong');
    expect(await checkSecondFactor(h.deps, signed.id, totpAt(secret, h.clock.now))).toBe('wrong'); // used to enable
    nextStep(h);
    expect(await checkSecondFactor(h.deps, signed.id, totpAt(secret, h.clock.now))).toBe('ok');
    expect(await checkSecondFactor(h.deps, signed.id, codes[3])).toBe('ok');
    expect(await checkSecondFactor(h.deps, signed.id, codes[3])).toBe('wrong');
  });
});
