import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
/** A change waiting for the customer to follow the link sent to the new address. */
export interface PendingEmailChange {
  newEmail: string;
  /** ISO time the link stops working. */
  expiresAt: string;
}

/** GET status / request / cancel answer: the current address and the change waiting, if any. */
export interface EmailChangeState {
  email: string;
  pending: PendingEmailChange | null;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface EmailChangeContext {
  /** The current address (the old one until the link is followed). */
  email: string | null;
  pending: PendingEmailChange | null;
  /** The `confirm` token the page was opened with (the link from the e-mail). */
  confirmToken: string | null;
  /** The address in force after a confirmation. */
  confirmedEmail: string | null;
  error: ApiErrorInfo | null;
}

// ---- Input -----------------------------------------------------------------------------------------------------
export interface EmailChangeInput {
  confirmToken?: string | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type EmailChangeEvent =
  /** Send the link to this address (also: again, or to another address while one is waiting). */
  | { type: 'emailChange.request'; email: string }
  | { type: 'emailChange.cancel' }
  /** Ask the server again (the link may have been followed in another tab or device). */
  | { type: 'emailChange.refresh' }
  | { type: 'emailChange.retry' }
  /** After a confirmation (or a dead link): back to the form. */
  | { type: 'emailChange.restart' };

// ---- Actor inputs ----------------------------------------------------------------------------------------------
export interface RequestEmailChangeInput {
  email: string;
}
export interface ConfirmEmailChangeInput {
  token: string;
}
