// How long anything may wait on PostgreSQL (docs/faults.md). Without these a slow query, a transaction left open or
// a database that stopped answering holds a pooled connection, and then every request behind it, for ever.

export interface DbTimeouts {
  /** The wait for a pooled connection (all busy, or the server not answering a connect): then 503. */
  connectMs: number;
  /** PostgreSQL's statement_timeout on every pooled connection: a longer statement is cancelled (57014), 503. */
  statementMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout: a transaction idle that long loses its connection (25P03). */
  idleInTransactionMs: number;
}

/**
 * Measured defaults: a connect to a reachable PostgreSQL takes a few ms, so 1.5 s of waiting means it is down or
 * every connection is busy, and the caller gets its 503 within the 2 s a client waits; the API's statements take
 * milliseconds, exports and sweeps well under a second on 10 000 orders.
 */
export const DB_TIMEOUTS: DbTimeouts = { connectMs: 1_500, statementMs: 10_000, idleInTransactionMs: 15_000 };
