// The dates and numbers the cabinet writes without Intl (issue 36: the first Intl formatter of a page costs the
// main thread 100+ ms in Chromium) must read exactly as Intl's 'ru-RU' writes them. Each is compared with Intl here
// over many values: a month name, a padding or a rounding that differs fails.
import { describe, expect, it } from 'vitest';
import { formatMoment, localParts, moscowParts, mskDay, ruLongDay, ruTime } from '../../contract/moscow-time';
import { dayKey, dayLabel, timeLabel } from '../../src/features/chat/format';
import {
  formatDateTime,
  formatDay,
  formatDayMonth,
  formatShortDay,
  formatShortMonthDateTime,
  formatShortMonthDay,
} from '../../src/lib/dates';
import { formatFileSize, formatMoney, ruNumber } from '../../src/lib/money';

const msk = { timeZone: 'Europe/Moscow' } as const;
const intl = {
  longDay: new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', ...msk }),
  shortDay: new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', ...msk }),
  dateTime: new Intl.DateTimeFormat('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...msk,
  }),
  paymentMoment: new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...msk,
  }),
  dayMonth: new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', ...msk }),
  shortMonthDay: new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...msk,
  }),
  time: new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', ...msk }),
  localKey: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }),
  localDayMonth: new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' }),
  localLongDay: new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }),
  localTime: new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' }),
  number0: new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }),
  number1: new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }),
};

/** A reproducible spread of moments: every hour edge around midnight in Moscow, and random ones, 1991–2099. */
function moments(count: number): Date[] {
  let seed = 36;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const from = Date.UTC(1991, 0, 1);
  const to = Date.UTC(2099, 11, 31);
  const out: Date[] = [];
  for (let i = 0; i < count; i++)
    out.push(new Date(from + Math.floor((random() * (to - from)) / 60_000) * 60_000));
  // The hours around Moscow's midnight and the day of the switch to permanent UTC+3 (26 October 2014).
  for (let h = 19; h <= 23; h++)
    out.push(new Date(Date.UTC(2026, 11, 31, h, 59)), new Date(Date.UTC(2026, 1, 28, h)));
  for (let m = 0; m < 24 * 60; m += 15) out.push(new Date(Date.UTC(2014, 9, 25, 12) + m * 60_000));
  return out;
}

describe('Moscow dates written without Intl', () => {
  const all = moments(5000);

  it('put a moment on the Moscow calendar as the time-zone database does, before and after 2014', () => {
    for (const at of all) {
      expect(`${ruLongDay(moscowParts(at))} ${ruTime(moscowParts(at))}`, at.toISOString()).toBe(
        `${intl.longDay.format(at)} ${intl.time.format(at)}`,
      );
    }
  });

  it('read exactly as Intl ru-RU in each of the cabinet formats', () => {
    for (const at of all) {
      const iso = at.toISOString();
      expect(formatDay(iso), iso).toBe(intl.longDay.format(at));
      expect(formatShortDay(iso), iso).toBe(intl.shortDay.format(at));
      expect(formatDateTime(iso), iso).toBe(intl.dateTime.format(at));
      expect(formatShortMonthDateTime(iso), iso).toBe(intl.paymentMoment.format(at));
      expect(formatDayMonth(iso), iso).toBe(intl.dayMonth.format(at));
      expect(formatShortMonthDay(iso), iso).toBe(intl.shortMonthDay.format(at));
    }
  });

  it('write each month of the year in its Russian form', () => {
    expect(formatDay('2026-12-16')).toBe('16 декабря 2026 г.');
    expect(formatShortDay('2026-03-05')).toBe('05.03.2026');
    expect(formatDateTime('2026-03-12T11:05:00Z')).toBe('12.03.2026, 14:05');
    expect(formatShortMonthDay('2026-09-01T10:00:00Z')).toBe('1 сент. 2026 г.');
    for (let month = 1; month <= 12; month++) {
      const day = `2026-${String(month).padStart(2, '0')}-15`;
      expect(formatDay(day)).toBe(intl.longDay.format(new Date(`${day}T12:00:00Z`)));
      expect(formatShortMonthDay(`${day}T12:00:00Z`)).toBe(
        intl.shortMonthDay.format(new Date(`${day}T12:00:00Z`)),
      );
    }
  });

  it('take a YYYY-MM-DD value as that very day, and give back text that is not a date', () => {
    expect(formatDay('2026-01-01')).toBe('1 января 2026 г.');
    expect(formatShortDay('2026-12-31')).toBe('31.12.2026');
    expect(formatDay('скоро')).toBe('скоро');
    expect(formatDateTime('')).toBe('');
    expect(formatMoment('не дата')).toBe('не дата');
  });

  it('count the Moscow day of a moment, whatever the server’s own zone', () => {
    expect(mskDay(new Date('2026-03-12T20:59:00Z'))).toBe('2026-03-12');
    expect(mskDay(new Date('2026-03-12T21:00:00Z'))).toBe('2026-03-13');
  });

  it('write the moment of an account message as the day, the year and the time', () => {
    expect(formatMoment('2026-12-12T11:30:00Z')).toBe('12 декабря 2026, 14:30');
    for (const at of all.slice(0, 500)) {
      expect(formatMoment(at)).toBe(
        `${intl.longDay.format(at).replace(/\s*г\.?$/, '')}, ${intl.time.format(at)}`,
      );
    }
  });
});

describe('the chat’s dates on the device’s own clock', () => {
  it('group, name and time messages as Intl does in the local zone', () => {
    const now = new Date('2026-06-15T09:00:00Z');
    for (const at of moments(2000)) {
      const iso = at.toISOString();
      expect(dayKey(iso), iso).toBe(intl.localKey.format(at));
      expect(timeLabel(iso), iso).toBe(intl.localTime.format(at));
      const label = dayLabel(iso, now);
      if (label !== 'Сегодня' && label !== 'Вчера') {
        const expected = localParts(at).year === now.getFullYear() ? intl.localDayMonth : intl.localLongDay;
        expect(label, iso).toBe(expected.format(at));
      }
    }
  });
});

describe('numbers written without Intl', () => {
  it('match Intl ru-RU for whole amounts, negatives and large sums', () => {
    const values = [
      0,
      -0,
      1,
      9,
      10,
      999,
      1000,
      1250,
      9999,
      10000,
      123456,
      1234567,
      2 ** 40,
      -1,
      -1250,
      -1250.5,
      2.5,
    ];
    for (let i = 0; i < 3000; i++)
      values.push(Math.floor(Math.sin(i) * 10 ** (i % 12)), (i * 7.25) % 100_000);
    for (const n of values) expect(ruNumber(n), String(n)).toBe(intl.number0.format(n));
    expect(formatMoney(1250)).toBe(`${intl.number0.format(1250)}\u00a0₽`);
  });

  it('hand values it cannot write exactly to Intl', () => {
    for (const n of [Number.NaN, Infinity, -Infinity, 1e21, 2 ** 60])
      expect(ruNumber(n)).toBe(intl.number0.format(n));
  });

  it('write file sizes with one decimal, as Intl rounds them', () => {
    for (let bytes = 1000; bytes < 30 * 1024 * 1024; bytes = Math.ceil(bytes * 1.013) + 1) {
      const kb = bytes / 1024;
      const expected =
        bytes < 1024 * 1024 ? `${intl.number1.format(kb)} КБ` : `${intl.number1.format(kb / 1024)} МБ`;
      expect(formatFileSize(bytes), String(bytes)).toBe(bytes < 1024 ? `${bytes} Б` : expected);
    }
    expect(formatFileSize(1536)).toBe('1,5 КБ');
    expect(formatFileSize(512)).toBe('512 Б');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 МБ');
  });
});
