// Expected failures, in the domain's words. Domain code and routers throw them; the app's one `onError`
// (server/errors.ts → server/app.ts) turns each kind into its HTTP status and the JSON the spec implies:
// `{ "detail": "…" }`, or field errors `{ "field": ["message"] }`. Nothing here knows HTTP.

export type FailureKind =
  /** The input breaks a rule: `{ detail }` or field errors. */
  | 'invalid'
  /** Nobody is signed in, or the token is dead. */
  | 'unauthenticated'
  /** Signed in, but not allowed (e.g. an unverified payout). */
  | 'forbidden'
  | 'notFound'
  /** The thing's state forbids it now (an order already in work). */
  | 'conflict'
  /** A file or body over its limit. */
  | 'tooLarge'
  /** The same idempotency key with another request. */
  | 'mismatch'
  /** It was there and is no more (an expired download link). */
  | 'gone'
  /** A rate limit: try again after `retryAfterSeconds`. */
  | 'tooMany'
  /** An outside service (the acquirer) failed or did not answer; nothing happened, a retry may succeed. */
  | 'upstream';

export class DomainError extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly body: Record<string, unknown>,
    /** For 'tooMany': whole seconds until a retry may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(typeof body.detail === 'string' ? body.detail : kind);
  }
}

export const isFailure = (err: unknown, kind: FailureKind): err is DomainError =>
  err instanceof DomainError && err.kind === kind;

export const badRequest = (detail: string) => new DomainError('invalid', { detail });
export const fieldErrors = (fields: Record<string, string[]>) => new DomainError('invalid', fields);
export const unauthorized = (detail = 'Необходима авторизация.') =>
  new DomainError('unauthenticated', { detail });
export const forbidden = (detail = 'Недостаточно прав.') => new DomainError('forbidden', { detail });
export const notFound = (detail = 'Не найдено.') => new DomainError('notFound', { detail });
export const conflict = (detail: string) => new DomainError('conflict', { detail });
export const tooLarge = (detail: string) => new DomainError('tooLarge', { detail });
export const mismatch = (detail: string) => new DomainError('mismatch', { detail });
export const upstreamFailed = (detail: string, cause?: unknown) => {
  const err = new DomainError('upstream', { detail });
  if (cause !== undefined) err.cause = cause;
  return err;
};
export const tooManyRequests = (
  retryAfterSeconds: number,
  detail = 'Слишком много попыток. Попробуйте позже.',
) => new DomainError('tooMany', { detail }, Math.max(1, Math.ceil(retryAfterSeconds)));
