// Which failures mean "the database cannot be used right now" (it restarts, crashed, the connection was cut, every
// connection is busy, a statement ran out of time) rather than a fault of this request: those answer 503 with
// Retry-After (server/app.ts), as the caller may simply try again in a moment.

/** SQLSTATE classes and codes: 08 connection exception, 57P01–57P03 shutdown/crash/cannot connect now, 53100 disk
 *  full (the write is rolled back, and works again once space is freed), 53300 too many connections, 57014
 *  statement cancelled (statement_timeout), 25P03 idle-in-transaction timeout, 55P03 lock not available,
 *  40001/40P01 serialization failure and deadlock (a retry is the documented answer). */
const CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53100',
  '53300',
  '57014',
  '25P03',
  '55P03',
  '40001',
  '40P01',
]);
/** Node's socket errors when PostgreSQL is not there or went away. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** node-postgres and its pool say these in words only. */
const MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'terminating connection',
];

/** The error itself or any error in its `cause` chain (Drizzle wraps the driver's error in DrizzleQueryError). */
export function databaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CODES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)))
      return true;
    if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
