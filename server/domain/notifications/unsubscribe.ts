// The letters' one-click unsubscribe links (RFC 8058): signed, so they work signed out, and each names one
// customer, one kind and one channel. They do not expire: a letter read months later must still let go.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  channelsOf,
  NOTIFICATION_KIND_NAMES,
  type NotificationChannel,
  type NotificationKind,
} from '../../../contract/notifications';

export interface UnsubscribeTarget {
  userId: number;
  kind: NotificationKind;
  channel: NotificationChannel;
}

const sign = (secret: Uint8Array, data: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${data}`).digest('base64url').slice(0, 32);

export function unsubscribeToken(secret: Uint8Array, t: UnsubscribeTarget): string {
  const data = `${t.userId}.${t.kind}.${t.channel}`;
  return `${data}.${sign(secret, data)}`;
}

/** The target of a token whose signature holds; null for anything else. */
export function readUnsubscribeToken(secret: Uint8Array, token: string): UnsubscribeTarget | null {
  const m = /^(\d{1,10})\.([a-z_]{1,40})\.([a-z]{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const [, id, kind, channel, sig] = m as unknown as [string, string, string, string, string];
  const expected = Buffer.from(sign(secret, `${id}.${kind}.${channel}`));
  if (!timingSafeEqual(expected, Buffer.from(sig))) return null;
  if (!NOTIFICATION_KIND_NAMES.includes(kind as NotificationKind)) return null;
  if (!channelsOf(kind as NotificationKind).includes(channel as NotificationChannel)) return null;
  return { userId: Number(id), kind: kind as NotificationKind, channel: channel as NotificationChannel };
}

export const UNSUBSCRIBE_PATH = '/api/client/notifications/unsubscribe/';

export const unsubscribeLink = (origin: string, secret: Uint8Array, t: UnsubscribeTarget) =>
  `${origin}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(secret, t)}`;
