// Every staff write of the endpoint table, called by a person of its role, leaves exactly one row in the audit log,
// naming that person, the row, and the customer it touched; the row commits with the action, so a write whose row
// cannot be written is undone (issue 33; the log itself: docs/staff.md).
import { describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { api } from '../../contract/api';
import { splitKey, type EndpointKey, type EndpointSpec, type StaffRole } from '../../contract/http';
import { auditLog, reworks, verifications, withdrawals } from '../../server/db/tables';
import { seedCustomer } from '../../server/db/seed';
import { createMember } from '../../server/domain/staff-people';
import { createApiKey } from '../../server/domain/staff-keys';
import { useHarness, type Harness } from './harness';
import { tempDataDir } from './profile-helpers';
import { createStaffPerson, type StaffPerson } from './helpers/staff';
import { filesForm } from './helpers/orders';
import { credit, customer, finances, order, post, sandbox, verify, type Customer } from './payments-fixtures';

interface Call {
  path: string;
  json?: unknown;
  form?: FormData;
  /** The customer the row must name, when the call has one. */
  customerId?: number;
  /** A person of its own for the call (it ends its own session). */
  ownPerson?: boolean;
}

interface World {
  c: Customer;
  demo: { id: number; email: string };
  orderOf: (statusId: number) => Promise<number>;
}

async function cardTopup(h: Harness, c: Customer, amount: number) {
  const pay = (await (await post(h, c, 'pay/', { purpose: 'topup', amount, method: 'card' })).json()) as {
    redirect_url: string;
    payment_id: number;
  };
  await sandbox(h, pay.redirect_url, 'pay');
  return pay.payment_id;
}

const id = async (res: Response) => ((await res.json()) as { id: number }).id;

/**
 * The test hooks (TEST_HOOKS=1 only): a whole demo seed and a run of erasure jobs, no one transaction each. The door
 * appends their row after them.
 */
const AUDITED_AFTER: EndpointKey[] = ['POST /api/staff/demo-customer/', 'POST /api/staff/test/erase-due/'];

/** The log refuses every new row while `refused` runs, as a database that fails between an action and its row. */
async function withAuditRefused<T>(h: Harness, refused: () => Promise<T>): Promise<T> {
  await h.deps.db.execute(
    sql.raw(
      `CREATE FUNCTION audit_refuse_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no audit row'; END $$`,
    ),
  );
  await h.deps.db.execute(
    sql.raw(
      'CREATE TRIGGER audit_refuse_test BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_refuse_test()',
    ),
  );
  try {
    return await refused();
  } finally {
    await h.deps.db.execute(sql.raw('DROP TRIGGER audit_refuse_test ON audit_log'));
    await h.deps.db.execute(sql.raw('DROP FUNCTION audit_refuse_test()'));
  }
}

/** Every table's rows, each as one digest, and the stored files: equal snapshots mean nothing was written between. */
async function snapshot(h: Harness): Promise<Record<string, string>> {
  const tables = (await h.deps.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const out: Record<string, string> = {};
  for (const { tablename } of tables.rows) {
    const name = sql.identifier(tablename);
    const res = (await h.deps.db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${name} t`,
    )) as unknown as { rows: { n: number; digest: string }[] };
    out[tablename] = `${res.rows[0]!.n}:${res.rows[0]!.digest}`;
  }
  out['stored files'] = (await h.deps.storage.list('files/')).sort().join(' ');
  return out;
}

/** A successful call of each staff write, in an order where each finds what it needs. */
const CALLS: Partial<Record<EndpointKey, (h: Harness, w: World) => Promise<Call>>> = {
  'POST /api/staff/auto-login/': async (_, w) => ({
    path: '/api/staff/auto-login/',
    json: { email: w.c.email },
    customerId: w.c.id,
  }),
  'POST /api/staff/demo-customer/': async () => ({ path: '/api/staff/demo-customer/', json: {} }),
  'POST /api/staff/promo-codes/': async () => ({
    path: '/api/staff/promo-codes/',
    json: { code: 'AUDIT10', title: 'Скидка', percent: 10 },
  }),
  'PATCH /api/staff/promo-codes/:code/': async () => ({
    path: '/api/staff/promo-codes/AUDIT10/',
    json: { active: false },
  }),
  'POST /api/staff/test/erase-due/': async () => ({
    path: '/api/staff/test/erase-due/',
    json: { after_ms: 0 },
  }),
  'POST /api/staff/test/clock/': async (h) => ({
    path: '/api/staff/test/clock/',
    json: { now: h.clock.now.toISOString() },
  }),
  'POST /api/staff/two-factor/reset/': async (_, w) => ({
    path: '/api/staff/two-factor/reset/',
    json: { email: w.c.email, reason: 'Паспорт проверен' },
    customerId: w.c.id,
  }),
  'POST /api/staff/payments/credit/': async (_, w) => ({
    path: '/api/staff/payments/credit/',
    json: { email: w.c.email, money: 700 },
    customerId: w.c.id,
  }),
  'PATCH /api/staff/withdrawals/:id/': async (h, w) => {
    const wid = await id(
      await post(h, w.c, 'repayment/', { amount: 100, method: 'sbp', requisites: { phone: '+79990001122' } }),
    );
    return { path: `/api/staff/withdrawals/${wid}/`, json: { status: 'rejected' }, customerId: w.c.id };
  },
  'PATCH /api/staff/storno/:id/': async (h, w) => {
    const payId = await cardTopup(h, w.c, 1000);
    const st = (await (
      await post(h, w.c, 'refund-storno/', { refund_sum: 500, pay_ids: [payId] })
    ).json()) as {
      refunds: { id: number }[];
    };
    return { path: `/api/staff/storno/${st.refunds[0]!.id}/`, json: { status: 'done' }, customerId: w.c.id };
  },
  'PATCH /api/staff/refund-claims/:id/': async (h, w) => {
    const o = (await order(h, w.c.id, { price: 2000, paid: 2000, statusId: 4 })).id;
    const claim = await id(
      await post(h, w.c, 'refund-claim/', {
        order_id: o,
        reason: 'Сроки сорваны',
        amount: 300,
        recipient: { fio: 'Петров Пётр', country: 'KZ', account: 'KZ123' },
      }),
    );
    return { path: `/api/staff/refund-claims/${claim}/`, json: { status: 'approved' }, customerId: w.c.id };
  },
  'PATCH /api/staff/verification/:email/:type/': async (_, w) => ({
    path: `/api/staff/verification/${encodeURIComponent(w.c.email)}/repayment/`,
    json: { status: 'unverified' },
    customerId: w.c.id,
  }),
  'POST /api/staff/orders/bulk/': async (_, w) => ({
    path: '/api/staff/orders/bulk/',
    json: { email: w.demo.email, count: 2 },
  }),
  'POST /api/staff/orders/:id/messages/': async (_, w) => ({
    path: `/api/staff/orders/${await w.orderOf(5)}/messages/`,
    json: { author: 'manager', text: 'Здравствуйте!' },
    customerId: w.c.id,
  }),
  'POST /api/staff/orders/:id/messages/bulk/': async (_, w) => ({
    path: `/api/staff/orders/${await w.orderOf(5)}/messages/bulk/`,
    json: { count: 2 },
    customerId: w.c.id,
  }),
  'POST /api/staff/orders/:id/files/': async (_, w) => ({
    path: `/api/staff/orders/${await w.orderOf(4)}/files/`,
    form: filesForm([{ name: 'Итог.docx' }], { kind: 'final' }),
    customerId: w.c.id,
  }),
  'PATCH /api/staff/orders/:id/status/': async (_, w) => ({
    path: `/api/staff/orders/${await w.orderOf(5)}/status/`,
    json: { status_id: 7 },
    customerId: w.c.id,
  }),
  'PATCH /api/staff/orders/:id/price/': async (_, w) => ({
    path: `/api/staff/orders/${await w.orderOf(2)}/price/`,
    json: { price: 4500 },
    customerId: w.c.id,
  }),
  'POST /api/staff/orders/:id/reworks/:rework/answer/': async (h, w) => {
    const [rw] = await h.deps.db.select().from(reworks).orderBy(asc(reworks.id));
    if (!rw) throw new Error('the demo customer has no rework');
    return {
      path: `/api/staff/orders/${rw.orderId}/reworks/${rw.id}/answer/`,
      json: { text: 'Исправлено.', status: 'in_progress' },
      customerId: w.demo.id,
    };
  },
  'POST /api/staff/auth/logout/': async () => ({ path: '/api/staff/auth/logout/', ownPerson: true }),
  'DELETE /api/staff/auth/sessions/:id/': async () => ({
    path: '/api/staff/auth/sessions/',
    ownPerson: true,
  }),
  'POST /api/staff/members/': async () => ({
    path: '/api/staff/members/',
    json: { login: 'new.person', role: 'support' },
  }),
  'PATCH /api/staff/members/:id/': async (h) => ({
    path: `/api/staff/members/${(await createMember(h.deps, 'to.patch', 'support')).id}/`,
    json: { role: 'finance' },
  }),
  'POST /api/staff/members/:id/reset/': async (h) => ({
    path: `/api/staff/members/${(await createMember(h.deps, 'to.reset', 'support')).id}/reset/`,
  }),
  'POST /api/staff/keys/': async () => ({
    path: '/api/staff/keys/',
    json: { name: 'script', roles: ['support'] },
  }),
  'DELETE /api/staff/keys/:id/': async (h) => ({
    path: `/api/staff/keys/${(await createApiKey(h.deps, { name: 'old', roles: ['finance'], createdBy: 'tests' })).id}/`,
  }),
};

describe('the audit log', () => {
  // A file store of this file's own: the snapshots compare the stored files, and other workers' tests upload into
  // the shared ./data/test at the same time.
  const h = useHarness({ testHooks: true, dataDir: tempDataDir() });

  it('every staff write is undone when its row cannot be written, else leaves exactly one row naming the person, the row and the customer', async () => {
    const writes = (Object.entries(api) as [EndpointKey, EndpointSpec][])
      .filter(([key, spec]) => spec.auth === 'staff' && !key.startsWith('GET '))
      .map(([key]) => key);
    expect(Object.keys(CALLS).sort()).toEqual([...writes].sort());

    const c = await customer(h);
    await verify(h, c);
    await credit(h, c, 2000);
    const demo = await seedCustomer(h.deps);
    const world: World = {
      c,
      demo,
      orderOf: async (statusId) => (await order(h, c.id, { price: 3000, statusId })).id,
    };
    const people = new Map<StaffRole, StaffPerson>();
    const personOf = async (role: StaffRole) => {
      if (!people.has(role)) people.set(role, await createStaffPerson(h, role));
      return people.get(role)!;
    };

    for (const key of writes) {
      const spec = (api as Record<string, EndpointSpec>)[key]!;
      const [method] = splitKey(key);
      const call = await CALLS[key]!(h, world);
      const role = spec.role === 'any' ? 'support' : spec.role!;
      const person = call.ownPerson ? await createStaffPerson(h, role) : await personOf(role);
      let path = call.path;
      if (key === 'DELETE /api/staff/auth/sessions/:id/') {
        const list = await h.request(path, { token: person.access });
        path += `${((await list.json()) as { results: { id: string }[] }).results[0]!.id}/`;
      }
      const send = () =>
        h.request(path, {
          method,
          token: person.access,
          ...(call.form ? { body: call.form } : call.json !== undefined ? { json: call.json } : {}),
        });
      if (!AUDITED_AFTER.includes(key)) {
        // With the log refusing, the call fails and the database is as it was: no action without its row.
        const was = await snapshot(h);
        const published = h.published.length;
        const refused = await withAuditRefused(h, send);
        expect(refused.status, key).toBe(500);
        expect(await snapshot(h), key).toEqual(was);
        expect(h.published.slice(published), key).toEqual([]);
      }
      const before = (await h.deps.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id);
      const res = await send();
      expect(res.status, `${key}: ${await res.clone().text()}`).toBeLessThan(300);
      await res.arrayBuffer();
      const rows = await h.deps.db
        .select()
        .from(auditLog)
        .where(gt(auditLog.id, before.length ? Math.max(...before) : 0));
      expect(rows, key).toHaveLength(1);
      expect(rows[0], key).toMatchObject({
        actorKind: 'person',
        actorId: person.id,
        actor: person.login,
        action: key,
        requestId: expect.any(String),
      });
      if (call.customerId) expect(rows[0]!.userId, key).toBe(call.customerId);
    }
    // Money: the credit's row holds the balance before and after.
    const [creditRow] = await h.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /api/staff/payments/credit/'), eq(auditLog.actorKind, 'person')));
    expect(creditRow!.amountAfter! - creditRow!.amountBefore!).toBe(700);
    // A rejected withdrawal puts its 100 back: before and after on its row too.
    const [withdrawalRow] = await h.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'PATCH /api/staff/withdrawals/:id/'));
    expect(withdrawalRow!.amountAfter! - withdrawalRow!.amountBefore!).toBe(100);
  }, 120_000);

  it('a money write commits with its audit row: when the row cannot be written, the action is not done', async () => {
    const c = await customer(h);
    await verify(h, c);
    await credit(h, c, 1000);
    const wid = await id(
      await post(h, c, 'repayment/', { amount: 300, method: 'sbp', requisites: { phone: '+79990001122' } }),
    );
    const finance = await createStaffPerson(h, 'finance');
    const before = await finances(h, c);
    const rows = async () => (await h.deps.db.select({ id: auditLog.id }).from(auditLog)).length;
    const rowsBefore = await rows();
    const creditIt = () =>
      h.request('/api/staff/payments/credit/', {
        method: 'POST',
        token: finance.access,
        json: { email: c.email, money: 500 },
      });
    const reject = () =>
      h.request(`/api/staff/withdrawals/${wid}/`, {
        method: 'PATCH',
        token: finance.access,
        json: { status: 'rejected' },
      });
    const unverify = () =>
      h.request(`/api/staff/verification/${encodeURIComponent(c.email)}/repayment/`, {
        method: 'PATCH',
        token: finance.access,
        json: { status: 'unverified' },
      });
    const verified = async () =>
      (await h.deps.db.select().from(verifications).where(eq(verifications.userId, c.id))).length;

    await withAuditRefused(h, async () => {
      expect((await creditIt()).status).toBe(500);
      expect((await reject()).status).toBe(500);
      expect((await unverify()).status).toBe(500);
    });
    expect(await finances(h, c)).toEqual(before);
    const [w] = await h.deps.db.select().from(withdrawals).where(eq(withdrawals.id, wid));
    expect(w!.status).toBe('processing');
    expect(await verified()).toBe(1);
    expect(await rows()).toBe(rowsBefore);

    // With the log back, both go through, each with its one row.
    expect((await creditIt()).status).toBe(200);
    expect((await reject()).status).toBe(200);
    expect((await unverify()).status).toBe(200);
    expect(await finances(h, c)).toMatchObject({ money: before.money + 500 + 300 });
    expect(await verified()).toBe(0);
    expect(await rows()).toBe(rowsBefore + 3);
  });
});
