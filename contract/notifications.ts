// Service notifications (docs/notifications.md): what the customer is told while away from the cabinet, by which
// channel each kind may go, and what is on before the customer changes anything. No zod here: the profile page's
// first visit may import this file; the schemas are in profile.api.ts.

/** The ways out: a letter, a text to the customer's confirmed phone, a push to the browsers they subscribed. */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Every kind of service notification, with the channels it may use and what each is set to until the customer
 * changes it. Letters are on: they are about the customer's own order. SMS go only for the two kinds that cannot
 * wait (work ready; payment needed before the deadline), are on for those, and go only while `sms_delivery` is on
 * and the phone is confirmed. Pushes are on for every kind, and go only to browsers the customer subscribed.
 */
export const NOTIFICATION_KINDS = {
  chat_message: {
    title: 'Новое сообщение от автора или менеджера',
    defaults: { email: true, push: true },
  },
  payment_needed: {
    title: 'Заказ оценён и ждёт оплаты',
    defaults: { email: true, sms: true, push: true },
  },
  work_ready: {
    title: 'Работа загружена или заказ выполнен',
    defaults: { email: true, sms: true, push: true },
  },
  rework_answered: {
    title: 'Ответ по доработке',
    defaults: { email: true, push: true },
  },
  guarantee_ending: {
    title: 'Гарантия заканчивается через 3 дня',
    defaults: { email: true, push: true },
  },
  payment_received: {
    title: 'Оплата получена',
    defaults: { email: true, push: true },
  },
  money_decided: {
    title: 'Решение по выводу, возврату или сторно',
    defaults: { email: true, push: true },
  },
} as const satisfies Record<
  string,
  { title: string; defaults: Partial<Record<NotificationChannel, boolean>> }
>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** The channels a kind may use. */
export const channelsOf = (kind: NotificationKind): NotificationChannel[] =>
  NOTIFICATION_CHANNELS.filter((c) => c in NOTIFICATION_KINDS[kind].defaults);

/** Per kind, per allowed channel: on or off. */
export type NotificationSettings = { [K in NotificationKind]: Partial<Record<NotificationChannel, boolean>> };

/** The settings of a customer who changed nothing. */
export function defaultNotificationSettings(): NotificationSettings {
  const out = {} as NotificationSettings;
  for (const kind of NOTIFICATION_KIND_NAMES) out[kind] = { ...NOTIFICATION_KINDS[kind].defaults };
  return out;
}

/** Stored changes over the defaults; anything not a known kind and allowed channel is ignored. */
export function mergeNotificationSettings(
  base: NotificationSettings,
  changes: Record<string, Record<string, unknown> | undefined> | null | undefined,
): NotificationSettings {
  const out = {} as NotificationSettings;
  for (const kind of NOTIFICATION_KIND_NAMES) {
    out[kind] = { ...base[kind] };
    const change = changes?.[kind];
    if (!change) continue;
    for (const channel of channelsOf(kind))
      if (typeof change[channel] === 'boolean') out[kind][channel] = change[channel];
  }
  return out;
}

/** Where the night silence of SMS is kept unless the customer's own zone is known. */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';
/** SMS wait from 22:00 to 08:00 local time; one due then goes at 08:00. */
export const SMS_QUIET_HOURS = { from: 22, to: 8 } as const;

export const NOTIFICATION_MESSAGES = {
  unknownKind: 'Нет такого вида уведомлений.',
  badSetting: 'Значение переключателя — true или false.',
  notAllowed: 'Этот вид уведомлений этим каналом не отправляется.',
  linkDead: 'Ссылка для отписки недействительна.',
} as const;

/** One switch of the profile's notifications group: a kind and one of its channels, as a form field's name. */
export type NotificationSwitch = {
  [K in NotificationKind]: `notify_${K}_${keyof (typeof NOTIFICATION_KINDS)[K]['defaults'] & string}`;
}[NotificationKind];

/** Every switch, kind by kind, each with what it names. */
export const NOTIFICATION_SWITCHES: {
  key: NotificationSwitch;
  kind: NotificationKind;
  channel: NotificationChannel;
}[] = NOTIFICATION_KIND_NAMES.flatMap((kind) =>
  channelsOf(kind).map((channel) => ({
    key: `notify_${kind}_${channel}` as NotificationSwitch,
    kind,
    channel,
  })),
);
