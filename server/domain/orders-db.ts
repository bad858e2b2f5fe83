import type { Db } from '../db/client';

/** A transaction of the Drizzle database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Domain functions that may run inside a caller's transaction take either. */
export type Executor = Db | Tx;
/** What a caller adds to a domain write's own transaction, to commit with it (the staff door's audit row). */
export type AlsoInTx = (tx: Tx) => Promise<void>;
