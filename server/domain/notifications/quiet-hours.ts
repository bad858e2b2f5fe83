// The SMS night silence: a text due between SMS_QUIET_HOURS.from and .to in the customer's zone waits for the
// morning's first minute (docs/notifications.md).
import { DEFAULT_TIME_ZONE, SMS_QUIET_HOURS } from '../../../contract/notifications';

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A zone Intl knows, else the default (a zone stored before the runtime dropped it must not stop the SMS). */
export const knownZone = (timeZone: string): string => {
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
};

function localTime(at: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** The instant a local wall-clock time names in a zone (for the hours of the morning, never in a DST gap in use). */
function fromLocal(t: Omit<LocalTime, 'minute'> & { minute: number }, timeZone: string): Date {
  const wanted = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute);
  let guess = wanted;
  // Twice: the zone's offset at the first guess may differ from the one at the answer (a DST change that night).
  for (let i = 0; i < 2; i++) {
    const seen = localTime(new Date(guess), timeZone);
    const seenMs = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += wanted - seenMs;
  }
  return new Date(guess);
}

/** When an SMS due at `at` may go: `at` itself in the day, else the next SMS_QUIET_HOURS.to:00 local time. */
export function smsSendTime(at: Date, timeZone: string): Date {
  const zone = knownZone(timeZone);
  const local = localTime(at, zone);
  const { from, to } = SMS_QUIET_HOURS;
  if (local.hour >= to && local.hour < from) return at;
  // Before midnight the morning is tomorrow's; after it, today's.
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day + (local.hour >= from ? 1 : 0)));
  return fromLocal(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: to, minute: 0 },
    zone,
  );
}
