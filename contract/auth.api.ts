// Authentication (spec point 7 "Authentication"): what goes in and comes out of each call, as zod/mini schemas with
// the Russian messages the customer reads, and the endpoint rows. The rules in words are in auth.ts.
import * as z from 'zod/mini';
import { DetailMessage, endpoint } from './http';
import { AUTH_MESSAGES as M } from './auth-messages';
import {
  PUBLIC_WRITES,
  LOGIN_CODE_PATTERN,
  normalizePhone,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth';
import { isSecondFactorCode, TWO_FACTOR_MESSAGES } from './two-factor';

// ---- Fields ----------------------------------------------------------------------------------------------------
/** Type errors of a string field: missing → 'Обязательное поле.', another type → 'Ожидается строка.'. */
const stringTypeError = (i: { code?: string; input?: unknown }) =>
  i.code === 'invalid_type' ? (i.input === undefined ? M.required : M.notString) : undefined;

/** A required text field of at most `max` characters. */
export const requiredString = (max = 254) =>
  z.string({ error: stringTypeError }).check(z.maxLength(max, `Не длиннее ${max} символов.`));

/** Not blank: a login or a password of spaces reads 'Обязательное поле.' (a password is never trimmed). */
export const filled = z.refine<string>((s) => s.trim() !== '', M.required);

/** An e-mail address, trimmed and lower-cased. */
export const Email = z.pipe(
  z
    .string({ error: (i) => (i.input === undefined ? M.required : M.emailInvalid) })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, M.emailInvalid)),
  z.email({ error: M.emailInvalid }),
);

/** A new password: 8..128 characters, not digits only. */
export const Password = z.string({ error: stringTypeError }).check(
  z.minLength(PASSWORD_MIN_LENGTH, M.passwordShort),
  z.maxLength(PASSWORD_MAX_LENGTH, M.passwordLong),
  z.refine((p) => !/^\d+$/.test(p), M.passwordDigits),
);

/** A phone number in any usual spelling, stored as '+79991234567'. */
export const Phone = z.pipe(
  z.string({ error: M.phoneInvalid }),
  z.transform((raw: string, ctx) => {
    const phone = normalizePhone(raw);
    if (!phone) ctx.issues.push({ code: 'custom', message: M.phoneInvalid, input: raw });
    return phone ?? '';
  }),
);

/** An optional text field where '' and null mean "not given". */
export const blankAsMissing = <O>(schema: z.core.$ZodType<O, string>) =>
  z.optional(
    z.pipe(
      z.transform((v: string | null) => (v === '' || v === null ? undefined : v)),
      z.optional(schema),
    ),
  );

/** A JSON object body; anything else is 'Тело запроса должно быть JSON-объектом.'. */
export const body = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.object(shape, { error: M.bodyNotObject });

// ---- Answers ---------------------------------------------------------------------------------------------------
export const AuthTokens = z.object({
  access: z.string(),
  /** Lifetime of `access` in seconds (300). */
  expires_in: z.number(),
});
export type AuthTokens = z.infer<typeof AuthTokens>;

/**
 * What every answer with tokens (sign-in, refresh, registration, `al`, social e-mail) carries beside them: who the
 * tokens belong to and their balances, so the SPA opens the cabinet without asking for the profile first — one
 * round trip less at every start. Clients that know only `AuthTokens` ignore it.
 */
export const SessionHandover = z.object({
  user: z.object({ id: z.number(), email: z.string(), fio: z.string() }),
  finances: z.object({ money: z.number(), bonus: z.number() }),
});
export type SessionHandover = z.infer<typeof SessionHandover>;

export const SignInAnswer = z.extend(AuthTokens, SessionHandover.shape);
export type SignInAnswer = z.infer<typeof SignInAnswer>;

export const CodeSent = z.object({
  detail: z.string(),
  /** The next step is POST /api/client/auth/login/verify/. */
  verify: z.literal(true),
});
export type CodeSent = z.infer<typeof CodeSent>;

/**
 * The first factor was right but the customer has two-factor on (contract/two-factor.ts): no tokens yet; the next
 * step is POST /api/client/auth/login/verify/ with this ticket and a code from the app or a recovery code.
 */
export const SecondFactorRequired = z.object({
  detail: z.string(),
  verify: z.literal(true),
  second_factor: z.literal('totp'),
  /** Opaque, single-use, 10 minutes; dies after 5 wrong codes. */
  ticket: z.string(),
});
export type SecondFactorRequired = z.infer<typeof SecondFactorRequired>;

/** What a sign-in by any way answers: the tokens, or the second step. */
export const SignInOrSecondFactor = z.union([SignInAnswer, SecondFactorRequired]);

export const RestoreLinkStatus = z.object({
  valid: z.literal(true),
  /** ISO time after which the link no longer works. */
  expires_at: z.string(),
});
export type RestoreLinkStatus = z.infer<typeof RestoreLinkStatus>;

// ---- Requests --------------------------------------------------------------------------------------------------
export const LoginRequest = body({
  login: requiredString().check(filled),
  password: z.optional(requiredString(1024).check(filled)),
  method: z.optional(z.enum(['password', 'code'], { error: M.loginMethod })),
});
export type LoginRequest = z.input<typeof LoginRequest>;

/**
 * The code of a one-time-code sign-in (`login` + 6 digits), or the second factor (`ticket` + a code from the app or a
 * recovery code).
 */
export const VerifyCodeRequest = body({
  login: z.optional(requiredString()),
  ticket: z.optional(requiredString(256)),
  code: requiredString(64).check(z.trim()),
}).check(
  z.superRefine((b, ctx) => {
    if (b.ticket === undefined && b.login === undefined)
      ctx.issues.push({ code: 'custom', message: M.required, path: ['login'], input: b.login });
    const ok = b.ticket === undefined ? LOGIN_CODE_PATTERN.test(b.code) : isSecondFactorCode(b.code);
    if (!ok)
      ctx.issues.push({
        code: 'custom',
        message: b.ticket === undefined ? M.codeFormat : TWO_FACTOR_MESSAGES.codeFormat,
        path: ['code'],
        input: b.code,
      });
  }),
);
export type VerifyCodeRequest = z.input<typeof VerifyCodeRequest>;

/** The refresh token travels only in its HttpOnly cookie: a body that carries one is a caller's mistake, said so. */
export const RefreshRequest = z.nullable(body({ refresh: z.optional(z.never({ error: M.refreshInBody })) }));

export const RegistrationRequest = body({
  email: Email,
  password: Password,
  fio: blankAsMissing(requiredString(200).check(z.trim())),
  /** Any of '+7 999 123-45-67', '79991234567'; stored as '+79991234567'. */
  phone: blankAsMissing(Phone),
  accept_terms: z.literal(true, { error: M.acceptTerms }),
});
export type RegistrationRequest = z.input<typeof RegistrationRequest>;

export const RestoreRequest = body({ email: Email });
export type RestoreRequest = z.input<typeof RestoreRequest>;

export const SetPasswordRequest = z
  .object({ password: Password, password_confirm: requiredString(1024) }, { error: M.bodyNotObject })
  .check(
    z.refine((b) => b.password === b.password_confirm, {
      message: M.passwordsDiffer,
      path: ['password_confirm'],
    }),
  );
export type SetPasswordRequest = z.input<typeof SetPasswordRequest>;

export const AutoLoginRequest = body({ token: requiredString(256) });
export type AutoLoginRequest = z.input<typeof AutoLoginRequest>;

const RestoreLinkParams = z.object({ id: z.string().check(z.maxLength(256)) });

// ---- Devices and sessions --------------------------------------------------------------------------------------
/**
 * One live sign-in session of the customer (Профиль → Устройства и сеансы). `browser` and `os` are read from the
 * user agent on the server ('' when it tells nothing); `ip` is the network, never the whole address
 * ('203.0.113.*', '2001:db8:85a3:…:*'; '' when unknown); `current`: the session of the bearer that asks.
 */
export const DeviceSession = z.object({
  id: z.string(),
  current: z.boolean(),
  browser: z.string(),
  os: z.string(),
  device: z.enum(['desktop', 'phone', 'tablet']),
  ip: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
});
export type DeviceSession = z.infer<typeof DeviceSession>;
/** The current session first, then the others by last use, newest first. */
export const DeviceSessions = z.object({ sessions: z.array(DeviceSession) });
export type DeviceSessions = z.infer<typeof DeviceSessions>;
export const EndedSessions = z.object({ detail: z.string(), ended: z.number() });
export type EndedSessions = z.infer<typeof EndedSessions>;
export const DeviceSessionParams = z.object({ id: z.string().check(z.maxLength(64)) });

// ---- Endpoints -------------------------------------------------------------------------------------------------
const signInErrors = [400, 429] as const;

export const authApi = {
  'POST /api/client/auth/login/': endpoint({
    body: LoginRequest,
    answer: z.union([SignInAnswer, SecondFactorRequired, CodeSent]),
    errors: signInErrors,
    auth: 'public',
  }),
  'POST /api/client/auth/login/verify/': endpoint({
    body: VerifyCodeRequest,
    answer: SignInOrSecondFactor,
    errors: signInErrors,
    auth: 'public',
  }),
  'POST /api/client/auth/token/refresh/': endpoint({
    body: RefreshRequest,
    answer: SignInAnswer,
    errors: [400, 401],
    auth: 'public',
  }),
  'POST /api/client/auth/logout/': endpoint({ answer: DetailMessage, errors: [401], auth: 'public' }),
  'POST /api/client/profile/': endpoint({
    body: RegistrationRequest,
    answer: SignInAnswer,
    status: 201,
    errors: [400, 429],
    perCaller: PUBLIC_WRITES.REGISTRATIONS,
    auth: 'public',
  }),
  'POST /api/client/auth/password_change/': endpoint({
    body: RestoreRequest,
    answer: DetailMessage,
    errors: [400, 429],
    perCaller: PUBLIC_WRITES.RESTORES,
    auth: 'public',
  }),
  'GET /api/client/auth/password_change/:id/': endpoint({
    params: RestoreLinkParams,
    answer: RestoreLinkStatus,
    errors: [404],
    auth: 'public',
  }),
  'PATCH /api/client/auth/password_change/:id/': endpoint({
    params: RestoreLinkParams,
    body: SetPasswordRequest,
    answer: SignInOrSecondFactor,
    errors: [400, 404, 429],
    perCaller: PUBLIC_WRITES.RESTORES,
    auth: 'public',
  }),
  'POST /api/client/auth/al/': endpoint({
    body: AutoLoginRequest,
    answer: SignInOrSecondFactor,
    errors: [400, 429],
    perCaller: PUBLIC_WRITES.AUTO_LOGINS,
    auth: 'public',
  }),
  'GET /api/client/auth/sessions/': endpoint({ answer: DeviceSessions, errors: [401], auth: 'customer' }),
  /** Ends another session of this customer; 404 for an unknown, ended or foreign one, 409 for the caller's own. */
  'DELETE /api/client/auth/sessions/:id/': endpoint({
    params: DeviceSessionParams,
    answer: EndedSessions,
    errors: [401, 404, 409],
    auth: 'customer',
  }),
  /** Ends every session of this customer but the caller's. */
  'POST /api/client/auth/sessions/end-others/': endpoint({
    answer: EndedSessions,
    errors: [401],
    auth: 'customer',
  }),
} as const;
