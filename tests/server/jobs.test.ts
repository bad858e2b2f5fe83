import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { jobSchedules, jobs, outbox } from '../../server/db/tables';
import { createJobRunner, enqueue, pruneJobs, type JobRunner } from '../../server/jobs/runner';
import { freshDatabase } from './helpers/test-database';

// On PGlite by default; with DATABASE_URL on a fresh PostgreSQL database, where two instances race too.
const onPostgres = Boolean(process.env.DATABASE_URL);
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let database: Database;
const T0 = new Date('2026-03-01T10:00:00Z');
const clock = {
  now: T0,
  at(ms: number) {
    clock.now = new Date(T0.getTime() + ms);
  },
};
const now = () => clock.now;

beforeAll(async () => {
  fresh = await freshDatabase();
  database = fresh.database;
}, 60_000);
afterAll(() => fresh?.drop());
beforeEach(async () => {
  await database.truncateAll();
  clock.at(0);
});

const runner = (opts: Parameters<typeof createJobRunner>[1] = {}, db = database.db): JobRunner =>
  createJobRunner({ db, now }, { backoffMs: (n) => 1000 * 2 ** (n - 1), ...opts });
const jobRow = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('one-off jobs', () => {
  it('runs a queued job once, with its payload, and marks it done', async () => {
    const r = runner();
    const seen: unknown[] = [];
    r.handle<{ to: string }>('mail', async (payload, ctx) => {
      seen.push({ payload, attempt: ctx.attempt });
    });
    const { id } = await enqueue({ db: database.db, now }, { name: 'mail', payload: { to: 'a@b.c' } });
    expect(await r.runDue()).toEqual({ recurring: [], jobs: [{ id, name: 'mail', outcome: 'done' }] });
    expect(await r.runDue()).toEqual({ recurring: [], jobs: [] });
    expect(seen).toEqual([{ payload: { to: 'a@b.c' }, attempt: 1 }]);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 1, finishedAt: T0 });
  });

  it('waits for runAt, and leaves jobs no handler of this instance knows', async () => {
    const r = runner();
    const ran: string[] = [];
    r.handle('later', async () => void ran.push('later'));
    await enqueue({ db: database.db, now }, { name: 'later', runAt: new Date(T0.getTime() + 5000) });
    const other = await enqueue({ db: database.db, now }, { name: 'someone-else' });
    await r.runDue();
    expect(ran).toEqual([]);
    clock.at(5000);
    await r.runDue();
    expect(ran).toEqual(['later']);
    expect((await jobRow(other.id)).state).toBe('queued');
  });

  it('keeps one job per idempotency key', async () => {
    const r = runner();
    let runs = 0;
    r.handle('deliver', async () => void runs++);
    const first = await enqueue({ db: database.db, now }, { name: 'deliver', key: 'outbox:7' });
    const again = await enqueue({ db: database.db, now }, { name: 'deliver', key: 'outbox:7' });
    const otherName = await enqueue({ db: database.db, now }, { name: 'export', key: 'outbox:7' });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(otherName.id).not.toBe(first.id);
    await r.runDue();
    await enqueue({ db: database.db, now }, { name: 'deliver', key: 'outbox:7' });
    await r.runDue();
    expect(runs).toBe(1);
  });

  it('is queued with its cause in one transaction: a rollback leaves neither', async () => {
    const cause = (db: Parameters<Parameters<typeof database.db.transaction>[0]>[0]) =>
      db
        .insert(outbox)
        .values({ channel: 'email', recipient: 'x@y.z', body: 'hi', kind: 'test', createdAt: T0 });
    await expect(
      database.db.transaction(async (tx) => {
        await cause(tx);
        await enqueue({ db: tx, now }, { name: 'deliver', key: 'rolled-back' });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await database.db.select().from(jobs)).toEqual([]);
    await database.db.transaction(async (tx) => {
      await cause(tx);
      await enqueue({ db: tx, now }, { name: 'deliver', key: 'committed' });
    });
    expect((await database.db.select().from(jobs)).map((j) => j.key)).toEqual(['committed']);
    expect(await database.db.select().from(outbox)).toHaveLength(1);
  });

  it('retries with exponential backoff, then fails for good with the reason', async () => {
    const r = runner();
    const attempts: number[] = [];
    r.handle('flaky', async (_p, ctx) => {
      attempts.push(ctx.attempt);
      throw new Error(`provider said no (${ctx.attempt})`);
    });
    const { id } = await enqueue({ db: database.db, now }, { name: 'flaky', maxAttempts: 3 });
    expect((await r.runDue()).jobs).toEqual([{ id, name: 'flaky', outcome: 'retry' }]);
    expect(await jobRow(id)).toMatchObject({ state: 'queued', lastError: 'provider said no (1)' });
    clock.at(999); // backoff after attempt 1: 1 s
    expect((await r.runDue()).jobs).toEqual([]);
    clock.at(1000);
    expect((await r.runDue()).jobs).toEqual([{ id, name: 'flaky', outcome: 'retry' }]);
    clock.at(1000 + 1999); // after attempt 2: 2 s
    expect((await r.runDue()).jobs).toEqual([]);
    clock.at(3000);
    expect((await r.runDue()).jobs).toEqual([{ id, name: 'flaky', outcome: 'failed' }]);
    clock.at(3_600_000);
    expect((await r.runDue()).jobs).toEqual([]);
    expect(attempts).toEqual([1, 2, 3]);
    expect(await jobRow(id)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'provider said no (3)',
      finishedAt: new Date(T0.getTime() + 3000),
    });
  });

  it('gives a job whose lease ran out to another instance, and ignores the late finish of the first', async () => {
    const a = runner({ leaseMs: 10_000, instanceId: 'a' });
    const b = runner({ leaseMs: 10_000, instanceId: 'b' });
    let release!: () => void;
    const runs: string[] = [];
    a.handle('slow', () => {
      runs.push('a');
      return new Promise<void>((resolve) => (release = resolve));
    });
    b.handle('slow', async () => void runs.push('b'));
    const { id } = await enqueue({ db: database.db, now }, { name: 'slow' });
    const passA = a.runDue();
    await expect.poll(() => runs).toEqual(['a']);
    clock.at(9_999);
    expect((await b.runDue()).jobs).toEqual([]); // still a's
    clock.at(10_000); // a died, as far as anyone can tell
    expect((await b.runDue()).jobs).toEqual([{ id, name: 'slow', outcome: 'done' }]);
    release();
    await passA;
    expect(runs).toEqual(['a', 'b']);
    expect(await jobRow(id)).toMatchObject({ state: 'done', lockedBy: 'b', attempts: 2 });
  });

  it('fails a job whose last attempt lost its lease', async () => {
    await database.db.insert(jobs).values({
      name: 'slow',
      state: 'running',
      attempts: 2,
      maxAttempts: 2,
      runAt: T0,
      lockedBy: 'dead',
      lockedUntil: new Date(T0.getTime() + 1000),
      createdAt: T0,
    });
    const r = runner();
    r.handle('slow', async () => {
      throw new Error('must not run');
    });
    clock.at(1000);
    expect((await r.runDue()).jobs).toEqual([]);
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ state: 'failed', lastError: 'lease ran out on the last attempt' });
  });

  it('tells the failure hook once a job has failed for good: after its last throw, or its last lease running out', async () => {
    const r = runner();
    const told: { payload: unknown; id: number; key: string | null; reason: string }[] = [];
    const onFailed = async (payload: unknown, ctx: { id: number; key: string | null; reason: string }) => {
      told.push({ payload, ...ctx });
    };
    r.handle(
      'flaky',
      async (_p, ctx) => {
        throw new Error(`no (${ctx.attempt})`);
      },
      { onFailed },
    );
    r.handle('slow', async () => {}, { onFailed });
    const flaky = await enqueue(
      { db: database.db, now },
      { name: 'flaky', key: 'f', payload: { n: 1 }, maxAttempts: 2 },
    );
    expect((await r.runDue()).jobs.map((j) => j.outcome)).toEqual(['retry']);
    expect(told).toEqual([]); // a retry is no failure yet
    clock.at(1000);
    expect((await r.runDue()).jobs.map((j) => j.outcome)).toEqual(['failed']);
    expect(told).toEqual([{ payload: { n: 1 }, id: flaky.id, key: 'f', reason: 'no (2)' }]);

    // An instance died on the last try of another: no handler ran, the hook is told when the lease runs out.
    const [dead] = await database.db
      .insert(jobs)
      .values({
        name: 'slow',
        key: 's',
        payload: { n: 2 },
        state: 'running',
        attempts: 3,
        maxAttempts: 3,
        runAt: T0,
        lockedBy: 'dead',
        lockedUntil: new Date(T0.getTime() + 5000),
        lastError: 'timeout',
        createdAt: T0,
      })
      .returning();
    clock.at(4999);
    await r.runDue();
    expect(told).toHaveLength(1);
    clock.at(5000);
    await r.runDue();
    await r.runDue();
    expect(told.slice(1)).toEqual([
      { payload: { n: 2 }, id: dead!.id, key: 's', reason: 'timeout / lease ran out on the last attempt' },
    ]);
  });

  it('prunes finished jobs past their keeping time', async () => {
    const r = runner();
    r.handle('ok', async () => {});
    r.handle('bad', async () => {
      throw new Error('no');
    });
    await enqueue({ db: database.db, now }, { name: 'ok', key: 'k' });
    await enqueue({ db: database.db, now }, { name: 'bad', maxAttempts: 1 });
    await enqueue({ db: database.db, now }, { name: 'ok', runAt: new Date(T0.getTime() + 60_000) });
    await r.runDue();
    const later = new Date(T0.getTime() + 1);
    expect(await pruneJobs(database.db, { doneBefore: later, failedBefore: T0 })).toBe(1);
    expect((await database.db.select().from(jobs)).map((j) => j.state).sort()).toEqual(['failed', 'queued']);
    expect((await enqueue({ db: database.db, now }, { name: 'ok', key: 'k' })).created).toBe(true);
  });

  it('prunes a backlog in bounded passes, the oldest first, keeping failed jobs for their longer time', async () => {
    const at = (min: number) => new Date(T0.getTime() + min * 60_000).toISOString();
    // Done jobs finished at minutes 0…6, a failed one at minute 1 and a queued one.
    const rows = [
      ...[3, 0, 6, 2, 5, 1, 4].map((m) => sql`('done', ${'d' + m}, ${at(m)}::timestamptz)`),
      sql`('failed', 'f1', ${at(1)}::timestamptz)`,
      sql`('queued', 'q', null)`,
    ];
    await database.db.execute(
      sql`insert into jobs (state, name, finished_at, run_at, created_at)
          select v.state, v.name, v.finished_at, ${at(0)}::timestamptz, ${at(0)}::timestamptz
          from (values ${sql.join(rows, sql`, `)}) as v(state, name, finished_at)`,
    );
    const names = async () => (await database.db.select({ n: jobs.name }).from(jobs)).map((j) => j.n).sort();
    const opts = { doneBefore: new Date(at(6)), failedBefore: new Date(at(0)), limit: 2 };
    expect(await pruneJobs(database.db, opts)).toBe(2);
    expect(await names()).toEqual(['d2', 'd3', 'd4', 'd5', 'd6', 'f1', 'q']);
    expect(await pruneJobs(database.db, opts)).toBe(2);
    expect(await pruneJobs(database.db, opts)).toBe(2);
    // d6 finished at the cutoff itself and f1 is within its 30-day keeping: nothing more goes.
    expect(await pruneJobs(database.db, opts)).toBe(0);
    expect(await names()).toEqual(['d6', 'f1', 'q']);
    expect(await pruneJobs(database.db, { ...opts, failedBefore: new Date(at(2)) })).toBe(1);
    expect(await names()).toEqual(['d6', 'q']);
  });
});

describe('recurring tasks', () => {
  it('runs when due, then every interval, with the injected clock', async () => {
    const r = runner();
    const runs: number[] = [];
    r.every('sweep', 60_000, async ({ now: at }) => void runs.push(at.getTime() - T0.getTime()));
    expect((await r.runDue()).recurring).toEqual(['sweep']);
    clock.at(59_999);
    expect((await r.runDue()).recurring).toEqual([]);
    clock.at(60_000);
    expect((await r.runDue()).recurring).toEqual(['sweep']);
    expect(runs).toEqual([0, 60_000]);
    const [schedule] = await database.db.select().from(jobSchedules);
    expect(schedule).toMatchObject({ name: 'sweep', nextRunAt: new Date(T0.getTime() + 120_000) });
  });

  it('commits the handler’s writes with the run, and undoes them when it throws', async () => {
    const r = runner();
    let fail = false;
    r.every('writer', 1000, async ({ tx }) => {
      await tx
        .insert(outbox)
        .values({ channel: 'sms', recipient: '+7', body: 'b', kind: 'k', createdAt: T0 });
      if (fail) throw new Error('half done');
    });
    await r.runDue();
    fail = true;
    clock.at(1000);
    expect((await r.runDue()).recurring).toEqual(['writer']);
    expect(await database.db.select().from(outbox)).toHaveLength(1);
    const [schedule] = await database.db.select().from(jobSchedules);
    expect(schedule).toMatchObject({ lastError: 'half done', nextRunAt: new Date(T0.getTime() + 2000) });
  });

  it('runs at start (a restart settles what fell due), on a timer after that, and stops', async () => {
    const first = runner({ pollMs: 10 });
    const runs: string[] = [];
    first.every('sweep', 3_600_000, async () => void runs.push('first'));
    await first.start();
    expect(runs).toEqual(['first']);
    await first.stop();
    clock.at(60_000); // a restart one minute later, long before the next hourly run
    const second = runner({ pollMs: 10 });
    second.every('sweep', 3_600_000, async () => void runs.push('second'));
    let handled = false;
    second.handle('ping', async () => void (handled = true));
    await second.start();
    expect(runs).toEqual(['first', 'second']);
    await enqueue({ db: database.db, now }, { name: 'ping' });
    await expect.poll(() => handled).toBe(true); // found by the timer
    await second.stop();
    await enqueue({ db: database.db, now }, { name: 'ping', key: 'after-stop' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await database.db.select().from(jobs).where(eq(jobs.key, 'after-stop')))[0]!.state).toBe(
      'queued',
    );
  });
});

// Two handles on one database are two instances; PGlite's embedded database belongs to one process.
describe.skipIf(!onPostgres)('two instances racing (PostgreSQL)', () => {
  it('run each queued job once and each recurring run once', async () => {
    const other = await fresh.open();
    const a = runner({ instanceId: 'a', batch: 3 });
    const b = runner({ instanceId: 'b', batch: 3 }, other.db);
    const handled: string[] = [];
    const sweeps: string[] = [];
    for (const [name, r] of [
      ['a', a],
      ['b', b],
    ] as const) {
      r.handle<{ n: number }>('work', async ({ n }) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        handled.push(`${n}`);
      });
      r.every('sweep', 60_000, async ({ tx }) => {
        sweeps.push(name);
        await tx.execute(sql`select pg_sleep(0.05)`); // holds the lock while the other tries
      });
    }
    for (let n = 0; n < 30; n++) await enqueue({ db: database.db, now }, { name: 'work', payload: { n } });
    const ranBy = new Map<string, number>();
    for (let round = 0; round < 20 && handled.length < 30; round++) {
      const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
      ranBy.set('a', (ranBy.get('a') ?? 0) + ra.jobs.length);
      ranBy.set('b', (ranBy.get('b') ?? 0) + rb.jobs.length);
    }
    expect(handled.sort((x, y) => Number(x) - Number(y))).toEqual(
      Array.from({ length: 30 }, (_, n) => `${n}`),
    );
    expect(ranBy.get('a')).toBeGreaterThan(0);
    expect(ranBy.get('b')).toBeGreaterThan(0);
    expect(sweeps).toHaveLength(1);
    clock.at(60_000);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(sweeps).toHaveLength(2);
  });
});
