// Moscow time and the Russian way of writing a date, for both sides. Every date of the cabinet is read in Moscow time
// (UTC+3 the whole year), and the server counts its calendar days the same way.
//
// The texts are built here without Intl on purpose: the first Intl.DateTimeFormat or Intl.NumberFormat of a page
// loads the locale's ICU data, and in Chromium that took 105–265 ms of the main thread at a 4× CPU slowdown (issue 36,
// measured on this machine), on the signed-in cabinet's first screen. The output is Intl's own for 'ru-RU' (the
// tests compare the two over thousands of moments); only moments before Moscow's last change of offset ask Intl.

const HOUR_MS = 60 * 60 * 1000;
/** Moscow is UTC+3 with no daylight saving. */
export const MSK_OFFSET_MS = 3 * HOUR_MS;
/** Moscow has kept UTC+3 all year since 26 October 2014, 02:00 local time (22:00 UTC on the 25th). */
const MSK_FIXED_SINCE = Date.UTC(2014, 9, 25, 22);

/** The calendar fields of a moment on some clock; `month` runs 1–12. */
export interface ClockParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** 'YYYY-MM-DD' of the moment in Moscow. */
export function mskDay(at: Date | number | string): string {
  return new Date(new Date(at).getTime() + MSK_OFFSET_MS).toISOString().slice(0, 10);
}

let historicMoscow: Intl.DateTimeFormat | undefined;

/** The moment on Moscow's clock (`at` must be a valid date). */
export function moscowParts(at: Date): ClockParts {
  const time = at.getTime();
  if (time >= MSK_FIXED_SINCE) {
    const m = new Date(time + MSK_OFFSET_MS);
    return {
      year: m.getUTCFullYear(),
      month: m.getUTCMonth() + 1,
      day: m.getUTCDate(),
      hour: m.getUTCHours(),
      minute: m.getUTCMinutes(),
    };
  }
  // Before 2014 Moscow had other offsets and summer time: the time-zone database knows them.
  historicMoscow ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Moscow',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts: ClockParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const { type, value } of historicMoscow.formatToParts(at)) {
    if (type in parts) parts[type as keyof ClockParts] = Number(value);
  }
  return parts;
}

/** The moment on the device's own clock (the chat shows messages so). */
export function localParts(at: Date): ClockParts {
  return {
    year: at.getFullYear(),
    month: at.getMonth() + 1,
    day: at.getDate(),
    hour: at.getHours(),
    minute: at.getMinutes(),
  };
}

/** A real calendar day written as 'YYYY-MM-DD' (2026-02-30 is not) as calendar fields (midnight); else null. */
export function dayParts(day: string): ClockParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]), hour: 0, minute: 0 };
}

const GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];
const SHORT = [
  'янв.',
  'февр.',
  'мар.',
  'апр.',
  'мая',
  'июн.',
  'июл.',
  'авг.',
  'сент.',
  'окт.',
  'нояб.',
  'дек.',
];

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** '5 декабря'. */
export const ruDayMonth = (p: ClockParts) => `${p.day} ${GENITIVE[p.month - 1]}`;
/** '5 декабря 2026 г.'. */
export const ruLongDay = (p: ClockParts) => `${ruDayMonth(p)} ${p.year} г.`;
/** '5 дек. 2026 г.'. */
export const ruShortMonthDay = (p: ClockParts) => `${p.day} ${SHORT[p.month - 1]} ${p.year} г.`;
/** '05.12.2026'. */
export const ruNumericDay = (p: ClockParts) => `${two(p.day)}.${two(p.month)}.${p.year}`;
/** '09:05'. */
export const ruTime = (p: ClockParts) => `${two(p.hour)}:${two(p.minute)}`;

/** A moment as the customer reads it: '12 декабря 2026, 14:30' (Moscow time, as every date of the cabinet). */
export function formatMoment(iso: string | Date): string {
  const at = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(at.getTime())) return String(iso);
  const p = moscowParts(at);
  return `${ruDayMonth(p)} ${p.year}, ${ruTime(p)}`;
}
