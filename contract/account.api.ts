// The customer's own account: "Мои данные" (a ZIP of everything, built in the background) and closing the account.
// Rules and texts: account.ts; the server: server/domain/data-export.ts, server/domain/account-closing.ts.
import * as z from 'zod/mini';
import { endpoint, SMALL_BODY_LIMIT } from './http';
import { PUBLIC_WRITES } from './auth';
import { body, filled, requiredString } from './auth.api';

// ---- "Мои данные" ----------------------------------------------------------------------------------------------
/** One copy: `progress` 0–100 while building; `expires_at` once ready (24 h on). */
export const DataExport = z.object({
  id: z.number(),
  status: z.enum(['queued', 'building', 'ready', 'failed', 'expired']),
  progress: z.number(),
  created_at: z.string(),
  ready_at: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  /** Bytes of the ZIP once ready. */
  size: z.nullable(z.number()),
});
export type DataExport = z.infer<typeof DataExport>;

/** GET/POST /api/client/profile/data-export/: the latest copy and when the next may be asked for (null: now). */
export const DataExportStatus = z.object({
  latest: z.nullable(DataExport),
  next_allowed_at: z.nullable(z.string()),
});
export type DataExportStatus = z.infer<typeof DataExportStatus>;

export const DataExportParams = z.object({ id: z.coerce.number().check(z.int(), z.gte(0)) });

// ---- Closing the account ---------------------------------------------------------------------------------------
/** What the customer is warned about before closing: the balances and the orders still in progress. */
export const ClosingCheck = z.object({
  money: z.number(),
  bonus: z.number(),
  orders_in_progress: z.array(z.object({ id: z.number(), topic: z.string(), status: z.string() })),
  /** Two-factor sign-in is on: closing asks for a code too. */
  two_factor: z.boolean(),
});
export type ClosingCheck = z.infer<typeof ClosingCheck>;

export const CloseAccountRequest = body({
  password: requiredString(1024),
  /** A code from the authenticator app (or a recovery code) when two-factor sign-in is on. */
  code: z.optional(requiredString(64)),
  /** Required when a balance is left: the customer gives it up. */
  forfeit_balance: z.optional(z.boolean()),
  /** Required when an order is in progress: the customer was told. */
  orders_acknowledged: z.optional(z.boolean()),
});
export type CloseAccountRequest = z.input<typeof CloseAccountRequest>;

export const AccountClosed = z.object({ closed_at: z.string(), erase_at: z.string() });
export type AccountClosed = z.infer<typeof AccountClosed>;

/** Cancels the closing during the grace period: the sign-in's login and password (and code, with two-factor). */
export const ReopenAccountRequest = body({
  login: requiredString().check(filled),
  password: requiredString(1024).check(filled),
  code: z.optional(requiredString(64)),
});
export type ReopenAccountRequest = z.input<typeof ReopenAccountRequest>;

export const AccountReopened = z.object({ detail: z.string() });

/** Test hook (TEST_HOOKS=1 only): runs the erasures that will be due `after_ms` from now, as if then. */
export const EraseDueRequest = body({
  after_ms: z.number().check(z.int(), z.gte(0), z.lte(60 * 86_400_000)),
});
export const EraseDueAnswer = z.object({ erased: z.number() });

export const accountApi = {
  'GET /api/client/profile/data-export/': endpoint({
    answer: DataExportStatus,
    errors: [401],
    auth: 'customer',
  }),
  /** Queues a new copy (202); a second within 24 hours is a 409 saying when the next may be asked for. */
  'POST /api/client/profile/data-export/': endpoint({
    answer: DataExportStatus,
    status: 202,
    errors: [401, 409],
    auth: 'customer',
    bodyLimit: SMALL_BODY_LIMIT,
  }),
  /** The ZIP, with the session's bearer token; 410 once expired, 409 while it is still being built. */
  'GET /api/client/profile/data-export/:id/download/': endpoint({
    params: DataExportParams,
    answers: 'file',
    errors: [401, 404, 409, 410],
    auth: 'customer',
  }),
} as const;

export const closingApi = {
  'GET /api/client/profile/closing/': endpoint({ answer: ClosingCheck, errors: [401], auth: 'customer' }),
  /** Closes the account at once (every session ends); erasure follows 14 days on. */
  'POST /api/client/profile/close/': endpoint({
    body: CloseAccountRequest,
    answer: AccountClosed,
    errors: [400, 401, 409],
    auth: 'customer',
    bodyLimit: SMALL_BODY_LIMIT,
  }),
  /** Cancels the closing within the 14 days (the sign-in page offers it to a closed account). */
  'POST /api/client/auth/reopen/': endpoint({
    body: ReopenAccountRequest,
    answer: AccountReopened,
    errors: [400, 429],
    auth: 'public',
    bodyLimit: SMALL_BODY_LIMIT,
    perCaller: PUBLIC_WRITES.RESTORES,
  }),
  /** e2e only (404 unless the server runs with TEST_HOOKS=1): the erasure job, run ahead of the clock. */
  'POST /api/staff/test/erase-due/': endpoint({
    body: EraseDueRequest,
    answer: EraseDueAnswer,
    errors: [400, 401, 403, 404],
    auth: 'staff',
    role: 'admin',
    bodyLimit: SMALL_BODY_LIMIT,
  }),
} as const;
