// How long /429 asks the visitor to wait (spec point 8: a 429 is a full navigation to /429). The server's
// Retry-After travels as `/429?retry=<seconds>`, checked and bounded where it is written and where it is read.

export const TOO_MANY_REQUESTS_PATH = '/429';
/** Without a usable Retry-After the page counts down this long. */
export const DEFAULT_WAIT_SECONDS = 20;
/** The longest wait shown (the longest sign-in lock is an hour); a longer Retry-After is shown as this. */
export const MAX_WAIT_SECONDS = 3600;

const clamp = (seconds: number) => Math.min(MAX_WAIT_SECONDS, Math.max(1, Math.ceil(seconds)));

/** Retry-After (delta-seconds or an HTTP date) → whole seconds within 1…MAX, or null when absent or unreadable. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d{1,10}$/.test(value)) return clamp(Number(value));
  const at = /[a-z]/i.test(value) ? Date.parse(value) : NaN;
  return Number.isFinite(at) ? clamp((at - now) / 1000) : null;
}

/** /429, with the wait when the server named one. */
export function tooManyRequestsHref(seconds: number | null | undefined): string {
  return seconds ? `${TOO_MANY_REQUESTS_PATH}?retry=${clamp(seconds)}` : TOO_MANY_REQUESTS_PATH;
}

/** The `retry` query of /429 → the seconds to count down from; DEFAULT when absent or not a whole number ≥ 1. */
export function waitSeconds(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,10}$/.test(text) || Number(text) < 1) return DEFAULT_WAIT_SECONDS;
  return clamp(Number(text));
}
