// Dates and sizes as the chat shows them (Moscow-agnostic: the customer's own clock and locale).
import { t } from './strings';

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' });
const dayYearFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });

/** 'YYYY-MM-DD' of the local calendar day: messages are grouped by it. */
export const dayKey = (iso: string) => dayKeyFormat.format(new Date(iso));

export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const key = dayKeyFormat.format(date);
  if (key === dayKeyFormat.format(now)) return t.today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKeyFormat.format(yesterday)) return t.yesterday;
  return (date.getFullYear() === now.getFullYear() ? dayFormat : dayYearFormat).format(date);
}

export const timeLabel = (iso: string) => timeFormat.format(new Date(iso));

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`;
}
