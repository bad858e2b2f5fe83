import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { createCustomer, readOutbox } from './helpers/auth';
import { startLocalSmtp, type LocalSmtp } from './helpers/smtp-server';
import { createChannels } from '../../server/delivery/channels';
import { SANDBOX_DELIVERY, type DeliverySettings } from '../../server/delivery/settings';
import { registerOutbox, type OutboxChannels } from '../../server/delivery/worker';
import { createJobRunner, type JobRunner } from '../../server/jobs/runner';
import { sendToOutbox } from '../../server/domain/outbox';

const RESTORE = '/api/client/auth/password_change/';

describe('e-mail over SMTP', () => {
  const h = useHarness();
  let smtp: LocalSmtp;
  let channels: OutboxChannels;
  let settings: DeliverySettings;
  let runner: JobRunner;
  /** One pass of the job runner; what became of each message it took. */
  const deliver = async () => (await runner.runDue()).jobs.length;
  const stateOf = async (recipient: string) => (await readOutbox(h, { recipient }))[0]!;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    settings = {
      ...SANDBOX_DELIVERY,
      mail: smtp.mail,
    };
    channels = createChannels({ delivery: settings, publicOrigin: h.deps.config.publicOrigin });
    runner = createJobRunner({ db: h.deps.db, now: () => h.clock.now });
    registerOutbox(runner, h.deps, channels);
  });
  afterAll(async () => {
    await channels?.email.close?.();
    await smtp?.close();
  });

  it('delivers a restore letter whole, text and HTML, from the service, and its link sets the password', async () => {
    smtp.letters.length = 0;
    const c = await createCustomer(h, { email: 'reader@example.com' });
    expect((await h.request(RESTORE, { method: 'POST', json: { email: c.email } })).status).toBe(200);
    const [queued] = await readOutbox(h, { recipient: c.email });
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, sent_at: null });

    expect(await deliver()).toBe(1);
    expect(smtp.letters).toHaveLength(1);
    const letter = smtp.letters[0]!;
    expect(letter.from?.value).toEqual([{ name: 'Личный кабинет', address: 'noreply@cabinet.test' }]);
    expect(letter.to && 'value' in letter.to ? letter.to.value[0]?.address : undefined).toBe(c.email);
    expect(letter.subject).toBe('Восстановление пароля');
    expect(letter.headers.get('content-language')).toBe('ru');
    expect(letter.headers.has('list-unsubscribe')).toBe(false); // an answer to the customer's own request
    expect(letter.text).toContain(queued!.body);
    const html = String(letter.html);
    expect(html).toContain('<table role="presentation"');
    expect(html).toContain('lang="ru"');

    // The HTML's button leads to the same page as the text's link, and that page sets the password.
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    expect(new Set(hrefs)).toEqual(new Set([String(queued!.payload.link)]));
    const token = /\/change-password\/([A-Za-z0-9_-]+)\/$/.exec(hrefs[0]!)?.[1];
    const set = await h.request(`${RESTORE}${token}/`, {
      method: 'PATCH',
      json: { password: 'from-the-letter-1', password_confirm: 'from-the-letter-1' },
    });
    expect(set.status).toBe(200);

    const [sent] = await readOutbox(h, { recipient: c.email });
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(sent!.provider_id).toBe(letter.messageId);
    expect(sent!.sent_at).not.toBeNull();
  });

  it('puts List-Unsubscribe on notifications and escapes what the customer typed', async () => {
    smtp.letters.length = 0;
    await sendToOutbox(h.deps, {
      channel: 'email',
      recipient: 'new@example.com',
      subject: 'Добро пожаловать в личный кабинет',
      body: 'Здравствуйте, <b>Иван</b> & co! Войти: http://localhost:3000/home',
      kind: 'welcome',
      payload: { link: 'http://localhost:3000/home' },
    });
    expect(await deliver()).toBe(1);
    const letter = smtp.letters[0]!;
    const raw = letter.headerLines.find((l) => l.key === 'list-unsubscribe')?.line.replace(/\r\n\s+/g, ' ');
    expect(raw).toBe(
      'List-Unsubscribe: <http://localhost:3000/profile>, <mailto:noreply@cabinet.test?subject=unsubscribe>',
    );
    expect(String(letter.html)).toContain('Здравствуйте, &lt;b&gt;Иван&lt;/b&gt; &amp; co!');
    expect(letter.text).toContain('Здравствуйте, <b>Иван</b> & co!');
  });

  it('retries a 4xx after the backoff, fails a 5xx at once, and fails a 4xx after the last try, with the reason', async () => {
    smtp.letters.length = 0;
    smtp.refuse.set('busy@example.com', { code: 451, text: 'Mailbox busy, try later' });
    smtp.refuse.set('gone@example.com', { code: 550, text: 'No such user' });
    smtp.refuse.set('full@example.com', { code: 452, text: 'Mailbox full' });
    for (const recipient of ['busy@example.com', 'gone@example.com', 'full@example.com'])
      await sendToOutbox(h.deps, {
        channel: 'email',
        recipient,
        subject: 'Код',
        body: 'Код: 1',
        kind: 'login_code',
      });

    expect(await deliver()).toBe(3);
    const gone = await stateOf('gone@example.com');
    expect(gone).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null });
    expect(gone.last_error).toMatch(/550.*No such user/);
    const busy = await stateOf('busy@example.com');
    expect(busy).toMatchObject({ status: 'pending', attempts: 1 });
    expect(busy.last_error).toMatch(/451.*Mailbox busy/);
    expect(Date.parse(busy.next_attempt_at!)).toBeGreaterThan(h.clock.now.getTime());

    // Nothing before its time; then the busy box takes it, and the full one stays full until the last try.
    expect(await deliver()).toBe(0);
    smtp.refuse.delete('busy@example.com');
    h.clock.advance(60_000);
    expect(await deliver()).toBe(2);
    expect(await stateOf('busy@example.com')).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: null,
    });
    for (let pass = 0; pass < 10; pass++) {
      h.clock.advance(3_600_000);
      await deliver();
    }
    const full = await stateOf('full@example.com');
    expect(full).toMatchObject({ status: 'failed', attempts: 6, next_attempt_at: null });
    expect(full.last_error).toMatch(/452.*Mailbox full/);
    expect(smtp.letters.map((l) => l.to && 'value' in l.to && l.to.value[0]?.address)).toEqual([
      'busy@example.com',
    ]);
    expect((await readOutbox(h, { status: 'failed' })).map((m) => m.recipient).sort()).toEqual([
      'full@example.com',
      'gone@example.com',
    ]);
  });
});
