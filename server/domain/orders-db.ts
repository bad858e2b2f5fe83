import type { Db } from '../db/client';

/** A transaction of the Drizzle database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Domain functions that may run inside a caller's transaction take either. */
export type Executor = Db | Tx;
