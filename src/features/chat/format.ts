// Dates and sizes as the chat shows them (not Moscow's: the customer's own clock).
import { type ClockParts, localParts, ruDayMonth, ruLongDay, ruTime } from '../../../contract/moscow-time';
import { t } from './strings';

const local = (iso: string) => localParts(new Date(iso));
const keyOf = (p: ClockParts) =>
  `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;

/** 'YYYY-MM-DD' of the local calendar day: messages are grouped by it. */
export const dayKey = (iso: string) => keyOf(local(iso));

export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = local(iso);
  const key = keyOf(date);
  if (key === keyOf(localParts(now))) return t.today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === keyOf(localParts(yesterday))) return t.yesterday;
  return date.year === now.getFullYear() ? ruDayMonth(date) : ruLongDay(date);
}

export const timeLabel = (iso: string) => ruTime(local(iso));
