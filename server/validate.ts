import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, badRequest } from './errors';

/** Zod issues → `{ field: ["message"] }`; an issue with no path goes under `detail`. */
export function issuesToFields(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'detail';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const res = schema.safeParse(value);
  if (!res.success) {
    const fields = issuesToFields(res.error);
    throw new ApiError(
      400,
      fields.detail && Object.keys(fields).length === 1 ? { detail: fields.detail.join(' ') } : fields,
    );
  }
  return res.data;
}

/** Reads and validates a JSON body; a body that is not JSON is a 400 with a clear detail, never a 500. */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.length ? JSON.parse(text) : {};
  } catch {
    throw badRequest('Тело запроса должно быть JSON.');
  }
  return parse(schema, raw);
}

export function queryParams<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return parse(schema, c.req.query());
}
