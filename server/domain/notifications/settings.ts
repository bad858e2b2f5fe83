// A customer's service-notification settings: stored changes over the contract's defaults, the confirmed phone and
// the time zone of the SMS night silence (docs/notifications.md).
import { eq, sql } from 'drizzle-orm';
import { notificationSettings, profiles, users } from '../../db/tables';
import type { Executor } from '../../jobs/runner';
import {
  DEFAULT_TIME_ZONE,
  defaultNotificationSettings,
  mergeNotificationSettings,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
} from '../../../contract/notifications';
import type { NotificationsPatch } from '../../../contract/profile.api';

export interface CustomerNotifying {
  email: string;
  phone: string | null;
  settings: NotificationSettings;
  /** The phone is set and is the one the customer proved theirs. */
  phoneConfirmed: boolean;
  /** The SMS channel's own switch (the profile's `sms_delivery`). */
  smsDelivery: boolean;
  timeZone: string;
}

/** What the notifier and the profile need of one customer; null when the customer is gone. */
export async function readNotifying(db: Executor, userId: number): Promise<CustomerNotifying | null> {
  const [row] = await db
    .select({
      email: users.email,
      phone: users.phone,
      switches: notificationSettings.switches,
      confirmedPhone: notificationSettings.confirmedPhone,
      timeZone: notificationSettings.timeZone,
      smsDelivery: profiles.smsDelivery,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    email: row.email,
    phone: row.phone,
    settings: mergeNotificationSettings(defaultNotificationSettings(), row.switches),
    phoneConfirmed: Boolean(row.phone) && row.phone === row.confirmedPhone,
    // A profile row is made on the first profile write; until then the column's default holds.
    smsDelivery: row.smsDelivery ?? true,
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** Merges switches into the stored changes (one statement: two saves at once both keep their switches). */
export async function changeNotificationSettings(
  db: Executor,
  userId: number,
  patch: NotificationsPatch,
  now: Date,
): Promise<void> {
  const changes: Record<string, Record<string, boolean>> = {};
  for (const [kind, switches] of Object.entries(patch)) {
    if (!switches) continue;
    const set = Object.fromEntries(Object.entries(switches).filter(([, v]) => typeof v === 'boolean'));
    if (Object.keys(set).length) changes[kind] = set as Record<string, boolean>;
  }
  if (!Object.keys(changes).length) return;
  const json = JSON.stringify(changes);
  // Per kind: the stored channels, then the new ones over them.
  await db
    .insert(notificationSettings)
    .values({ userId, switches: changes, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: {
        switches: sql`(select coalesce(jsonb_object_agg(k, coalesce(${notificationSettings.switches} -> k, '{}'::jsonb) || v), '{}'::jsonb)
            from jsonb_each(${json}::jsonb) as e(k, v)) || (${notificationSettings.switches} - array(select jsonb_object_keys(${json}::jsonb)))`,
        updatedAt: now,
      },
    });
}

/** Turns one kind's channel off (the letter's unsubscribe link); a customer gone meanwhile has nothing to turn off. */
export async function switchOff(
  db: Executor,
  userId: number,
  kind: NotificationKind,
  channel: NotificationChannel,
  now: Date,
): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (user) await changeNotificationSettings(db, userId, { [kind]: { [channel]: false } }, now);
}

/** The customer entered a code sent to this phone: SMS notifications may go to it. */
export async function confirmPhone(db: Executor, userId: number, phone: string, now: Date): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, confirmedPhone: phone, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { confirmedPhone: phone, updatedAt: now },
    });
}
