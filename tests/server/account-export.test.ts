// "Мои данные": a request queues a job on the one runner; the runner (with the harness's clock) builds the ZIP into
// the file store, mails the link, and deletes the copy 24 hours on; one copy a day.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from './harness';
import { tempDataDir, unzip } from './helpers/orders';
import { seedCustomer } from '../../server/db/seed';
import { createSession } from '../../server/domain/sessions';
import { createJobRunner } from '../../server/jobs/runner';
import { registerJobs } from '../../server/jobs/tasks';
import { listOutbox } from '../../server/domain/outbox';
import { dataExports } from '../../server/db/tables';
import type { DataExportStatus } from '../../contract/account.api';

const EXPORT = '/api/client/profile/data-export/';
const DAY = 86_400_000;

describe.each(['fs', 's3'] as const)('"Мои данные" (%s storage)', (driver) => {
  const h = useHarness({ dataDir: tempDataDir() }, { storage: driver });

  async function demoCustomer() {
    const c = await seedCustomer(h.deps);
    const token = async () => (await createSession(h.deps, c.id)).access;
    return { ...c, token };
  }
  const runner = () => {
    const jobs = createJobRunner({ db: h.deps.db, now: h.deps.now });
    registerJobs(jobs, h.deps);
    return jobs;
  };

  it('builds the copy in the background: orders, messages, payments, sessions and own files', async () => {
    const c = await demoCustomer();
    const token = await c.token();
    const asked = await h.request(EXPORT, { method: 'POST', token });
    expect(asked.status).toBe(202);
    const queued = (await asked.json()) as DataExportStatus;
    expect(queued.latest).toMatchObject({ status: 'queued', progress: 0, expires_at: null });
    expect(queued.next_allowed_at).not.toBeNull();
    const id = queued.latest!.id;
    // Not ready: the download says so.
    const early = await h.request(`${EXPORT}${id}/download/`, { token });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { detail: string }).detail).toBe('Копия данных ещё готовится.');

    const pass = await runner().runDue();
    expect(pass.jobs).toContainEqual(expect.objectContaining({ name: 'account.export', outcome: 'done' }));
    const ready = (await (await h.request(EXPORT, { token })).json()) as DataExportStatus;
    expect(ready.latest).toMatchObject({ id, status: 'ready', progress: 100 });
    expect(new Date(ready.latest!.expires_at!).getTime()).toBe(h.clock.now.getTime() + DAY);

    const res = await h.request(`${EXPORT}${id}/download/`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const entries = unzip(Buffer.from(await res.arrayBuffer()));
    const names = entries.map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining(['README.txt', 'profile.json', 'orders.json', 'money.json', 'sessions.json']),
    );
    const read = (name: string) => JSON.parse(entries.find((e) => e.name === name)!.data.toString('utf8'));
    expect(read('profile.json')).toMatchObject({ id: c.id, email: c.email });
    const orders = read('orders.json') as {
      id: number;
      topic: string;
      messages: { text: string }[];
      files: { name: string; author: string; in_this_zip: string | null }[];
      payments: unknown[];
    }[];
    expect(orders.length).toBeGreaterThanOrEqual(12);
    expect(orders.some((o) => o.messages.length > 0)).toBe(true);
    expect(orders.some((o) => o.payments.length > 0)).toBe(true);
    const own = orders.flatMap((o) => o.files).find((f) => f.name === 'Методические указания.txt')!;
    expect(own.in_this_zip).toMatch(/^files\/\d+\/Методические указания\.txt$/);
    expect(entries.find((e) => e.name === own.in_this_zip)!.data.toString('utf8')).toContain(
      'Методические указания',
    );
    // The writer's files are listed, not copied.
    const writers = orders.flatMap((o) => o.files).filter((f) => f.author === 'writer');
    expect(writers.length).toBeGreaterThan(0);
    expect(writers.every((f) => f.in_this_zip === null)).toBe(true);
    expect(read('money.json').ledger.length).toBeGreaterThan(0);
    expect((read('sessions.json') as unknown[]).length).toBe(1);
    expect(entries.find((e) => e.name === 'README.txt')!.data.toString('utf8')).toContain('orders.json');

    // The link by e-mail leads to the profile, where the session downloads it.
    const mail = (await listOutbox(h.deps, { recipient: c.email, kind: 'data_export', limit: 10 }))[0]!;
    expect(mail.subject).toBe('Копия ваших данных готова');
    expect(mail.body).toContain(`/profile?export=${id}`);

    // Another customer cannot have it; nobody without a session either.
    const other = await demoCustomer();
    expect((await h.request(`${EXPORT}${id}/download/`, { token: await other.token() })).status).toBe(404);
    expect((await h.request(`${EXPORT}${id}/download/`)).status).toBe(401);
  });

  it('allows one copy a day, expires it after 24 hours and deletes it from the store', async () => {
    const c = await demoCustomer();
    let token = await c.token();
    const first = (await (await h.request(EXPORT, { method: 'POST', token })).json()) as DataExportStatus;
    const id = first.latest!.id;
    const again = await h.request(EXPORT, { method: 'POST', token });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { detail: string }).detail).toMatch(
      /^Копию данных можно получать раз в сутки\. Следующую можно запросить \d+ \S+ \d{4}, \d\d:\d\d\.$/,
    );
    const jobs = runner();
    await jobs.runDue();
    const [row] = await h.deps.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(await h.deps.storage.exists(row!.storageKey!)).toBe(true);

    h.clock.advance(DAY - 60_000);
    await jobs.runDue();
    token = await c.token();
    expect((await h.request(`${EXPORT}${id}/download/`, { token })).status).toBe(200);

    h.clock.advance(60_000);
    const pass = await jobs.runDue();
    expect(pass.jobs).toContainEqual(
      expect.objectContaining({ name: 'account.export-expire', outcome: 'done' }),
    );
    expect(await h.deps.storage.exists(row!.storageKey!)).toBe(false);
    token = await c.token();
    const gone = await h.request(`${EXPORT}${id}/download/`, { token });
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { detail: string }).detail).toBe(
      'Срок ссылки истёк: копия хранится 24 часа. Запросите новую.',
    );
    const status = (await (await h.request(EXPORT, { token })).json()) as DataExportStatus;
    expect(status).toMatchObject({ latest: { id, status: 'expired' }, next_allowed_at: null });
    expect((await h.request(EXPORT, { method: 'POST', token })).status).toBe(202);
  });
});
