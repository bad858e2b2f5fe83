import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { DeliveryError, type Channel } from './channel';

/** The VAPID keys and contact of this service (RFC 8292): push services tell our pushes apart by them. */
export interface PushSettings {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: contact the push service may use. */
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY when both are set; else the pair kept in DATA_DIR/vapid.json, made on the
 * first start. Every instance of a deployment must share one pair (set them, or share DATA_DIR): a browser's
 * subscription is bound to the public key it subscribed with.
 */
export function loadPushSettings(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  publicOrigin: string,
): PushSettings {
  const subject = vapidSubject(env, publicOrigin);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  if (!!env.VAPID_PUBLIC_KEY !== !!env.VAPID_PRIVATE_KEY)
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all.');
  const file = join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...kept, subject };
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
}

/**
 * The contact push services may use (the VAPID `sub`): VAPID_SUBJECT, else PUBLIC_ORIGIN when it is https:, else the
 * mailbox of MAIL_FROM. Push services (and `web-push`) take only an https: URL or a mailto: address: a server on
 * plain http (a test server, a first install) would otherwise fail every push.
 */
export function vapidSubject(env: NodeJS.ProcessEnv, publicOrigin: string): string {
  if (env.VAPID_SUBJECT) {
    if (!/^(https:\/\/|mailto:)\S+$/.test(env.VAPID_SUBJECT))
      throw new Error('VAPID_SUBJECT is an https: URL or a mailto: address.');
    return env.VAPID_SUBJECT;
  }
  if (publicOrigin.startsWith('https://')) return publicOrigin;
  const from = env.MAIL_FROM ?? '';
  const mailbox =
    (/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? /^\S+@\S+$/.exec(from.trim())?.[0]) || undefined;
  return `mailto:${mailbox ?? 'push@localhost'}`;
}

/** Where the push channel finds a subscription's keys, and drops one the push service says is gone. */
export interface PushStore {
  keysOf(endpoint: string): Promise<{ p256dh: string; auth: string } | null>;
  drop(endpoint: string): Promise<void>;
}

/**
 * Web Push: the payload encrypted for the subscription (RFC 8291, aes128gcm) and signed with our VAPID key by the
 * `web-push` library, sent with fetch (the library's own sender speaks only https, and has no timeout of ours).
 * 404 and 410 mean the browser's subscription is gone: it is dropped, and the message fails for good.
 */
export function pushChannel(settings: PushSettings, store: PushStore, opts: { timeoutMs: number }): Channel {
  return {
    name: 'web-push',
    async send(message) {
      const keys = await store.keysOf(message.recipient);
      if (!keys) throw new DeliveryError('push: the subscription is gone', true);
      const link = typeof message.payload.link === 'string' ? message.payload.link : undefined;
      const request = webpush.generateRequestDetails(
        { endpoint: message.recipient, keys },
        JSON.stringify({
          title: message.subject,
          body: message.body,
          url: link,
          tag: `outbox-${message.id}`,
        }),
        {
          vapidDetails: settings,
          TTL: 24 * 3600,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      );
      const headers = { ...request.headers } as Record<string, string>;
      delete headers['Content-Length'];
      let res: Response;
      try {
        res = await fetch(request.endpoint, {
          method: request.method,
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
      } catch (err) {
        const refused = (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
        throw new DeliveryError(`push service unreachable: ${(err as Error).message}`, false, !refused);
      }
      if (res.status === 404 || res.status === 410) {
        await store.drop(message.recipient);
        throw new DeliveryError(`push ${res.status}: the subscription is gone`, true);
      }
      if (!res.ok) {
        // 429 and 5xx pass; any other refusal (a bad VAPID signature, a payload too big) will not change.
        const passing = res.status === 429 || res.status >= 500;
        throw new DeliveryError(`push HTTP ${res.status}`, !passing);
      }
      return { providerId: res.headers.get('location') ?? `push-${message.id}` };
    },
  };
}
