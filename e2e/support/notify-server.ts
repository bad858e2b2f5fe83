// A server of its own for e2e/notifications.spec.ts: the built bundle (dist-server/, which the run's webServer made)
// on a fresh DATA_DIR, delivering for real on loopback — letters to an SMTP server, SMS to the SMSC stand-in, pushes
// to a local push service that decrypts them (RFC 8291) — with a short chat batch window and a clock the spec sets
// (POST /api/staff/test/clock/). The run's shared server keeps its sandbox drivers and its real clock: no other spec
// sees any of this.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { startLocalSmtp, type LocalSmtp } from '../../tests/server/helpers/smtp-server';
import { startSmscStandIn, type SmscStandIn } from '../../tests/server/helpers/smsc-stand-in';
import { startPushStandIn, type PushStandIn } from '../../tests/server/helpers/push-stand-in';
import { createStaffKeys, roleOf, type StaffKeys } from './staff-keys';
import { startBuiltServer, type BuiltServer } from './built-server';

/** The chat batch window of this server, in seconds. */
export const BATCH_SECONDS = 5;

export interface NotifyServer {
  url: string;
  smtp: LocalSmtp;
  smsc: SmscStandIn;
  push: PushStandIn;
  /** A staff call to this server, with its own key of the role the endpoint table names. */
  staff<T = unknown>(
    request: APIRequestContext,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    data?: unknown,
  ): Promise<T>;
  /**
   * Sets the server's clock to the next moment after its present one when Moscow's wall clock reads `hh:mm:ss`
   * (the clock only goes forward, so sessions and keys made before stay good), and answers that moment.
   */
  moscowTime(hhmmss: string): Promise<Date>;
  close(): Promise<void>;
}

export async function startNotifyServer(): Promise<NotifyServer> {
  const [smtp, smsc, push] = await Promise.all([startLocalSmtp(), startSmscStandIn(), startPushStandIn()]);
  const token = `e2e-notify-${randomBytes(24).toString('base64url')}`;
  const stopStandIns = () => Promise.all([smtp.close(), smsc.close(), push.close()]);
  let server: BuiltServer;
  try {
    server = await startBuiltServer('notifications', () => ({
      STAFF_TOKEN: token,
      TEST_HOOKS: '1',
      TRUST_PROXY: '1',
      NOTIFY_BATCH_SECONDS: String(BATCH_SECONDS),
      MAIL_DRIVER: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.mail.port),
      SMTP_TLS: '0',
      MAIL_FROM: 'Личный кабинет <noreply@cabinet.test>',
      SMS_DRIVER: 'smsc',
      SMSC_URL: smsc.url,
      SMSC_LOGIN: 'shop',
      SMSC_PASSWORD: 'secret',
      SMSC_SENDER: 'Cabinet',
    }));
  } catch (err) {
    await stopStandIns();
    throw err;
  }
  const { url } = server;
  const stopAll = async () => {
    await server.close();
    await stopStandIns();
  };
  let keys: StaffKeys;
  try {
    // The keys outlive any clock the spec sets (a month ahead at most).
    keys = await createStaffKeys(url, token, 90 * 86_400_000);
  } catch (err) {
    await stopAll();
    throw err;
  }

  // What the server's clock read when last set, and when (by this process's clock): it runs on from there.
  let set = { server: Date.now(), here: Date.now() };
  const setClock = async (at: Date) => {
    const res = await fetch(`${url}/api/staff/test/clock/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${keys[roleOf('POST', '/test/clock/')]}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ now: at.toISOString() }),
    });
    if (!res.ok) throw new Error(`setting the clock → ${res.status} ${await res.text()}`);
    set = { server: at.getTime(), here: Date.now() };
  };

  return {
    url,
    smtp,
    smsc,
    push,
    async staff<T>(
      request: APIRequestContext,
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      path: string,
      data?: unknown,
    ) {
      const res = await request.fetch(`${url}/api/staff${path}`, {
        method,
        headers: { authorization: `Bearer ${keys[roleOf(method, path)]}` },
        ...(data === undefined ? {} : { data }),
      });
      if (!res.ok()) throw new Error(`staff ${method} ${path} → ${res.status()} ${await res.text()}`);
      return (await res.json()) as T;
    },
    async moscowTime(hhmmss) {
      const [h, m, s] = hhmmss.split(':').map(Number) as [number, number, number];
      const present = set.server + (Date.now() - set.here) + 1000;
      // Moscow is UTC+3 all year.
      const day = new Date(present + 3 * 3600_000);
      let at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h - 3, m, s);
      if (at <= present) at += 86_400_000;
      await setClock(new Date(at));
      return new Date(at);
    },
    close: stopAll,
  };
}
