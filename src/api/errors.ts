// The error catalogue of spec point 8 as one typed error: every failed call rejects with an ApiError.
import type { ApiErrorInfo } from '../../machines/shared/error-info';
import { retryAfterSeconds } from '../lib/retry-after';

export const ERROR_MESSAGES = {
  cancelled: 'Запрос отменён',
  noResponse: 'Сервер не отвечает',
  noAccessToken: 'Access token should be defined',
  tooManyRequests: 'Слишком много запросов. Попробуйте позже.',
  serverError: 'Ошибка сервера. Попробуйте позже.',
  unavailable: 'Сервис ненадолго недоступен. Введённое не потеряно — попробуйте ещё раз через минуту.',
  noSession: 'Вход не выполнен.',
} as const;

export type ApiErrorKind = 'http' | 'cancelled' | 'network' | 'protocol';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  detail?: string;
  fields?: Record<string, string[]>;
  reason?: string;
  data?: unknown;
  retryAfter?: number;
}

export class ApiError extends Error implements ApiErrorInfo {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  /** The server's `{ "detail": "…" }`. */
  readonly detail?: string;
  /** The server's field errors `{ "field": ["message"] }`. */
  readonly fields?: Record<string, string[]>;
  /** Why a cancelled request was cancelled. */
  readonly reason?: string;
  /** The parsed answer body, for callers that need more than detail/fields. */
  readonly data?: unknown;
  /** Seconds to wait before trying again (the Retry-After of a 429, bounded). */
  readonly retryAfter?: number;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    if (init.status !== undefined) this.status = init.status;
    if (init.detail !== undefined) this.detail = init.detail;
    if (init.fields !== undefined) this.fields = init.fields;
    if (init.reason !== undefined) this.reason = init.reason;
    if (init.data !== undefined) this.data = init.data;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
  }

  /** Plain data for machine contexts. */
  toInfo(): ApiErrorInfo {
    const info: ApiErrorInfo = { message: this.message };
    if (this.status !== undefined) info.status = this.status;
    if (this.fields) info.fields = this.fields;
    return info;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Field errors of a Django-REST-style body: every key whose value is a list of strings (or one string). */
function fieldsOf(data: unknown): Record<string, string[]> | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (key === 'detail') continue;
    if (Array.isArray(value) && value.every((v) => typeof v === 'string') && value.length)
      fields[key] = value;
    else if (typeof value === 'string' && value) fields[key] = [value];
  }
  return Object.keys(fields).length ? fields : undefined;
}

/**
 * 502/503/504: the service is briefly unavailable (its database or file store is gone, it sheds load, or the proxy
 * has no instance). Reads are retried by the client; a write keeps what was typed and shows ERROR_MESSAGES.unavailable.
 */
export const isUnavailableStatus = (status: number | undefined) =>
  status === 502 || status === 503 || status === 504;

/** The text of an error answer that says nothing itself. */
function statusMessage(status: number): string {
  if (status === 429) return ERROR_MESSAGES.tooManyRequests;
  return status >= 500 ? ERROR_MESSAGES.serverError : `Ошибка запроса (${status})`;
}

/** An HTTP error answer → ApiError: the detail, else the first field message, else a text by status. */
export function errorFromResponse(status: number, data: unknown, headers?: Headers): ApiError {
  const detail =
    data && typeof data === 'object' && typeof (data as { detail?: unknown }).detail === 'string'
      ? (data as { detail: string }).detail
      : undefined;
  const fields = fieldsOf(data);
  const firstField = fields ? Object.values(fields)[0]?.[0] : undefined;
  // The server's detail of a 503 is the operator's ("database unavailable"): the customer reads the catalogue's text.
  const message = isUnavailableStatus(status)
    ? ERROR_MESSAGES.unavailable
    : detail || firstField || statusMessage(status);
  const init: ApiErrorInit = { kind: 'http', status, message, data };
  if (detail !== undefined) init.detail = detail;
  if (fields) init.fields = fields;
  const retryAfter = retryAfterSeconds(headers?.get('retry-after'));
  if (retryAfter !== null) init.retryAfter = retryAfter;
  return new ApiError(init);
}

/**
 * Spec point 8, "Continue-registration fails" (the e-mail step after a social sign-in): the detail, else the first
 * message of the `token` field, else the status; messages of other fields stay at their fields.
 */
export function continueRegistrationError(error: ApiError): ApiError {
  // 502/503/504 keep the catalogue's "briefly unavailable" text: their detail is the operator's.
  if (error.kind !== 'http' || error.status === undefined || isUnavailableStatus(error.status)) return error;
  const message = error.detail || error.fields?.token?.[0] || statusMessage(error.status);
  const init: ApiErrorInit = { kind: 'http', status: error.status, message, data: error.data };
  if (error.detail !== undefined) init.detail = error.detail;
  if (error.fields) init.fields = error.fields;
  if (error.retryAfter !== undefined) init.retryAfter = error.retryAfter;
  return new ApiError(init);
}

function reasonText(reason: unknown): string | undefined {
  if (typeof reason === 'string') return reason || undefined;
  if (reason instanceof Error) {
    // The browser's default reason ("signal is aborted without reason") says nothing to the user.
    if (reason.name === 'AbortError') return undefined;
    return reason.message || undefined;
  }
  return undefined;
}

/** A request cancelled through its AbortSignal: 'Запрос отменён' plus the reason (spec point 8). */
export function cancelledError(reason: unknown): ApiError {
  const text = reasonText(reason);
  const init: ApiErrorInit = {
    kind: 'cancelled',
    message: text ? `${ERROR_MESSAGES.cancelled}: ${text}` : ERROR_MESSAGES.cancelled,
  };
  if (text) init.reason = text;
  return new ApiError(init);
}

export function noResponseError(): ApiError {
  return new ApiError({ kind: 'network', message: ERROR_MESSAGES.noResponse });
}

interface FetchErrorLike {
  response?: { status: number; _data?: unknown; headers?: Headers };
  cause?: unknown;
  name?: string;
}

/**
 * Any failure of a call → ApiError. `signal` is the caller's AbortSignal: when it fired, the call was cancelled
 * (as opposed to a timeout, which counts as no response).
 */
export function toApiError(error: unknown, signal?: AbortSignal | null): ApiError {
  if (error instanceof ApiError) return error;
  if (signal?.aborted) return cancelledError(signal.reason);
  const e = (error ?? {}) as FetchErrorLike;
  if (e.response && typeof e.response.status === 'number')
    return errorFromResponse(e.response.status, e.response._data, e.response.headers);
  const cause = (e.cause ?? error) as { name?: string } | undefined;
  if (cause?.name === 'AbortError') return cancelledError((cause as { reason?: unknown }).reason);
  return noResponseError();
}
