/**
 * The random part of a checkout's Idempotency-Keys (payment, money-out), unless the input gives one (tests do).
 * The time here is only entropy where `crypto.randomUUID` is missing, never a clock the machine reasons about.
 */
export const newAttemptSeed = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
