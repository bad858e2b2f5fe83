import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The one error type routes and domain code throw for expected failures. `app.onError` turns it into JSON:
 * `{ "detail": "…" }`, or field errors `{ "field": ["message"] }` (the style spec point 8 implies).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
  }
}

export const badRequest = (detail: string) => new ApiError(400, { detail });
export const fieldErrors = (fields: Record<string, string[]>) => new ApiError(400, fields);
export const unauthorized = (detail = 'Необходима авторизация.') => new ApiError(401, { detail });
export const forbidden = (detail = 'Недостаточно прав.') => new ApiError(403, { detail });
export const notFound = (detail = 'Не найдено.') => new ApiError(404, { detail });
export const conflict = (detail: string) => new ApiError(409, { detail });
export const tooManyRequests = (
  retryAfterSeconds: number,
  detail = 'Слишком много попыток. Попробуйте позже.',
) => new ApiError(429, { detail }, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
