// The idempotency keys' clean-up (idempotency.prune, every minute on the job runner): a key replays its answer for
// IDEMPOTENCY_KEEP_MS, then goes; a pass deletes a bounded batch, the oldest first, and its plan reads the batch
// through idempotency_keys_created_idx, never the whole table. On PGlite, and on PostgreSQL with DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useHarness } from './harness';
import { credit, customer, finances, newKey, post, verify } from './payments-fixtures';
import { createJobRunner } from '../../server/jobs/runner';
import { IDEMPOTENCY_PRUNE_JOB, PRUNE_MS, registerJobs } from '../../server/jobs/tasks';
import {
  IDEMPOTENCY_KEEP_MS,
  idempotencyPruneSql,
  pruneIdempotencyKeys,
} from '../../server/domain/idempotency';

const CARD = { method: 'card', requisites: { card_number: '4111111111111111' } };
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

describe('the idempotency-key clean-up', () => {
  const h = useHarness();

  const keys = async () =>
    rowsOf<{ key: string }>(await h.deps.db.execute(sql`select key from idempotency_keys order by key`)).map(
      (r) => r.key,
    );

  it('replays a key within its window, drops it after on the runner, and keeps the younger ones', async () => {
    const c = await customer(h);
    await credit(h, c, 3000);
    await verify(h, c);
    const runner = createJobRunner({ db: h.deps.db, now: h.deps.now });
    registerJobs(runner, h.deps);
    const withdraw = (key: string) => post(h, c, 'repayment/', { amount: 700, ...CARD }, key);

    const old = newKey();
    const first = await withdraw(old);
    expect(first.status).toBe(201);
    const answer: unknown = await first.json();
    h.clock.advance(IDEMPOTENCY_KEEP_MS - 60_000);
    const young = newKey();
    expect((await withdraw(young)).status).toBe(201);
    // A minute before its week is over the key still replays: no second withdrawal.
    const replay = await withdraw(old);
    expect(await replay.json()).toEqual(answer);
    expect((await runner.runDue()).recurring).toContain(IDEMPOTENCY_PRUNE_JOB);
    expect((await finances(h, c)).money).toBe(1600);
    expect(await keys()).toEqual([old, young].sort());

    h.clock.advance(PRUNE_MS + 1);
    expect((await runner.runDue()).recurring).toContain(IDEMPOTENCY_PRUNE_JOB);
    expect(await keys()).toEqual([young]);
    // Past its window the key is a new request (the page that made it is long gone).
    expect((await withdraw(old)).status).toBe(201);
    expect((await finances(h, c)).money).toBe(900);
  });

  it('deletes a backlog in bounded passes, the oldest first, up to its cutoff', async () => {
    const c = await customer(h);
    const t0 = Date.parse('2026-03-01T10:00:00Z');
    const at = (min: number) => new Date(t0 + min * 60_000).toISOString();
    const made = [3, 0, 6, 2, 5, 1, 4].map(
      (m) => sql`(${c.id}::int, ${'k' + m}, 'h', ${at(m)}::timestamptz)`,
    );
    await h.deps.db.execute(sql`insert into idempotency_keys (user_id, key, request_hash, created_at)
      select v.user_id, v.key, v.hash, v.created_at from (values ${sql.join(made, sql`, `)})
        as v(user_id, key, hash, created_at)`);
    const opts = { before: new Date(at(6)), limit: 2 };
    expect(await pruneIdempotencyKeys(h.deps.db, opts)).toBe(2);
    expect(await keys()).toEqual(['k2', 'k3', 'k4', 'k5', 'k6']);
    expect(await pruneIdempotencyKeys(h.deps.db, opts)).toBe(2);
    expect(await pruneIdempotencyKeys(h.deps.db, opts)).toBe(2);
    // k6 was made at the cutoff itself: nothing more goes.
    expect(await pruneIdempotencyKeys(h.deps.db, opts)).toBe(0);
    expect(await keys()).toEqual(['k6']);
  });

  it('reads its batch through the index on created_at and deletes by row address, never scanning the table', async () => {
    const c = await customer(h);
    await h.deps.db.execute(sql`insert into idempotency_keys (user_id, key, request_hash, created_at)
      select ${c.id}, 'bulk-' || i, 'h', now() - i * interval '1 minute' from generate_series(1, 20000) as i`);
    await h.deps.db.execute(sql`analyze idempotency_keys`);
    const plan = JSON.stringify(
      rowsOf<Record<string, unknown>>(
        await h.deps.db.execute(
          sql`explain (format json) ${idempotencyPruneSql(new Date(Date.now() - 60_000), 1000)}`,
        ),
      ),
    );
    expect(plan).toContain('"Index Name":"idempotency_keys_created_idx"');
    expect(plan).toContain('"Node Type":"Tid Scan"');
    expect(plan).not.toContain('"Node Type":"Seq Scan"');
  });
});
