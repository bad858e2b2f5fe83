// How an endpoint is written down: one row of the endpoint table per method and path (spec point 7). The server
// validates what comes in with the row's schemas and mounts a handler at exactly that method and path (a test walks
// the table); the SPA's one typed call takes the row's key ('POST /api/client/auth/login/') and gets its path
// parameters, query, body and answer types from it. Schemas are zod/mini, so the SPA can import one without the
// weight of the full zod.
import * as z from 'zod/mini';
import { parseId } from './params';

/** The staff roles (docs/staff.md): each staff row of the table names the one it needs. */
export const STAFF_ROLES = ['support', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Any zod (or zod/mini) schema. */
export type Schema = z.core.$ZodType;

export interface EndpointSpec {
  /** Path parameters (`:id` in the key), as strings before parsing. */
  params?: Schema;
  /** The query string. */
  query?: Schema;
  /** A JSON body. */
  body?: Schema;
  /** A multipart/form-data body (files); the SPA sends a FormData. */
  form?: true;
  /** The JSON answer on success; absent when the answer is not JSON (see `answers`). */
  answer?: Schema;
  /** What a successful answer is when it is not JSON: a file (attachment), a redirect or an HTML page. */
  answers?: 'file' | 'redirect' | 'html';
  /** The status of a successful answer (200 when not given). */
  status?: number;
  /** Other statuses a successful answer may have (an idempotent retry answers 200 where the first call got 201). */
  otherStatuses?: readonly number[];
  /** The error statuses a caller must expect (spec point 8); 400 carries `{ detail }` or field errors. */
  errors: readonly number[];
  /** Who may call: a signed-in customer (bearer token), anyone, or staff (a staff person's token or an API key). */
  auth: 'customer' | 'public' | 'staff';
  /**
   * A staff row's role (every `auth: 'staff'` row names one): a person or key without it gets 403. 'any': every
   * signed-in staff person or key (their own sessions). docs/staff.md says which role holds what, and why.
   */
  role?: StaffRole | 'any';
  /**
   * A staff read of customers' personal data: it appends an audit row as every staff write does (server/middleware/
   * staff.ts). The one kind of GET that writes, and only to the append-only audit log.
   */
  audited?: true;
  /**
   * The most bytes the request's body may have (a write's default: see `bodyLimitOf`); a longer body is refused
   * with 413 before it is read (server/middleware/body-limit.ts).
   */
  bodyLimit?: number;
  /** The 413's Russian `detail` when this row says something more precise than BODY_TOO_LARGE. */
  tooLarge?: string;
  /**
   * A public write's limit per caller (the client's IP; behind TRUST_PROXY the real client's): at most `max` calls in
   * `windowMs`, counted in the database so instances share the count; one more is a 429 with Retry-After.
   * `counted: 'instance'` counts in each instance's memory instead, for a call so frequent and so cheap (a page-view
   * beacon) that a database write per call would cost more than the call itself; N instances then allow N × `max`.
   */
  perCaller?: { max: number; windowMs: number; counted?: 'shared' | 'instance' };
}

/** A JSON body's default limit. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/**
 * The smallest limit: a row without a JSON body (a DELETE, a POST that takes nothing, an HTML sandbox form) and any
 * write to a path that is no row of the table.
 */
export const SMALL_BODY_LIMIT = 16 * 1024;
export const BODY_TOO_LARGE = 'Слишком большой запрос.';

/** The body limit of a row: its own, else 1 MB for a JSON body, else the smallest. */
export function bodyLimitOf(spec: EndpointSpec): number {
  return spec.bodyLimit ?? (spec.body && !spec.form ? JSON_BODY_LIMIT : SMALL_BODY_LIMIT);
}

export type EndpointKey = `${Method} /${string}`;
export type EndpointTable = Record<EndpointKey, EndpointSpec>;

/** A row of the table, with its literal types kept for the SPA's typed call. */
export const endpoint = <const S extends EndpointSpec>(spec: S): S => spec;

/** `'GET /api/client/orders/:id/'` → `['GET', '/api/client/orders/:id/']`. */
export function splitKey(key: EndpointKey): [Method, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space) as Method, key.slice(space + 1)];
}

/** The names of a path's parameters: `'/orders/:id/files/:fileId/'` → `'id' | 'fileId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

// ---- Pieces every group uses ---------------------------------------------------------------------------------
/** `{ "detail": "…" }`: the error (or plain confirmation) every call may answer. */
export const DetailMessage = z.object({ detail: z.string() });
export type DetailMessage = z.infer<typeof DetailMessage>;
/** Field errors: `{ "email": ["…"] }`, in Russian, ready to show at the field. */
export const FieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrors>;

/**
 * A database id in a path, a query or a body: the rule of `parseId` (contract/params.ts, zod-free, so the SPA's
 * route files read ids the same way without zod in the first visit's bundle): a positive whole number in digits
 * only, at most 2 000 000 000; a JSON number passes when it is such an integer.
 */
export const Id = z.pipe(
  z.union([z.string(), z.number()], { error: 'Неверный номер.' }),
  z.transform((raw: string | number, ctx) => {
    const id = parseId(raw);
    if (id === undefined) ctx.issues.push({ code: 'custom', message: 'Неверный номер.', input: raw });
    return id ?? z.NEVER;
  }),
);

/** A paginated list: `{ next, previous, count, results }` (spec point 7). */
export const page = <T extends Schema>(item: T) =>
  z.object({
    next: z.nullable(z.string()),
    previous: z.nullable(z.string()),
    count: z.number(),
    results: z.array(item),
  });
