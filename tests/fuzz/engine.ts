// The contract fuzzer: every row of the endpoint table is sent requests generated from its zod schemas (through
// zod's JSON Schema) and hostile ones — wrong types, missing and extra fields, huge and unicode strings, negative,
// zero, fractional and 2^63 ids, `..` and `%00` path segments, broken JSON, wrong content types — signed in as a
// customer, as nobody and with the staff token, against the real server on a real socket. What must hold:
//   - never a 5xx, never a dropped connection;
//   - every error is `{ detail }` or field errors, in Russian (Cyrillic in every message);
//   - every 2xx of a JSON row parses with the row's answer schema;
//   - a customer row without a customer's token answers 401; a staff row without the staff token 401/403;
//   - another customer's id answers 404 and changes nothing in the database;
//   - what the process holds at the end, garbage collected (heap and buffers), is within 100 MB of the start.
// Cases come from fast-check's generators with a seed: one seed and the row's key give the same cases again, so a
// failure is replayed with `npm run fuzz -- --seed S --row 'KEY'`.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import * as fc from 'fast-check';
import * as z from 'zod';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client';
import { testConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { seedCustomer } from '../../server/db/seed';
import { createSession } from '../../server/domain/sessions';
import { endpointOf, routes, type Route } from '../../server/endpoints';
import { bodyLimitOf, STAFF_ROLES, type Schema, type StaffRole } from '../../contract/http';
import { createApiKey } from '../../server/domain/staff-keys';
import { heldBytes } from '../support/held-memory';

export interface FuzzOptions {
  seed: number;
  /** Generated cases per row (each sent as a customer, as nobody and as staff), plus the foreign-id cases. */
  runsPerRow: number;
  /** Only these rows (keys of the table); all when absent. */
  rows?: readonly string[];
  log?: (line: string) => void;
}

export interface Failure {
  row: string;
  seed: number;
  caseIndex: number;
  who: Identity;
  request: string;
  problem: string;
}

export interface FuzzReport {
  seed: number;
  rows: number;
  cases: number;
  requests: number;
  statuses: Record<number, number>;
  failures: Failure[];
  rssStartMb: number;
  rssEndMb: number;
  /** What the process holds, garbage collected (heap and buffers), at the start and the end. */
  heldStartMb: number;
  heldEndMb: number;
  seconds: number;
}

/** 'staff': the bootstrap STAFF_TOKEN (every role); a role's name: an API key with that role alone. */
type Identity = 'customer' | 'nobody' | 'staff' | 'foreign' | StaffRole;

interface Body {
  data: Buffer;
  contentType?: string;
}

interface Case {
  params: Record<string, string>;
  /** Raw query string, without '?'. */
  query: string;
  body?: Body;
  /** What the body would be as JSON when it was generated as a value (for the foreign-id check). */
  json?: unknown;
}

// ---- Generators ------------------------------------------------------------------------------------------------
const CYRILLIC = /[А-Яа-яЁё]/;
const HUGE = 'ж'.repeat(40_000); // 80 KB of UTF-8: under the JSON limit, over any field's

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0.5, 2 ** 63, -(2 ** 63), 1e308, '', ' ', '0', '-1', '1.5'),
  fc.constantFrom(
    '9223372036854775808',
    '2000000001',
    '1e3',
    '0x10',
    '..',
    '%00',
    '\u0000',
    'null',
    'undefined',
  ),
  fc.constantFrom(HUGE, '\u202e\u0301\ud83d\ude00𝕏', '<script>alert(1)</script>', "' or 1=1 --", '{"a":1}'),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

const schemaCache = new Map<Schema, JsonSchema>();
function jsonSchema(schema: Schema): JsonSchema {
  let js = schemaCache.get(schema);
  if (!js) {
    js = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    schemaCache.set(schema, js);
  }
  return js;
}

/** Values that fit a JSON Schema (as zod wrote it for the row's input), of modest size. */
function fromSchema(s: JsonSchema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return fc.jsonValue({ maxDepth: 1 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => fromSchema(a, name, depth + 1)));
  if (s.allOf?.length) return fromSchema(s.allOf[0], name, depth + 1);
  if (Array.isArray(s.type))
    return fc.oneof(...s.type.map((type) => fromSchema({ ...s, type }, name, depth + 1)));
  switch (s.type) {
    case 'string': {
      if (/email/i.test(name) || s.format === 'email') return fc.emailAddress();
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 200));
        } catch {
          /* a pattern JS cannot read: plain strings */
        }
      }
      const maxLength = Math.min(s.maxLength ?? 30, 30);
      return fc.string({ minLength: Math.min(s.minLength ?? 0, maxLength), maxLength });
    }
    case 'integer': {
      // Counts stay modest (staff's bulk insert of 50 000 messages takes minutes on a loaded host); huge and
      // negative numbers come from the hostile values.
      const min = Math.max(s.minimum ?? -1000, -1_000_000);
      return fc.integer({ min, max: Math.max(min, Math.min(s.maximum ?? 1000, min + 2000)) });
    }
    case 'number':
      return fc.double({
        min: Math.max(s.minimum ?? s.exclusiveMinimum ?? -1e6, -1e6),
        max: Math.min(s.maximum ?? s.exclusiveMaximum ?? 1e6, 1e6),
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(s.items, name, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      });
    case 'object': {
      const props = s.properties ?? {};
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(props)) shape[key] = fromSchema(prop, key, depth + 1);
      return fc.record(shape, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A valid-looking value with one thing broken: a field of the wrong type, a missing or an extra field. */
function hostileFrom(schema: JsonSchema): fc.Arbitrary<unknown> {
  const valid = fromSchema(schema);
  const objectBroken = valid.chain((v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return hostileScalar;
    const keys = Object.keys(v);
    return fc.oneof(
      // a field of the wrong type
      keys.length
        ? fc
            .tuple(fc.constantFrom(...keys), hostileScalar)
            .map(([k, bad]) => ({ ...(v as object), [k]: bad }))
        : hostileScalar,
      // a required field missing
      keys.length
        ? fc.constantFrom(...keys).map((k) => {
            const copy = { ...(v as Record<string, unknown>) };
            delete copy[k];
            return copy;
          })
        : fc.constant(v),
      // an extra field
      fc
        .tuple(fc.string({ maxLength: 12 }), hostileScalar)
        .map(([k, bad]) => ({ ...(v as object), [k]: bad })),
    );
  });
  return fc.oneof(objectBroken, hostileScalar);
}

const brokenJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,',
  'nul',
  '\u0000',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"a":1,"a":2}',
  '1e99999',
  '"' + 'x'.repeat(1000),
  '\ufeff{}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
);

const hostileContentType = fc.constantFrom(
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zzz',
  'application/json; charset=latin1',
  'application/xml',
);

const hostileSegment = fc.oneof(
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%00',
    'a%00b',
    '%ZZ',
    '-1',
    '0',
    '1.5',
    '9223372036854775808',
    '2000000001',
  ),
  fc.constantFrom('01', '+1', '1e3', ' 1', '%20', 'x'.repeat(300), '%D0%B6', 'ж', '%F0%9F%98%80', '%2F'),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }).map(encodeURIComponent),
);

const json = (v: unknown): Body => ({
  data: Buffer.from(JSON.stringify(v) ?? 'null'),
  contentType: 'application/json',
});

/** A multipart body: some fields and maybe a file, with names as an attacker would write them. */
const multipart = fc
  .record({
    fields: fc.array(
      fc.tuple(fc.constantFrom('file', 'files', 'with_email', 'kind', 'x', 'ж'), hostileScalar),
      {
        maxLength: 3,
      },
    ),
    file: fc.option(
      fc.record({
        name: fc.constantFrom(
          'a.pdf',
          '../../etc/passwd',
          'x.html',
          'p.svg',
          'x%00.png',
          'ж.docx',
          '',
          'a'.repeat(300),
        ),
        type: fc.constantFrom('application/pdf', 'image/png', 'text/html', 'application/octet-stream'),
        bytes: fc.uint8Array({ maxLength: 64 }),
      }),
    ),
    broken: fc.boolean(),
  })
  .map(({ fields, file, broken }): Body => {
    const b = 'fuzzboundary';
    const parts: Buffer[] = [];
    for (const [name, value] of fields)
      parts.push(
        Buffer.from(
          `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value).slice(0, 200)}\r\n`,
        ),
      );
    if (file)
      parts.push(
        Buffer.from(
          `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
        Buffer.from(file.bytes),
        Buffer.from('\r\n'),
      );
    if (!broken) parts.push(Buffer.from(`--${b}--\r\n`));
    return { data: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${b}` };
  });

// ---- The world: two customers with the demo data set ----------------------------------------------------------
interface Pools {
  order: string[];
  file: string[];
  draft: string[];
  rework: string[];
  pid: string[];
  session: string[];
  withdrawal: string[];
  storno: string[];
  refundClaim: string[];
  email: string[];
}

async function poolsOf(database: Database, userId: number): Promise<Pools> {
  const q = async (text: string) => {
    const res = (await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
    return res.rows.map((r) => String(Object.values(r)[0]));
  };
  return {
    order: await q(`select id from orders where user_id = ${userId} order by id limit 20`),
    file: await q(`select id from order_files where user_id = ${userId} order by id limit 20`),
    draft: await q(`select id from order_drafts where user_id = ${userId} order by id limit 20`),
    rework: await q(
      `select r.id from reworks r join orders o on o.id = r.order_id where o.user_id = ${userId} limit 20`,
    ),
    pid: await q(`select provider_payment_id from payments where user_id = ${userId} limit 20`),
    session: await q(`select id from auth_sessions where user_id = ${userId} limit 20`),
    withdrawal: await q(`select id from withdrawals where user_id = ${userId} limit 20`),
    storno: await q(`select id from storno_refunds where user_id = ${userId} limit 20`),
    refundClaim: await q(`select id from refund_claims where user_id = ${userId} limit 20`),
    email: await q(`select email from users where id = ${userId}`),
  };
}

/** The pool a path parameter's valid values come from. */
function poolFor(route: Route, name: string, pools: Pools): string[] | undefined {
  if (name === 'id') {
    if (route.path.includes('/sessions/')) return pools.session;
    if (route.path.includes('/withdrawals/')) return pools.withdrawal;
    if (route.path.includes('/storno/')) return pools.storno;
    if (route.path.includes('/refund-claims/')) return pools.refundClaim;
    if (route.path.includes('/password_change/')) return undefined;
    return pools.order;
  }
  if (name === 'file') return route.path.includes('/avatar/') ? undefined : pools.file;
  if (name === 'draft') return pools.draft;
  if (name === 'rework') return pools.rework;
  if (name === 'pid') return pools.pid;
  if (name === 'email') return pools.email;
  return undefined;
}

const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

function paramArb(route: Route, name: string, pools: Pools): fc.Arbitrary<string> {
  const pool = poolFor(route, name, pools);
  const declared = route.spec.params ? jsonSchema(route.spec.params).properties?.[name] : undefined;
  const valid: fc.Arbitrary<string> = pool?.length
    ? fc.constantFrom(...pool)
    : declared?.enum
      ? fc.constantFrom(...declared.enum.map(String))
      : fc.constantFrom('1', 'vk', 'yandex', 'sms', 'email', '64', 'abc', randomBytes(8).toString('hex'));
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(encodeURIComponent) },
    { weight: 2, arbitrary: hostileSegment },
  );
}

function caseArb(route: Route, pools: Pools, foreign?: Pools): fc.Arbitrary<Case> {
  const names = paramNames(route.path);
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const name of names) {
    const pool = foreign ? poolFor(route, name, foreign) : undefined;
    params[name] = pool?.length ? fc.constantFrom(...pool) : paramArb(route, name, pools);
  }
  const query: fc.Arbitrary<string> = route.spec.query
    ? fc.oneof(
        fromSchema(jsonSchema(route.spec.query)).map((v) =>
          v && typeof v === 'object'
            ? new URLSearchParams(
                Object.entries(v).flatMap(([k, x]) => (x === undefined ? [] : [[k, String(x)]])),
              ).toString()
            : '',
        ),
        fc
          .array(
            fc.tuple(fc.constantFrom('page', 'page_size', 'status', 'search', 'q', 'x'), hostileScalar),
            {
              maxLength: 4,
            },
          )
          .map((pairs) =>
            // Kept under Node's 16 KB header limit (a longer URL is Node's 431, before the app sees it).
            pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v)).slice(0, 2000)}`).join('&'),
          ),
        fc.constantFrom('%ZZ', 'a=%00', 'page=1&page=2', '&&&=', 'page[]=1'),
      )
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom('x=1', '%ZZ') },
      );

  let body: fc.Arbitrary<{ body?: Body; json?: unknown }>;
  if (route.spec.form) body = multipart.map((b) => ({ body: b }));
  else if (route.spec.body) {
    const schema = jsonSchema(route.spec.body);
    body = fc.oneof(
      { weight: 3, arbitrary: fromSchema(schema).map((v) => ({ body: json(v), json: v })) },
      { weight: 3, arbitrary: hostileFrom(schema).map((v) => ({ body: json(v), json: v })) },
      {
        weight: 1,
        arbitrary: brokenJson.map((t) => ({
          body: { data: Buffer.from(t), contentType: 'application/json' },
        })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(fromSchema(schema), hostileContentType).map(([v, contentType]) => ({
          body: { data: Buffer.from(JSON.stringify(v) ?? ''), contentType },
          json: v,
        })),
      },
    );
  } else if (route.method !== 'GET')
    body = fc.oneof(
      fc.constant({}),
      hostileScalar.map((v) => ({ body: json(v) })),
      brokenJson.map((t) => ({ body: { data: Buffer.from(t), contentType: 'application/json' } })),
    );
  else body = fc.constant({});
  return fc.record({ params: fc.record(params), query, extra: body }).map(({ params, query, extra }) => ({
    params,
    query,
    ...extra,
  }));
}

// ---- The client -----------------------------------------------------------------------------------------------
interface Answer {
  status: number;
  contentType: string;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Body | undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const h: Record<string, string> = { ...headers };
    if (body?.contentType) h['content-type'] = body.contentType;
    if (body) h['content-length'] = String(body.data.length);
    const req = http.request(`${base}${path}`, { method, headers: h, agent, timeout: 120_000 }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(parts).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body?.data);
  });
}

// ---- The checks -----------------------------------------------------------------------------------------------
function errorShapeProblem(answer: Answer, route: Route | undefined): string | undefined {
  // A page a browser opens (a sandbox provider's page and its forms) says what went wrong as a page, in Russian.
  if (
    route &&
    (route.spec.answers === 'html' || route.spec.answers === 'redirect') &&
    answer.contentType.includes('text/html')
  )
    return CYRILLIC.test(answer.text) ? undefined : 'an error page not in Russian';
  if (!answer.contentType.includes('application/json'))
    return `an error that is not JSON (${answer.contentType})`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'an error whose JSON does not parse';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'an error that is no object';
  const entries = Object.entries(body);
  if (!entries.length) return 'an empty error';
  for (const [key, value] of entries) {
    const messages = key === 'detail' && typeof value === 'string' ? [value] : value;
    if (!Array.isArray(messages) || !messages.every((m) => typeof m === 'string'))
      return `error field ${key} is neither a detail nor a list of messages`;
    for (const m of messages) if (!CYRILLIC.test(m)) return `error message not in Russian: ${key}: ${m}`;
  }
  return undefined;
}

function answerProblem(route: Route, answer: Answer): string | undefined {
  if (!route.spec.answer) return undefined;
  if (!answer.contentType.includes('application/json'))
    return `a 2xx that is not JSON (${answer.contentType})`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'a 2xx whose JSON does not parse';
  }
  const parsed = (route.spec.answer as z.ZodType).safeParse(body);
  if (parsed.success) return undefined;
  return `the 2xx does not fit the answer schema: ${parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(answer)'} ${i.message}`)
    .join('; ')}`;
}

function authProblem(
  route: Route | undefined,
  who: Identity,
  answer: Answer,
  bodyBytes: number,
): string | undefined {
  if (!route) return undefined;
  const over = route.method !== 'GET' && bodyBytes > bodyLimitOf(route.spec) && answer.status === 413;
  if (over) return undefined;
  if (route.spec.auth === 'customer' && (who === 'nobody' || who === 'staff') && answer.status !== 401)
    return `a customer row answered ${answer.status} to ${who === 'staff' ? 'the staff token' : 'no token'}`;
  if (route.spec.auth === 'staff' && (who === 'nobody' || who === 'customer') && answer.status !== 401)
    return `a staff row answered ${answer.status} to ${who === 'customer' ? "a customer's token" : 'no token'}`;
  if ((STAFF_ROLES as readonly string[]).includes(who)) {
    const role = route.spec.role;
    if (route.spec.auth === 'customer' && answer.status !== 401)
      return `a customer row answered ${answer.status} to a ${who} key`;
    if (route.spec.auth === 'staff' && role !== 'any' && role !== who && answer.status !== 403)
      return `a ${role} row answered ${answer.status} to a ${who} key`;
    if (route.spec.auth === 'staff' && (role === 'any' || role === who) && [401, 403].includes(answer.status))
      return `a ${role} row refused its own role's key with ${answer.status}`;
  }
  return undefined;
}

/** Every table's rows, hashed (the bookkeeping of sign-ins and rate limits aside). */
async function databaseHash(database: Database): Promise<Map<string, string>> {
  const tables = (
    (await database.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: { tablename: string }[] }
  ).rows
    .map((r) => r.tablename)
    .filter(
      (t) => !['rate_limit_events', 'auth_sessions', 'refresh_tokens', '__drizzle_migrations'].includes(t),
    );
  const parts = tables.map(
    (t) =>
      `select '${t}' as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${t}" x`,
  );
  const res = (await database.db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: { t: string; h: string }[];
  };
  return new Map(res.rows.map((r) => [r.t, r.h]));
}

const changedTables = (a: Map<string, string>, b: Map<string, string>) =>
  [...new Set([...a.keys(), ...b.keys()])].filter((t) => a.get(t) !== b.get(t));

// ---- The run ----------------------------------------------------------------------------------------------------
/** A row's own seed: the run's seed and the row's key, so rows do not depend on each other's order. */
export function rowSeed(seed: number, key: string): number {
  let h = seed | 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return h;
}

const fakeIp = () => `10.${randomBytes(3).join('.')}`;
const MB = 1024 * 1024;

export async function runFuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const database = await openDatabase({});
  // Behind one trusted proxy: each request says it comes from another client, so the limits per caller (which have
  // their own tests) leave the fuzzer's valid requests through.
  const server: RunningServer = await startServer(testConfig({ trustProxy: 1, logLevel: 'silent' }), {
    database,
  });
  // The background jobs (outbox deliveries, sweeps) write on their own schedule: stopped, so a change in the database
  // during a request is the request's.
  await server.jobs.stop();
  const report: FuzzReport = {
    seed: opts.seed,
    rows: 0,
    cases: 0,
    requests: 0,
    statuses: {},
    failures: [],
    rssStartMb: 0,
    rssEndMb: 0,
    heldStartMb: 0,
    heldEndMb: 0,
    seconds: 0,
  };
  try {
    const a = await seedCustomer(server.deps);
    const b = await seedCustomer(server.deps);
    await createSession(server.deps, b.id); // B has a session of its own for A to try
    const poolsA = await poolsOf(database, a.id);
    const poolsB = await poolsOf(database, b.id);
    const staffToken = server.deps.config.staffToken;
    const selected = routes.filter((r) => !opts.rows || opts.rows.includes(r.key));
    report.rows = selected.length;
    const heldStart = heldBytes();
    report.rssStartMb = Math.round(process.memoryUsage().rss / MB);
    report.heldStartMb = Math.round(heldStart / MB);

    const tokenOf = async (who: Identity) => {
      if (who === 'nobody') return undefined;
      if (who === 'staff') return staffToken;
      // A fresh key for every case: the fuzzer, as the bootstrap token, may revoke the last one.
      if ((STAFF_ROLES as readonly string[]).includes(who))
        return (
          await createApiKey(server.deps, {
            name: `fuzz ${who}`,
            roles: [who as StaffRole],
            createdBy: 'fuzz',
          })
        ).key;
      // A fresh session for every case: the fuzzer may sign the last one out, end it, or change the password.
      return (await createSession(server.deps, a.id)).access;
    };

    const exchange = async (route: Route, c: Case, who: Identity, caseIndex: number, seed: number) => {
      const path =
        route.path.replace(/:(\w+)/g, (_, name: string) => c.params[name] ?? '1') +
        (c.query ? `?${c.query}` : '');
      const token = await tokenOf(who);
      const headers: Record<string, string> = { 'x-forwarded-for': fakeIp() };
      if (token) headers.authorization = `Bearer ${token}`;
      const describe = `${route.method} ${path.slice(0, 300)}${c.body ? ` (${c.body.contentType ?? 'no content type'}, ${c.body.data.length} B: ${c.body.data.subarray(0, 120).toString()})` : ''}`;
      const fail = (problem: string) => {
        report.failures.push({ row: route.key, seed, caseIndex, who, request: describe, problem });
        log(
          `FAIL ${route.key} as ${who} (--seed ${opts.seed} --row '${route.key}', case ${caseIndex}): ${problem}\n  ${describe}`,
        );
      };
      let answer: Answer;
      report.requests++;
      try {
        answer = await send(server.url, route.method, path, headers, c.body);
      } catch (err) {
        fail(`the connection dropped: ${(err as Error).message}`);
        return undefined;
      }
      report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
      // The row the server really matched: `..` and `%2e%2e` segments are resolved by the URL parser first.
      const actual = endpointOf(route.method, new URL(path, 'http://x').pathname);
      if (answer.status >= 500) fail(`answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      else if (answer.status >= 400) {
        const p = errorShapeProblem(answer, actual);
        if (p) fail(`${answer.status}: ${p}`);
      } else if (answer.status >= 200 && answer.status < 300 && actual) {
        const p = answerProblem(actual, answer);
        if (p) fail(p);
      }
      const p = who === 'foreign' ? undefined : authProblem(actual, who, answer, c.body?.data.length ?? 0);
      if (p) fail(p);
      return { answer, actual, fail };
    };

    for (const route of selected) {
      const seed = rowSeed(opts.seed, route.key);
      const cases = fc.sample(caseArb(route, poolsA), { seed, numRuns: opts.runsPerRow });
      for (const [i, c] of cases.entries()) {
        report.cases++;
        // Staff rows with every role's key as well: 403 without the row's role.
        const whos: Identity[] =
          route.spec.auth === 'staff'
            ? ['customer', 'nobody', 'staff', ...STAFF_ROLES]
            : ['customer', 'nobody', 'staff'];
        for (const who of whos) await exchange(route, c, who, i, seed);
      }
      log(`${route.key}: ${cases.length} cases`);
      // Another customer's ids, asked for by customer A: 404, and nothing in the database changes.
      const names = paramNames(route.path);
      const foreignRow =
        route.spec.auth === 'customer' &&
        names.some((n) => poolFor(route, n, poolsB)?.length) &&
        !route.path.includes('/sessions/');
      if (!foreignRow) continue;
      const foreignCases = fc.sample(caseArb(route, poolsA, poolsB), {
        seed: seed + 1,
        numRuns: Math.max(2, Math.ceil(opts.runsPerRow / 3)),
      });
      for (const [i, c] of foreignCases.entries()) {
        report.cases++;
        const before = await databaseHash(database);
        const result = await exchange(route, c, 'customer', i, seed + 1);
        if (!result) continue;
        const { answer, fail } = result;
        const schemaOk =
          !route.spec.body ||
          (c.json !== undefined && (route.spec.body as z.ZodType).safeParse(c.json).success);
        const tooLong = (c.body?.data.length ?? 0) > bodyLimitOf(route.spec);
        const expected = tooLong ? [413] : schemaOk && !route.spec.form ? [404] : [400, 404];
        if (!expected.includes(answer.status))
          fail(`another customer's ids answered ${answer.status}, expected ${expected.join(' or ')}`);
        const changed = changedTables(before, await databaseHash(database));
        if (changed.length) fail(`another customer's ids changed the database: ${changed.join(', ')}`);
      }
      log(`${route.key}: ${foreignCases.length} cases with another customer's ids`);
    }
    const heldEnd = heldBytes();
    report.rssEndMb = Math.round(process.memoryUsage().rss / MB);
    report.heldEndMb = Math.round(heldEnd / MB);
    if (heldEnd - heldStart > 100 * MB)
      report.failures.push({
        row: '(all)',
        seed: opts.seed,
        caseIndex: -1,
        who: 'nobody',
        request: '',
        problem: `the memory held grew by ${Math.round((heldEnd - heldStart) / MB)} MB`,
      });
  } finally {
    await server.close();
    await database.close();
    agent.destroy();
  }
  report.seconds = Math.round((Date.now() - started) / 100) / 10;
  return report;
}

export function formatReport(r: FuzzReport): string {
  const statuses = Object.entries(r.statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  return [
    `contract fuzzer: seed ${r.seed}, ${r.rows} rows, ${r.cases} cases, ${r.requests} requests in ${r.seconds} s`,
    `statuses seen: ${statuses}`,
    `held ${r.heldStartMb} → ${r.heldEndMb} MB (RSS ${r.rssStartMb} → ${r.rssEndMb} MB); failures: ${r.failures.length}`,
  ].join('\n');
}
