import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Realtime } from './realtime/hub';
import type { Storage } from './storage/storage';
import type { StaffCaller } from './domain/staff-keys';
import type { AuditNote, AuditInTx } from './domain/staff-audit';

/** What every router and domain function is given: no globals, so tests build their own. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  realtime: Realtime;
  /** Uploaded files and avatars (fs or s3, chosen by the config). */
  storage: Storage;
  /** The clock; tests move it to expire tokens and codes. */
  now: () => Date;
  /** TEST_HOOKS=1 only: sets `now` (it runs on from there) for POST /api/staff/test/clock/. */
  setClock?: (at: Date) => void;
}

/** Hono's typed context variables. `userId`/`sessionId`/`ordersVersion` are set by `requireCustomer`. */
export interface AppEnv {
  Variables: {
    requestId: string;
    userId: number;
    sessionId: string;
    /** The customer's change stamp of orders and their chats, read with the session (see orderListVersions). */
    ordersVersion: string;
    /** Set by `requireStaff`: the person, key or bootstrap token calling the staff API. */
    staff: StaffCaller;
    /** A staff handler's note for its audit row: the target customer and order, money before and after. */
    audit: AuditNote;
    /**
     * Set by `requireStaff`: appends the call's audit row inside the handler's own transaction, so that the row
     * commits with the action or not at all (every staff write uses it); the door then writes no row of its own.
     */
    auditIn: AuditInTx;
  };
}
