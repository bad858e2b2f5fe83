// Calendar dates of the cabinet as 'YYYY-MM-DD' strings (what <input type="date"> gives), and the date rules of
// spec point 5. Days are counted in Moscow time (UTC+3), like the server does (server/domain/order-dates.ts), so
// "tomorrow" means the same day for the customer's form and for the server's check.
import {
  type ClockParts,
  dayParts,
  moscowParts,
  mskDay,
  ruDayMonth,
  ruLongDay,
  ruNumericDay,
  ruShortMonthDay,
  ruTime,
} from '../../contract/moscow-time';

export { mskDay };

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written as 'YYYY-MM-DD' (2026-02-30 is not). */
export function isIsoDay(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Tomorrow in Moscow: the earliest deadline of an order or a rework. */
export function tomorrow(now: Date | number = Date.now()): string {
  return addDays(mskDay(now), 1);
}

/**
 * Spec 5, date minimum: an empty value passes; otherwise the date must be on or after the minimum.
 * A value that is not a date fails (the field's own "required"/format rule names the problem).
 */
export function dateMin(value: string | null | undefined, min: string): boolean {
  if (!value) return true;
  return isIsoDay(value) && value >= min;
}

/** Spec 5, date maximum: the date must be before the maximum (an empty value passes; "required" is another rule). */
export function dateMax(value: string | null | undefined, max: string): boolean {
  if (!value) return true;
  return isIsoDay(value) && value < max;
}

/** The last day a `max` (exclusive, spec 5) allows: the `max` attribute of <input type="date"> is inclusive. */
export function lastDayBefore(max: string): string {
  return addDays(max, -1);
}

/** The moment of a timestamp, or the day of a 'YYYY-MM-DD' value, on Moscow's clock; null when it is neither. */
function moscowMoment(value: string): ClockParts | null {
  const day = dayParts(value);
  if (day) return day;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : moscowParts(d);
}

/** '12 марта 2026 г.' for a timestamp or a 'YYYY-MM-DD' day (Moscow calendar, like the server). */
export function formatDay(value: string): string {
  const p = moscowMoment(value);
  return p ? ruLongDay(p) : value;
}

/** '12.03.2026'. */
export function formatShortDay(value: string): string {
  const p = moscowMoment(value);
  return p ? ruNumericDay(p) : value;
}

/** '12.03.2026, 14:05' (Moscow). */
export function formatDateTime(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const p = moscowParts(d);
  return `${ruNumericDay(p)}, ${ruTime(p)}`;
}

/** '12 мар. 2026 г.' (Moscow). */
export function formatShortMonthDay(value: string): string {
  const p = moscowMoment(value);
  return p ? ruShortMonthDay(p) : value;
}

/** '12 мар. 2026 г., 14:05' (Moscow): a payment's moment. */
export function formatShortMonthDateTime(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const p = moscowParts(d);
  return `${ruShortMonthDay(p)}, ${ruTime(p)}`;
}

/** '12 марта' (Moscow). */
export function formatDayMonth(value: string): string {
  const p = moscowMoment(value);
  return p ? ruDayMonth(p) : value;
}
