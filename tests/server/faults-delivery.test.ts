// The mail server down for longer than the outbox tries (issue 34, docs/faults.md): the customer's request that
// queues a letter answers at once, the outbox tries on its backoff, and the message then stays failed with the
// reason, which staff read in GET /api/staff/outbox/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { createCustomer, readOutbox } from './helpers/auth';
import { freePort } from './helpers/pg-cluster';
import { loopbackMail } from './helpers/smtp-server';
import { createChannels } from '../../server/delivery/channels';
import { SANDBOX_DELIVERY } from '../../server/delivery/settings';
import { registerOutbox, type OutboxChannels } from '../../server/delivery/worker';
import { createJobRunner, type JobRunner } from '../../server/jobs/runner';

describe('an SMTP outage longer than the retries', () => {
  const h = useHarness();
  let channels: OutboxChannels;
  let runner: JobRunner;

  beforeAll(async () => {
    // Nobody listens on this port: every connection is refused, as with a mail server that is down.
    const port = await freePort();
    channels = createChannels({
      delivery: {
        ...SANDBOX_DELIVERY,
        mail: loopbackMail(port),
      },
      publicOrigin: h.deps.config.publicOrigin,
    });
    runner = createJobRunner({ db: h.deps.db, now: () => h.clock.now });
    registerOutbox(runner, h.deps, channels);
  });
  afterAll(() => channels?.email.close?.());

  it('answers the customer at once, then leaves the letter failed with its reason for staff', async () => {
    const c = await createCustomer(h, { email: 'outage@example.com' });
    const started = performance.now();
    const res = await h.request('/api/client/auth/password_change/', {
      method: 'POST',
      json: { email: c.email },
    });
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    expect(ms).toBeLessThan(1_000); // the letter waits in the outbox; the customer does not wait for the mail server

    let passes = 0;
    for (; passes < 12; passes++) {
      await runner.runDue();
      const [m] = await readOutbox(h, { recipient: c.email });
      if (m?.status === 'failed') break;
      h.clock.advance(3_600_000);
    }
    const [failed] = await readOutbox(h, { recipient: c.email });
    console.info(
      `SMTP down: the restore request answered in ${Math.round(ms)} ms; the letter failed after ${failed?.attempts} ` +
        `tries: ${failed?.last_error}`,
    );
    expect(failed).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(failed!.attempts).toBeGreaterThan(1);
    expect(failed!.last_error).toMatch(/ECONNREFUSED/);
    expect((await readOutbox(h, { status: 'failed' })).map((m) => m.recipient)).toContain(c.email);
  });
});
