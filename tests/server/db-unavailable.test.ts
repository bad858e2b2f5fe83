// Which failures answer 503 (the database cannot be used now) and which stay 500 (a fault of this request or ours).
import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../../server/db/unavailable';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** Drizzle wraps the driver's error: the reason is in `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('databaseUnavailable', () => {
  it.each([
    ['a fast shutdown', pgError('57P01')],
    ['a crash', pgError('57P02')],
    ['a database starting up', pgError('57P03')],
    ['a connection exception', pgError('08006')],
    ['too many connections', pgError('53300')],
    ['disk full', pgError('53100')],
    ['statement_timeout', pgError('57014')],
    ['idle_in_transaction_session_timeout', pgError('25P03')],
    ['a refused connection', pgError('ECONNREFUSED')],
    ['a reset connection', pgError('ECONNRESET')],
    ['the pool waited too long', new Error('timeout exceeded when trying to connect')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a statement that never answered', new Error('Query read timeout')],
    ['any of them wrapped by Drizzle', wrapped(pgError('57P01'))],
  ])('counts %s', (_, error) => expect(databaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', pgError('23505')],
    ['a check violation', pgError('23514')],
    ['a syntax error', pgError('42601')],
    ['a wrapped constraint failure', wrapped(pgError('23503'))],
    ['a plain error', new Error('boom')],
    ['not an error at all', 'boom'],
    ['nothing', undefined],
  ])('does not count %s', (_, error) => expect(databaseUnavailable(error)).toBe(false));
});
