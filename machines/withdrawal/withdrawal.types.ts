import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
/** A money-out request: a withdrawal (repayment/), a storno refund (refund-storno/) or a refund claim. */
export type MoneyOutRequest = Record<string, unknown>;

/** What the server answered; money/bonus are there when the balances changed. */
export interface MoneyOutResult {
  money?: number;
  bonus?: number;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface WithdrawalContext {
  seed: string;
  attempt: number;
  request: MoneyOutRequest | null;
  result: MoneyOutResult | null;
  error: ApiErrorInfo | null;
}

// ---- Input -----------------------------------------------------------------------------------------------------
export interface WithdrawalInput {
  seed?: string;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type WithdrawalEvent =
  /** Send the form: a new attempt, unless it repeats the failed one unchanged (then the same key). */
  | { type: 'withdrawal.submit'; request: MoneyOutRequest }
  | { type: 'withdrawal.retry' }
  /** After a success: the form again, for another request. */
  | { type: 'withdrawal.reset' };

// ---- Actor inputs ----------------------------------------------------------------------------------------------
export interface SubmitInput {
  request: MoneyOutRequest;
  idempotencyKey: string;
}
