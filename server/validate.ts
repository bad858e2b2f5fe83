import type { MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import type { Schema } from '../contract/http';
import type { AppEnv } from './env';
import { badRequest, DomainError } from './domain/errors';

// Messages a schema does not write itself (a page number that is no number, say) are in the customer's language too.
z.config(z.locales.ru());

/** Zod issues → `{ field: ["message"] }`; an issue with no path goes under `detail`. */
export function issuesToFields(error: { issues: readonly z.core.$ZodIssue[] }): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'detail';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Parses with a contract schema; a failure is a 400 with the schema's Russian messages at their fields. */
export function parse<S extends Schema>(schema: S, value: unknown): z.output<S> {
  const res = (schema as unknown as z.ZodMiniType).safeParse(value);
  if (!res.success) {
    const fields = issuesToFields(res.error);
    throw new DomainError(
      'invalid',
      fields.detail && Object.keys(fields).length === 1 ? { detail: fields.detail.join(' ') } : fields,
    );
  }
  return res.data as z.output<S>;
}

/** Where a request's input is read from; `form` is a multipart or urlencoded body (files keep their File type). */
export type Target = 'json' | 'query' | 'param' | 'form';

async function readJson(text: string): Promise<unknown> {
  try {
    return text.length ? JSON.parse(text) : {};
  } catch {
    throw badRequest('Тело запроса должно быть JSON.');
  }
}

/** PostgreSQL's text cannot hold U+0000: such a value would fail in the database (a 500), so it is refused first. */
const NUL_MESSAGE = 'Недопустимый символ в запросе.';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || !value || typeof value !== 'object' || value instanceof Blob) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * Validates one part of the request with the endpoint's contract schema and hands the parsed value to the handler
 * as `c.req.valid(target)`. A JSON body is read whatever its content type says (clients that forget the header
 * still get field errors, not a silent `{}`), and a body that is not JSON is a 400 with a clear detail.
 */
export function valid<T extends Target, S extends Schema>(
  target: T,
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }> {
  return async (c, next) => {
    let value: unknown;
    if (target === 'json') value = await readJson(await c.req.text());
    else if (target === 'query') value = c.req.query();
    else if (target === 'param') value = c.req.param();
    else value = await c.req.parseBody({ all: true });
    if (holdsNul(value)) throw badRequest(NUL_MESSAGE);
    c.req.addValidatedData(target, parse(schema, value) as object);
    await next();
  };
}
