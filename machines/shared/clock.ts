/**
 * Where a machine reads the time (a cache's age, a token's expiry, a read mark): epoch milliseconds. The machines
 * that read it take one in their input, so a test can pass a fixed clock; without one they read the real time.
 */
export type Clock = () => number;

/** The real time, read on every call (so a test's fake timers still apply). */
export const systemClock: Clock = () => Date.now();
