// A server of its own for e2e/notifications.spec.ts: the built bundle (dist-server/, which the run's webServer made)
// on a fresh DATA_DIR, delivering for real on loopback — letters to an SMTP server, SMS to the SMSC stand-in, pushes
// to a local push service that decrypts them (RFC 8291) — with a short chat batch window and a clock the spec sets
// (POST /api/staff/test/clock/). The run's shared server keeps its sandbox drivers and its real clock: no other spec
// sees any of this.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { startLocalSmtp, type LocalSmtp } from '../../tests/server/helpers/smtp-server';
import { startSmscStandIn, type SmscStandIn } from '../../tests/server/helpers/smsc-stand-in';
import { startPushStandIn, type PushStandIn } from '../../tests/server/helpers/push-stand-in';
import { createStaffKeys, roleOf, type StaffKeys } from './staff-keys';

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

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function waitForHealth(url: string, child: ChildProcess) {
  const until = Date.now() + 45_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the notifications server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the notifications server did not start within 45 s');
}

export async function startNotifyServer(): Promise<NotifyServer> {
  const bundle = join(process.cwd(), 'dist-server', 'main.mjs');
  if (!existsSync(bundle)) throw new Error('dist-server/main.mjs is missing: the e2e webServer builds it');
  const [smtp, smsc, push] = await Promise.all([startLocalSmtp(), startSmscStandIn(), startPushStandIn()]);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cabinet-e2e-notify-'));
  const token = `e2e-notify-${randomBytes(24).toString('base64url')}`;
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_ORIGIN: url,
      STAFF_TOKEN: token,
      TEST_HOOKS: '1',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? './dist',
      NOTIFY_BATCH_SECONDS: String(BATCH_SECONDS),
      // As the other e2e servers: this machine's stalls are not the overload load shedding is for.
      SHED_MAX_LAG_MS: '2000',
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
    },
  });
  const stopAll = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await Promise.all([smtp.close(), smsc.close(), push.close()]);
  };
  let keys: StaffKeys;
  try {
    await waitForHealth(url, child);
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
