import type { ApiErrorInfo } from '../shared/error-info';
import type { PayRequest, PayResponse } from '../../contract/payments.api';

// ---- Context ---------------------------------------------------------------------------------------------------
export interface PaymentContext {
  /** Random per page visit; with `attempt` it makes the Idempotency-Key of the current attempt. */
  seed: string;
  /** Counts the customer's attempts; a retry of the same attempt keeps the number (and so the key). */
  attempt: number;
  /** What the current attempt pays (kept for the retry). */
  request: PayRequest | null;
  /** The answer of a payment settled at once from the balances. */
  paid: Extract<PayResponse, { status: 'paid' }> | null;
  /** The provider's pay page the browser is sent to. */
  redirectUrl: string | null;
  error: ApiErrorInfo | null;
}

// ---- Input -----------------------------------------------------------------------------------------------------
export interface PaymentInput {
  /** Defaults to a random UUID; tests give a fixed one. */
  seed?: string;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type PaymentEvent =
  /** The pay button: a new attempt, unless it repeats a failed attempt with the same request (then it is a retry). */
  | { type: 'payment.submit'; request: PayRequest }
  /** "Повторить" after a failure: the same request with the same key. */
  | { type: 'payment.retry' };

// ---- Actor inputs ----------------------------------------------------------------------------------------------
export interface PayInput {
  request: PayRequest;
  idempotencyKey: string;
}
