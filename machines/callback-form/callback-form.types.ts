import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
/** What POST /api/client/callbacks/ is sent (the form's values, trimmed by the component). */
export interface CallbackRequestValues {
  phone: string;
  name: string;
  time: string;
  comment: string;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface CallbackFormContext {
  /** The request being sent (or last sent). */
  request: CallbackRequestValues | null;
  /** The refusal of the last send: field errors, the hourly limit (429) or a message. */
  error: ApiErrorInfo | null;
  /** Sending was tried with an empty phone; cleared once the phone is edited. */
  phoneMissing: boolean;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type CallbackFormEvent =
  | { type: 'callback.submit'; request: CallbackRequestValues }
  | { type: 'callback.edit'; field: keyof CallbackRequestValues }
  /** "Оставить ещё одну заявку" after a sent one. */
  | { type: 'callback.again' };
