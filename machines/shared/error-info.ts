import type { ErrorActorEvent } from 'xstate';

/**
 * The failure every machine keeps in its context: what the HTTP client's `ApiError` carries, as plain data so a
 * snapshot stays serialisable (the visualizer, the inspector and the graph tests print it).
 */
export interface ApiErrorInfo {
  /** HTTP status; absent when no answer came (cancelled, network down). */
  status?: number;
  /** The text shown to the user (server `detail`, a field message, or the catalogue text of spec point 8). */
  message: string;
  /** Field errors of a form: `{ login: ['…'] }`. */
  fields?: Record<string, string[]>;
  /** Seconds to wait before trying again, when a 429 named them (Retry-After). */
  retryAfter?: number;
}

/**
 * What an invoked actor rejected with, read from its `xstate.error.actor.*` event: the `params` of every error
 * action and guard (`{ type: 'assignError', params: errorOf }`), which turn it into `ApiErrorInfo` themselves.
 */
export const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;

const FALLBACK_MESSAGE = 'Что-то пошло не так. Попробуйте ещё раз.';

/** Narrows whatever an actor rejected with to `ApiErrorInfo`, keeping only the data fields. */
export function toErrorInfo(error: unknown): ApiErrorInfo {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; message?: unknown; fields?: unknown; retryAfter?: unknown };
    const info: ApiErrorInfo = {
      message: typeof e.message === 'string' && e.message ? e.message : FALLBACK_MESSAGE,
    };
    if (typeof e.status === 'number') info.status = e.status;
    if (e.fields && typeof e.fields === 'object') info.fields = e.fields as Record<string, string[]>;
    if (typeof e.retryAfter === 'number') info.retryAfter = e.retryAfter;
    return info;
  }
  return { message: typeof error === 'string' && error ? error : FALLBACK_MESSAGE };
}

/**
 * The server refused the credentials (spec point 8: 400, 401 or 'not authorized'), as opposed to being unreachable:
 * the first signs the customer out, the second is a failure to retry.
 */
export function isAuthRejection(error: unknown): boolean {
  const info = toErrorInfo(error);
  return info.status === 400 || info.status === 401 || /not authorized/i.test(info.message);
}
