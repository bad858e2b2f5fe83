import type { ApiErrorInfo } from '../shared/error-info';
import type { VerificationKind, VerificationStatus } from '../../contract/payments';

// ---- Context ---------------------------------------------------------------------------------------------------
export interface VerificationContext {
  kind: VerificationKind;
  /** The last status the server told (spec 3: verified, requested, unverified). */
  status: VerificationStatus | null;
  /** How long the resend button waits after a send (60 s, or the server's Retry-After). */
  resendDelayMs: number;
  /** Counts the codes sent (and 429 answers): the page restarts its countdown when it changes. */
  sends: number;
  error: ApiErrorInfo | null;
}

// ---- Input -----------------------------------------------------------------------------------------------------
export interface VerificationInput {
  kind: VerificationKind;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type VerificationEvent =
  /** Send an SMS code (the first or again). */
  | { type: 'verification.request' }
  /** The customer typed the code. */
  | { type: 'verification.submit'; code: string }
  /** Ask the server again (spec 8: a repayment call answered 403). */
  | { type: 'verification.recheck' };

// ---- Actor outputs and errors ----------------------------------------------------------------------------------
/** What requestCode rejects with on 429: the error plus the server's Retry-After in seconds. */
export interface ResendLimited extends ApiErrorInfo {
  status: 429;
  retryAfterSec: number;
}

export interface KindInput {
  kind: VerificationKind;
}
export interface CheckCodeInput extends KindInput {
  code: string;
}
