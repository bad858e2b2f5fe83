import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FailureKind } from './domain/errors';

/** The HTTP status of each kind of domain failure: the one place where the domain's words become HTTP. */
export const HTTP_STATUS: Record<FailureKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  mismatch: 422,
  gone: 410,
  tooMany: 429,
  upstream: 502,
};

/**
 * What a caller is told while the database or the file store cannot be used, or while the server sheds load: try
 * again in a few seconds (503 with Retry-After).
 */
export const UNAVAILABLE = {
  retryAfterSeconds: 5,
  detail: 'Сервис временно недоступен. Повторите попытку через несколько секунд.',
};
