// The staff door (docs/staff.md): no token anyone knows, roles from the endpoint table, people with a mandatory
// second factor, API keys, and the append-only audit log.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { api } from '../../contract/api';
import {
  splitKey,
  STAFF_ROLES,
  type EndpointKey,
  type EndpointSpec,
  type StaffRole,
} from '../../contract/http';
import { STAFF_DOOR_MESSAGES as M } from '../../contract/staff-door.api';
import { bootstrapToken, loadConfig, SHIPPED_STAFF_TOKENS } from '../../server/config';
import { createApp } from '../../server/app';
import { auditLog } from '../../server/db/tables';
import { totpAt } from '../../server/domain/totp';
import { useHarness, type Harness } from './harness';
import { createSignedInCustomer } from './helpers/auth';
import { createStaffKey, createStaffPerson, STAFF_PASSWORD } from './helpers/staff';

const staffRows = (Object.entries(api) as [EndpointKey, EndpointSpec][]).filter(
  ([, spec]) => spec.auth === 'staff',
);

const fill = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) =>
    name === 'email' ? 'nobody@example.com' : name === 'type' ? 'repayment' : name === 'code' ? 'NOPE' : '1',
  );

async function call(h: Harness, key: EndpointKey, token?: string) {
  const [method, path] = splitKey(key);
  const res = await h.request(fill(path), {
    method,
    token,
    ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('the staff door', () => {
  const h = useHarness({ testHooks: true });

  it('every staff row: 401 with no credentials, a shipped token or a customer token; 403 without its role', async () => {
    const customer = await createSignedInCustomer(h);
    const keys = Object.fromEntries(
      await Promise.all(STAFF_ROLES.map(async (r) => [r, await createStaffKey(h, [r])] as const)),
    ) as Record<StaffRole, string>;
    const people = Object.fromEntries(
      await Promise.all(STAFF_ROLES.map(async (r) => [r, (await createStaffPerson(h, r)).access] as const)),
    ) as Record<StaffRole, string>;
    expect(staffRows.length).toBeGreaterThanOrEqual(40);
    for (const [key, spec] of staffRows) {
      expect(await call(h, key), `${key} without credentials`).toBe(401);
      for (const shipped of SHIPPED_STAFF_TOKENS)
        expect(await call(h, key, shipped), `${key} ${shipped}`).toBe(401);
      expect(await call(h, key, customer.access), `${key} with a customer's token`).toBe(401);
      for (const role of STAFF_ROLES) {
        if (spec.role === 'any' || spec.role === role) continue;
        expect(await call(h, key, keys[role]), `${key} with a ${role} key`).toBe(403);
        expect(await call(h, key, people[role]), `${key} as a ${role} person`).toBe(403);
      }
    }
    // And a staff person's token is no customer's: the customer door refuses it.
    const res = await h.request('/api/client/profile/', { token: people.admin });
    expect(res.status).toBe(401);
  });

  it('a fresh server without STAFF_TOKEN has no bootstrap key; a short or shipped one is refused at start', async () => {
    const fresh = loadConfig({ DATA_DIR: './data/test-staff-door', JWT_SECRET: 'x'.repeat(40) });
    expect(fresh.staffToken).toBeUndefined();
    for (const shipped of SHIPPED_STAFF_TOKENS)
      expect(() => bootstrapToken(shipped)).toThrow(/once shipped.*npm run staff -- add/);
    expect(() => bootstrapToken('a'.repeat(31))).toThrow(/31 characters.*at least 32/);
    expect(bootstrapToken('a'.repeat(32))).toBe('a'.repeat(32));
    const closed = createApp({ ...h.deps, config: { ...h.deps.config, staffToken: undefined } });
    for (const token of ['', 'undefined', 'null', h.deps.config.staffToken!]) {
      const r = await closed.request('/api/staff/auth/me/', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(r.status, token).toBe(401);
    }
  });

  it('signs a person in with password and code; a wrong one never says which; a code is taken once', async () => {
    const p = await createStaffPerson(h, 'support');
    const me = await h.request('/api/staff/auth/me/', { token: p.access });
    expect(await me.json()).toEqual({ kind: 'person', name: p.login, roles: ['support'] });
    const login = (password: string, code: string) =>
      h.request('/api/staff/auth/login/', { method: 'POST', json: { login: p.login, password, code } });
    // The code of the enrolment's step is spent: the same step again is refused, like a wrong password.
    const replay = await login(STAFF_PASSWORD, totpAt(p.secret, h.clock.now));
    expect(replay.status).toBe(400);
    h.clock.advance(30_000);
    const wrongPassword = await login('not-the-password', totpAt(p.secret, h.clock.now));
    const wrongCode = await login(STAFF_PASSWORD, '000000');
    const unknown = await h.request('/api/staff/auth/login/', {
      method: 'POST',
      json: { login: 'nobody-here', password: STAFF_PASSWORD, code: '123456' },
    });
    for (const r of [replay, wrongPassword, wrongCode, unknown]) {
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({ detail: M.wrongCredentials });
    }
    const ok = await login(STAFF_PASSWORD, totpAt(p.secret, h.clock.now));
    expect(ok.status).toBe(200);
    const second = (await ok.json()) as { access: string; refresh: string };
    // Two sessions, listed; the refresh rotates, and a used refresh token ends its session.
    const list = await h.request('/api/staff/auth/sessions/', { token: second.access });
    const sessions = ((await list.json()) as { results: { id: string; current: boolean }[] }).results;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const refreshed = await h.request('/api/staff/auth/refresh/', {
      method: 'POST',
      json: { refresh: second.refresh },
    });
    expect(refreshed.status).toBe(200);
    const again = await h.request('/api/staff/auth/refresh/', {
      method: 'POST',
      json: { refresh: second.refresh },
    });
    expect(again.status).toBe(401);
    expect(await h.request('/api/staff/auth/me/', { token: second.access }).then((r) => r.status)).toBe(401);
    // The first session is revoked by id from itself; then it is refused.
    const first = sessions.find((s) => !s.current)!;
    const del = await h.request(`/api/staff/auth/sessions/${first.id}/`, {
      method: 'DELETE',
      token: p.access,
    });
    expect(del.status).toBe(200);
    expect(await h.request('/api/staff/auth/me/', { token: p.access }).then((r) => r.status)).toBe(401);
  });

  it('locks staff sign-in out after the customers\u2019 limit of failures for one login from one address', async () => {
    const p = await createStaffPerson(h, 'finance');
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const r = await h.request('/api/staff/auth/login/', {
        method: 'POST',
        headers,
        json: { login: p.login, password: 'wrong-password', code: '000000' },
      });
      last = r.status;
    }
    expect(last).toBe(429);
  });

  it('a role change or disabling ends every session at once', async () => {
    const admin = await createStaffKey(h, ['admin']);
    const p = await createStaffPerson(h, 'support');
    const patch = (json: unknown) =>
      h.request(`/api/staff/members/${p.id}/`, { method: 'PATCH', token: admin, json });
    expect((await patch({ role: 'finance' })).status).toBe(200);
    expect(await h.request('/api/staff/auth/me/', { token: p.access }).then((r) => r.status)).toBe(401);
  });

  it('an API key: shown once, stored as a hash, listed with its last use, revocable, and it expires', async () => {
    const admin = await createStaffKey(h, ['admin']);
    const made = await h.request('/api/staff/keys/', {
      method: 'POST',
      token: admin,
      json: { name: 'back office', roles: ['support', 'finance'] },
    });
    expect(made.status).toBe(201);
    const { id, key } = (await made.json()) as { id: number; key: string };
    const stored = await h.deps.db.execute(sql`select key_hash from staff_api_keys where id = ${id}`);
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(await h.request('/api/staff/auth/me/', { token: key }).then((r) => r.json())).toEqual({
      kind: 'key',
      name: 'back office',
      roles: ['support', 'finance'],
    });
    const listed = (await (await h.request('/api/staff/keys/', { token: admin })).json()) as {
      results: { id: number; last_used_at: string | null }[];
    };
    expect(listed.results.find((k) => k.id === id)?.last_used_at).toEqual(expect.any(String));
    expect(JSON.stringify(listed)).not.toContain(key);
    expect((await h.request(`/api/staff/keys/${id}/`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect(await h.request('/api/staff/auth/me/', { token: key }).then((r) => r.status)).toBe(401);

    const soon = new Date(h.clock.now.getTime() + 60_000).toISOString();
    const expiring = await h.request('/api/staff/keys/', {
      method: 'POST',
      token: admin,
      json: { name: 'one minute', roles: ['support'], expires_at: soon },
    });
    const short = ((await expiring.json()) as { key: string }).key;
    expect(await h.request('/api/staff/auth/me/', { token: short }).then((r) => r.status)).toBe(200);
    h.clock.advance(61_000);
    expect(await h.request('/api/staff/auth/me/', { token: short }).then((r) => r.status)).toBe(401);
  });

  it('the audit log refuses UPDATE and DELETE, and admins read it with filters and as CSV', async () => {
    const admin = await createStaffKey(h, ['admin']);
    const c = await createSignedInCustomer(h);
    const res = await h.request('/api/staff/auto-login/', {
      method: 'POST',
      token: admin,
      json: { email: c.email },
    });
    expect(res.status).toBe(200);
    await expect(h.deps.db.execute(sql`update audit_log set actor = 'someone else'`)).rejects.toThrow();
    await expect(h.deps.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const rows = await h.deps.db.select().from(auditLog).where(eq(auditLog.userId, c.id));
    expect(rows).toHaveLength(1);
    const read = await h.request(`/api/staff/audit/?customer_id=${c.id}`, { token: admin });
    const body = (await read.json()) as { results: { action: string; actor: string; actor_kind: string }[] };
    expect(body.results).toEqual([
      expect.objectContaining({
        action: 'POST /api/staff/auto-login/',
        actor: 'test admin',
        actor_kind: 'key',
      }),
    ]);
    const csv = await h.request(`/api/staff/audit/csv/?customer_id=${c.id}`, { token: admin });
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toContain('id,at,actor_kind');
    expect(text).toContain('POST /api/staff/auto-login/');
    const support = await createStaffKey(h, ['support']);
    expect((await h.request('/api/staff/audit/', { token: support })).status).toBe(403);
  });
});

describe('a disabled person, on two instances over one database', () => {
  const h = useHarness();

  it('is refused on the next call on both', async () => {
    const other = createApp(h.deps);
    const p = await createStaffPerson(h, 'support');
    const me = (app: typeof other) =>
      Promise.resolve(
        app.request('/api/staff/auth/me/', { headers: { authorization: `Bearer ${p.access}` } }),
      );
    expect((await me(h.app)).status).toBe(200);
    expect((await me(other)).status).toBe(200);
    const admin = await createStaffKey(h, ['admin']);
    const off = await Promise.resolve(
      other.request(`/api/staff/members/${p.id}/`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ disabled: true }),
      }),
    );
    expect(off.status).toBe(200);
    expect((await me(h.app)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    // And a sign-in of the disabled person is refused like a wrong password.
    h.clock.advance(30_000);
    const again = await h.request('/api/staff/auth/login/', {
      method: 'POST',
      json: { login: p.login, password: STAFF_PASSWORD, code: totpAt(p.secret, h.clock.now) },
    });
    expect(again.status).toBe(400);
  });
});
