import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { createCustomer, readOutbox } from './helpers/auth';
import { startSmscStandIn, type SmscStandIn } from './helpers/smsc-stand-in';
import { createChannels } from '../../server/delivery/channels';
import { SANDBOX_DELIVERY } from '../../server/delivery/settings';
import { eq } from 'drizzle-orm';
import { jobs } from '../../server/db/tables';
import { OUTBOX_MAX_ATTEMPTS, outboxJobKey, registerOutbox } from '../../server/delivery/worker';
import { createJobRunner, type JobRunner } from '../../server/jobs/runner';
import { sendToOutbox } from '../../server/domain/outbox';

describe('SMS through SMSC', () => {
  const h = useHarness();
  let smsc: SmscStandIn;
  let runner: JobRunner;
  const deliver = async () => (await runner.runDue()).jobs.length;
  const stateOf = async (recipient: string) => (await readOutbox(h, { recipient }))[0]!;
  const sms = (recipient: string, body = 'Код: 123456') =>
    sendToOutbox(h.deps, { channel: 'sms', recipient, body, kind: 'login_code' });

  beforeAll(async () => {
    smsc = await startSmscStandIn();
    const channels = createChannels({
      delivery: {
        ...SANDBOX_DELIVERY,
        sms: { driver: 'smsc', url: smsc.url, login: 'shop', password: 'secret', sender: 'Cabinet' },
        outbox: { sendTimeoutMs: 1000 },
      },
      publicOrigin: h.deps.config.publicOrigin,
    });
    runner = createJobRunner({ db: h.deps.db, now: () => h.clock.now });
    registerOutbox(runner, h.deps, channels);
  });
  beforeEach(() => {
    Object.assign(smsc, { taken: [], lookups: [], balance: 100, outage: undefined, silent: false });
    smsc.undeliverable.clear();
  });
  afterAll(() => smsc?.close());

  it('sends a sign-in code to the phone with our id and sender, and records the gateway’s id', async () => {
    const c = await createCustomer(h, { phone: '+79991234567' });
    const res = await h.request('/api/client/auth/login/', {
      method: 'POST',
      json: { login: c.phone, method: 'code' },
    });
    expect(res.status).toBe(200);
    expect(await deliver()).toBe(1);
    const [queued] = await readOutbox(h, { recipient: '+79991234567' });
    expect(smsc.taken).toEqual([
      {
        at: expect.any(Number),
        id: `ob${queued!.id}`,
        phone: '79991234567',
        mes: queued!.body,
        sender: 'Cabinet',
      },
    ]);
    expect(queued!.body).toContain(String(queued!.payload.code));
    expect(queued).toMatchObject({
      status: 'sent',
      attempts: 1,
      provider_id: `ob${queued!.id}`,
      last_error: null,
    });
    expect(smsc.balance).toBe(99);
  });

  it('waits out an empty balance and an outage, then sends once', async () => {
    smsc.balance = 0;
    await sms('+79990000001');
    await deliver();
    expect(await stateOf('+79990000001')).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await stateOf('+79990000001')).last_error).toBe('SMSC error 3: no money');

    smsc.balance = 10;
    smsc.outage = 503;
    h.clock.advance(60_000);
    await deliver();
    // A 5xx may have come after the gateway took it: the next try asks before sending.
    expect(await stateOf('+79990000001')).toMatchObject({
      status: 'sending',
      attempts: 2,
      last_error: 'SMSC HTTP 503',
    });

    smsc.outage = undefined;
    h.clock.advance(60_000);
    await deliver();
    expect(await stateOf('+79990000001')).toMatchObject({ status: 'sent', attempts: 3 });
    expect(smsc.taken.map((m) => m.phone)).toEqual(['79990000001']);
    expect(smsc.lookups).toHaveLength(1);
  });

  it('fails at once on what no retry changes: a number the operator refuses, a bad number, a wrong password', async () => {
    smsc.undeliverable.add('79990000002');
    await sms('+79990000002');
    await sms('+7999');
    await deliver();
    expect(await stateOf('+79990000002')).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: "SMSC error 8: couldn't deliver",
    });
    expect(await stateOf('+7999')).toMatchObject({
      status: 'failed',
      last_error: 'SMSC error 7: invalid number',
    });

    const wrong = createChannels({
      delivery: {
        ...SANDBOX_DELIVERY,
        sms: { driver: 'smsc', url: smsc.url, login: 'shop', password: 'typo', sender: undefined },
      },
      publicOrigin: h.deps.config.publicOrigin,
    });
    const row = await sms('+79990000003');
    await expect(wrong.sms.send(row)).rejects.toMatchObject({
      message: 'SMSC error 2: authorise error',
      permanent: true,
    });
    expect(smsc.taken).toEqual([]);
  });

  it('does not send again a message the gateway took before the answer was lost', async () => {
    smsc.silent = true;
    const row = await sms('+79990000004');
    await deliver(); // times out after 1 s: the gateway has it, we do not know
    expect(await stateOf('+79990000004')).toMatchObject({ status: 'sending', attempts: 1 });
    expect((await stateOf('+79990000004')).last_error).toMatch(/SMSC unreachable/);

    smsc.silent = false;
    h.clock.advance(60_000);
    await deliver();
    expect(await stateOf('+79990000004')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smsc.lookups).toEqual([`ob${row.id}`]); // asked by our id, and found it: not sent again
    expect(smsc.taken).toHaveLength(1);
  });
  it('fails a message whose last try died with its instance, with the reason', async () => {
    smsc.silent = true;
    const row = await sms('+79990000005');
    await deliver(); // no answer: the row stays sending, the job waits for its next try
    expect(await stateOf('+79990000005')).toMatchObject({ status: 'sending', attempts: 1 });
    // Its last try was claimed by an instance that then died: the job is running under a lease nobody renews.
    await h.deps.db
      .update(jobs)
      .set({
        state: 'running',
        attempts: OUTBOX_MAX_ATTEMPTS,
        lockedBy: 'dead',
        lockedUntil: new Date(h.clock.now.getTime() + 60_000),
      })
      .where(eq(jobs.key, outboxJobKey(row.id)));
    smsc.silent = false;
    h.clock.advance(60_000);
    await deliver();
    const failed = await stateOf('+79990000005');
    expect(failed.status).toBe('failed');
    expect(failed.last_error).toMatch(/SMSC unreachable.* \/ lease ran out on the last attempt$/);
    expect(smsc.taken).toHaveLength(1); // the one try the gateway took; nothing sent after the job failed
    h.clock.advance(3_600_000);
    expect(await deliver()).toBe(0);
  });
});
