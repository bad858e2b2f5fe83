// Calendar days of the orders domain are counted in Moscow time (UTC+3, no daylight saving): "tomorrow" for a
// deadline is the Moscow tomorrow whatever the server's time zone.
import { mskDay } from '../../contract/moscow-time';

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** Whole Moscow calendar days from today to the deadline's day (0 = today). */
export function daysUntil(deadline: Date, now: Date): number {
  return dayNumber(mskDay(deadline)) - dayNumber(mskDay(now));
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** The Moscow day `days` after today, as 'DD.MM.YYYY' for messages. */
export function ruDay(at: Date): string {
  const [y, m, d] = mskDay(at).split('-');
  return `${d}.${m}.${y}`;
}

/**
 * Spec 5: date minimum (on or after it passes) and date maximum (must be before it). The minimum is tomorrow;
 * the maximum is today + maxDays. Returns a Russian message, or null when the date is good.
 */
export function deadlineProblem(deadline: Date, now: Date, maxDays: number): string | null {
  const days = daysUntil(deadline, now);
  if (days < 1) return 'Срок сдачи — не раньше завтрашнего дня.';
  if (days >= maxDays) return `Срок сдачи должен быть раньше ${ruDay(addDays(now, maxDays))}.`;
  return null;
}
