// The staff door (docs/staff.md): staff people's sign-in and sessions, the people themselves, the integrations' API
// keys and the audit log. Every other staff row names its role in its own group's table.
import * as z from 'zod/mini';
import { endpoint, Id, SMALL_BODY_LIMIT, STAFF_ROLES } from './http';

const body = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.object(shape, { error: 'Ожидается JSON-объект.' });

export const STAFF_DOOR_MESSAGES = {
  /** One message for a wrong login, password or code: it never says which was wrong. */
  wrongCredentials: 'Неверный логин, пароль или код.',
  setupWrong: 'Неверный логин или код первого входа, либо срок кода истёк.',
  refreshDead: 'Сессия завершена. Войдите снова.',
  password: 'Пароль — от 12 до 128 символов.',
  login: 'Логин — от 3 до 64 латинских букв, цифр, «.», «-» или «_».',
  role: 'Роль — support, finance или admin.',
  roles: 'Укажите хотя бы одну роль: support, finance или admin.',
  name: 'Название ключа — от 1 до 100 символов.',
  expiry: 'Срок — дата и время ISO 8601 с часовым поясом, в будущем.',
  notPerson: 'Ключ API не входит в систему: у него нет сессий.',
  memberExists: 'Сотрудник с таким логином уже есть.',
  memberNotFound: 'Сотрудник не найден.',
  keyNotFound: 'Ключ не найден.',
  sessionNotFound: 'Сессия не найдена.',
} as const;
const M = STAFF_DOOR_MESSAGES;

export const StaffLogin = z
  .string({ error: M.login })
  .check(z.trim(), z.regex(/^[A-Za-z0-9._-]{3,64}$/, M.login));
const Password = z
  .string({ error: M.password })
  .check(z.minLength(12, M.password), z.maxLength(128, M.password));
const Code = z.string({ error: M.wrongCredentials }).check(z.maxLength(64, M.wrongCredentials));
const Role = z.enum(STAFF_ROLES, { error: M.role });

export const StaffEnrolRequest = body({ login: StaffLogin, setup_code: Code });
export const StaffEnrolment = z.object({ secret: z.string(), otpauth_url: z.string() });
export const StaffEnrolConfirmRequest = body({
  login: StaffLogin,
  setup_code: Code,
  password: Password,
  code: Code,
});
export const StaffSignInRequest = body({
  login: z.string({ error: M.wrongCredentials }).check(z.maxLength(64, M.wrongCredentials)),
  password: z.string({ error: M.wrongCredentials }).check(z.maxLength(128, M.wrongCredentials)),
  code: Code,
});
export const StaffTokens = z.object({
  access: z.string(),
  expires_in: z.number(),
  /** Used once: each refresh answers a new one; a used one presented again ends the session. */
  refresh: z.string(),
});
export type StaffTokens = z.infer<typeof StaffTokens>;
export const StaffRefreshRequest = body({ refresh: z.string().check(z.maxLength(200)) });

export const StaffSession = z.object({
  id: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.nullable(z.string()),
  user_agent: z.nullable(z.string()),
  current: z.boolean(),
});
export const SessionParams = z.object({ id: z.string().check(z.maxLength(64)) });

export const StaffWhoAmI = z.object({
  kind: z.enum(['person', 'key', 'bootstrap']),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
});

export const StaffMember = z.object({
  id: z.number(),
  login: z.string(),
  role: z.enum(STAFF_ROLES),
  /** false until the first sign-in set the password and the second factor. */
  enrolled: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMember>;
export const StaffMemberCreated = z.extend(StaffMember, {
  /** The one-time code of the first sign-in (valid 7 days), shown once. */
  setup_code: z.string(),
});
export const StaffMemberCreateRequest = body({ login: StaffLogin, role: Role });
export const StaffMemberPatchRequest = body({ role: z.optional(Role), disabled: z.optional(z.boolean()) });
export const MemberParams = z.object({ id: Id });

export const StaffApiKey = z.object({
  id: z.number(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.nullable(z.string()),
  last_used_at: z.nullable(z.string()),
  revoked: z.boolean(),
});
export const StaffApiKeyCreated = z.extend(StaffApiKey, {
  /** The key itself, shown this once; only its hash is stored. */
  key: z.string(),
});
export const StaffApiKeyCreateRequest = body({
  name: z.string({ error: M.name }).check(z.trim(), z.minLength(1, M.name), z.maxLength(100, M.name)),
  roles: z.array(Role).check(z.minLength(1, M.roles), z.maxLength(3, M.roles)),
  expires_at: z.optional(z.nullable(z.iso.datetime({ offset: true, error: M.expiry }))),
});
export const KeyParams = z.object({ id: Id });

export const AuditRow = z.object({
  id: z.number(),
  at: z.string(),
  actor_kind: z.nullable(z.enum(['person', 'key', 'bootstrap'])),
  actor_id: z.nullable(z.number()),
  actor: z.string(),
  action: z.string(),
  customer_id: z.nullable(z.number()),
  order_id: z.nullable(z.number()),
  amount_before: z.nullable(z.number()),
  amount_after: z.nullable(z.number()),
  request_id: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  details: z.record(z.string(), z.unknown()),
});
export type AuditRow = z.infer<typeof AuditRow>;
const auditLimit = 'limit — целое число от 1 до 1000.';
const moment = z.iso.datetime({ offset: true, error: 'Дата и время ISO 8601 с часовым поясом.' });
export const AuditQuery = z.object({
  actor: z.optional(z.string().check(z.maxLength(100))),
  action: z.optional(z.string().check(z.maxLength(200))),
  customer_id: z.optional(Id),
  order_id: z.optional(Id),
  from: z.optional(moment),
  to: z.optional(moment),
  /** Rows older than this id (the next page: the last id of this one). */
  before_id: z.optional(Id),
  limit: z._default(
    z.coerce
      .number({ error: auditLimit })
      .check(z.int(auditLimit), z.gte(1, auditLimit), z.lte(1000, auditLimit)),
    100,
  ),
});

const detail = z.object({ detail: z.string() });
const signInLimit = { bodyLimit: SMALL_BODY_LIMIT } as const;

export const staffDoorApi = {
  /** The first sign-in, step one: the login and the setup code give the TOTP secret to enrol. */
  'POST /api/staff/auth/enrol/': endpoint({
    body: StaffEnrolRequest,
    answer: StaffEnrolment,
    errors: [400, 429],
    auth: 'public',
    ...signInLimit,
  }),
  /** Step two: the password chosen, a code from the app: enrolled, and signed in. */
  'POST /api/staff/auth/enrol/confirm/': endpoint({
    body: StaffEnrolConfirmRequest,
    answer: StaffTokens,
    errors: [400, 429],
    auth: 'public',
    ...signInLimit,
  }),
  /** Password and code → a short access token (audience 'staff') and a refresh token. */
  'POST /api/staff/auth/login/': endpoint({
    body: StaffSignInRequest,
    answer: StaffTokens,
    errors: [400, 429],
    auth: 'public',
    ...signInLimit,
  }),
  'POST /api/staff/auth/refresh/': endpoint({
    body: StaffRefreshRequest,
    answer: StaffTokens,
    errors: [400, 401],
    auth: 'public',
    ...signInLimit,
  }),
  /** Who the caller is: a person (their role) or a key (its roles). */
  'GET /api/staff/auth/me/': endpoint({ answer: StaffWhoAmI, errors: [401], auth: 'staff', role: 'any' }),
  'POST /api/staff/auth/logout/': endpoint({
    answer: detail,
    errors: [401, 409],
    auth: 'staff',
    role: 'any',
    bodyLimit: SMALL_BODY_LIMIT,
  }),
  /** The caller's own live sessions (none for a key). */
  'GET /api/staff/auth/sessions/': endpoint({
    answer: z.object({ results: z.array(StaffSession) }),
    errors: [401],
    auth: 'staff',
    role: 'any',
  }),
  'DELETE /api/staff/auth/sessions/:id/': endpoint({
    params: SessionParams,
    answer: detail,
    errors: [401, 404],
    auth: 'staff',
    role: 'any',
  }),
  'GET /api/staff/members/': endpoint({
    answer: z.object({ results: z.array(StaffMember) }),
    errors: [401],
    auth: 'staff',
    role: 'admin',
  }),
  'POST /api/staff/members/': endpoint({
    body: StaffMemberCreateRequest,
    answer: StaffMemberCreated,
    status: 201,
    errors: [400, 401, 409],
    auth: 'staff',
    role: 'admin',
    bodyLimit: SMALL_BODY_LIMIT,
  }),
  /** A new role or disabled: every session of the person ends at once. */
  'PATCH /api/staff/members/:id/': endpoint({
    params: MemberParams,
    body: StaffMemberPatchRequest,
    answer: StaffMember,
    errors: [400, 401, 404],
    auth: 'staff',
    role: 'admin',
    bodyLimit: SMALL_BODY_LIMIT,
  }),
  /** A lost phone or password: sessions, password and second factor gone, a new setup code. */
  'POST /api/staff/members/:id/reset/': endpoint({
    params: MemberParams,
    answer: StaffMemberCreated,
    errors: [401, 404],
    auth: 'staff',
    role: 'admin',
    bodyLimit: SMALL_BODY_LIMIT,
  }),
  'GET /api/staff/keys/': endpoint({
    answer: z.object({ results: z.array(StaffApiKey) }),
    errors: [401],
    auth: 'staff',
    role: 'admin',
  }),
  'POST /api/staff/keys/': endpoint({
    body: StaffApiKeyCreateRequest,
    answer: StaffApiKeyCreated,
    status: 201,
    errors: [400, 401],
    auth: 'staff',
    role: 'admin',
    bodyLimit: SMALL_BODY_LIMIT,
  }),
  'DELETE /api/staff/keys/:id/': endpoint({
    params: KeyParams,
    answer: StaffApiKey,
    errors: [401, 404],
    auth: 'staff',
    role: 'admin',
  }),
  /** The audit log, newest first, with filters. */
  'GET /api/staff/audit/': endpoint({
    query: AuditQuery,
    answer: z.object({ results: z.array(AuditRow) }),
    errors: [400, 401],
    auth: 'staff',
    role: 'admin',
  }),
  /** The same rows as CSV (UTF-8 with a BOM). */
  'GET /api/staff/audit/csv/': endpoint({
    query: AuditQuery,
    answers: 'file',
    errors: [400, 401],
    auth: 'staff',
    role: 'admin',
  }),
} as const;
