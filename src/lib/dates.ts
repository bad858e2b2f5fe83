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

/** A real calendar day written as 'YYYY-MM-DD' (2026-02-30 is not). */
export const isIsoDay = (value: string): boolean => dayParts(value) !== null;

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

/** A timestamp on Moscow's clock; null when the text is not one. */
function moscowInstant(value: string): ClockParts | null {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : moscowParts(d);
}

/** A 'YYYY-MM-DD' value as that very day, else a timestamp on Moscow's clock. */
const moscowMoment = (value: string): ClockParts | null => dayParts(value) ?? moscowInstant(value);

/** A format of the cabinet: `value` read by `read` and written by `write`; text that is not a date stays as it is. */
const written =
  (read: (value: string) => ClockParts | null, write: (p: ClockParts) => string) =>
  (value: string): string => {
    const p = read(value);
    return p ? write(p) : value;
  };

/** '12 марта 2026 г.' for a timestamp or a 'YYYY-MM-DD' day (Moscow calendar, like the server). */
export const formatDay = written(moscowMoment, ruLongDay);

/** '12.03.2026'. */
export const formatShortDay = written(moscowMoment, ruNumericDay);

/** '12 мар. 2026 г.' (Moscow). */
export const formatShortMonthDay = written(moscowMoment, ruShortMonthDay);

/** '12 марта' (Moscow). */
export const formatDayMonth = written(moscowMoment, ruDayMonth);

/** '12.03.2026, 14:05' (Moscow). */
export const formatDateTime = written(moscowInstant, (p) => `${ruNumericDay(p)}, ${ruTime(p)}`);

/** '12 мар. 2026 г., 14:05' (Moscow): a payment's moment. */
export const formatShortMonthDateTime = written(moscowInstant, (p) => `${ruShortMonthDay(p)}, ${ruTime(p)}`);
