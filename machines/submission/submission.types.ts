import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
/** Messages per field, keyed by the field's path in the request (`email`, `recipient.fio`). */
export type FieldMessages = Record<string, string[]>;

/** What a form sends: the request body built from its values (the machine only compares and passes it on). */
export type SubmissionRequest = unknown;

// ---- Context ---------------------------------------------------------------------------------------------------
export interface SubmissionContext {
  /** The fields the form shows: a server message for one of them goes to it, any other above the form. */
  fields: readonly string[];
  /** The random part of the Idempotency-Keys of this form's attempts. */
  seed: string;
  /** The attempt being (or last) sent; a retry of an unchanged failed request keeps it, so its key. */
  attempt: number;
  /** The request being checked or sent (or last sent). */
  request: SubmissionRequest | null;
  /** The request of the failed attempt, to tell a retry from a changed request. */
  failedRequest: SubmissionRequest | null;
  /** The server's answer after a success. */
  result: unknown;
  /** Messages at the fields: the form's own checks (contract schema) or the server's field errors. */
  fieldErrors: FieldMessages;
  /** The message above the form: the server's detail, or its errors of fields the form does not show. */
  detail: string | null;
  /** The whole refusal of the last attempt (status, Retry-After), for notices like the 429 one. */
  error: ApiErrorInfo | null;
}

// ---- Input -----------------------------------------------------------------------------------------------------
export interface SubmissionInput {
  fields: readonly string[];
  /** Fixed in tests; random otherwise. */
  seed?: string;
  /** A refusal from before the form was shown (e.g. a failed auto-login on /login), shown above it. */
  error?: ApiErrorInfo | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type SubmissionEvent =
  /** Check the request with the contract's schema, then send it. */
  | { type: 'submission.submit'; request: SubmissionRequest }
  /** The customer changed a field: its message hides. */
  | { type: 'submission.edit'; field: string }
  /** One field was checked on its own (on blur): its messages, [] when it is fine. */
  | { type: 'submission.checked'; field: string; messages: string[] }
  /** A call the form did not make itself was refused (the sign-in forms' code resend, made by the session). */
  | { type: 'submission.refused'; error: ApiErrorInfo }
  /** Send the failed request again, with the same Idempotency-Key. */
  | { type: 'submission.retry' }
  /** After a success: the form again, empty of messages. */
  | { type: 'submission.reset' };

// ---- Emitted ---------------------------------------------------------------------------------------------------
export type SubmissionEmitted =
  /** A check or the server refused: the form moves focus to the first field in error, or the message above. */
  | { type: 'submission.problem' }
  /** The server accepted: the answer, for what the page does next (sign in, reload a list…). */
  | { type: 'submission.done'; output: unknown };

// ---- Actor inputs ----------------------------------------------------------------------------------------------
export interface ValidateInput {
  request: SubmissionRequest;
}

export interface SubmitInput {
  request: SubmissionRequest;
  /** `form-<seed>-<attempt>`: the same for a retry of an unchanged request, new for a changed one. */
  idempotencyKey: string;
}
