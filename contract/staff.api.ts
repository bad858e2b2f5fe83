// The staff API (/api/staff/…, its own token): how tests and a future back office act as the writer and the manager.
// The staff rows of orders and payments sit beside those groups' customer rows; these are the general ones.
import * as z from 'zod/mini';
import { endpoint, SMALL_BODY_LIMIT } from './http';
import { Email } from './auth.api';

const staffBody = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.object(shape, { error: 'Ожидается JSON-объект.' });

export const StaffAutoLoginRequest = staffBody({ email: Email });
export const StaffAutoLoginResponse = z.object({ token: z.string(), link: z.string() });
export type StaffAutoLoginResponse = z.infer<typeof StaffAutoLoginResponse>;

export const DemoCustomerRequest = staffBody({
  email: z.optional(Email),
  /** Only the customer and one order awaiting payment (benches that need many customers). */
  lean: z.optional(z.boolean({ error: 'Ожидается true или false.' })),
});

/** Test hook (TEST_HOOKS=1 only): the server's clock reads `now` from this call on, and runs on from there. */
export const TestClockRequest = staffBody({
  now: z.iso.datetime({ offset: true, error: 'Дата и время ISO 8601 с часовым поясом.' }),
});
export const TestClock = z.object({ now: z.string() });
export type TestClock = z.infer<typeof TestClock>;
export const DemoCustomer = z.object({
  id: z.number(),
  email: z.string(),
  phone: z.string(),
  password: z.string(),
});

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export const OutboxMessage = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms', 'push']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  /** The delivery's state (docs/deliveries.md): pending → sending → sent, or failed with last_error. */
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  next_attempt_at: z.nullable(z.string()),
  sent_at: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  provider_id: z.nullable(z.string()),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

const limitError = 'limit — целое число от 1 до 200.';
export const OutboxQuery = z.object({
  recipient: z.optional(z.string().check(z.maxLength(254))),
  kind: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  status: z.optional(z.enum(OUTBOX_STATUSES, { error: 'status — pending, sending, sent или failed.' })),
  limit: z._default(
    z.coerce
      .number({ error: limitError })
      .check(z.int(limitError), z.gte(1, limitError), z.lte(200, limitError)),
    50,
  ),
});

// ---- promo codes (contract/orders.ts says how they apply) ------------------------------------------------------
export const PROMO_FORM_MESSAGES = {
  code: 'Код — от 3 до 32 латинских букв, цифр, «-» или «_».',
  title: 'Опишите скидку для клиента (до 200 символов).',
  percent: 'Процент — целое число от 1 до 100.',
  amount: 'Сумма — целое число рублей от 1 до 1 000 000.',
  oneDiscount: 'Укажите либо процент, либо сумму скидки.',
  date: 'Дата и время в формате ISO 8601 с часовым поясом: 2026-12-01T00:00:00+03:00.',
  year: 'Год — от 2000 до 2100.',
  dates: 'Конец действия должен быть позже начала.',
  limit: 'Лимит — целое число от 1 до 1 000 000 000, или null без лимита.',
  active: 'active — true или false.',
} as const;
const P = PROMO_FORM_MESSAGES;
/** A moment with its offset, in years the database and the calendar both keep (the fuzzer sent year 0: a 500). */
const isoMoment = z.iso.datetime({ offset: true, error: P.date }).check(
  z.refine((s) => {
    const year = new Date(s).getUTCFullYear();
    return year >= 2000 && year <= 2100;
  }, P.year),
);

export const PromoCode = z.object({
  code: z.string(),
  title: z.string(),
  percent: z.nullable(z.number()),
  amount: z.nullable(z.number()),
  valid_from: z.string(),
  /** null: no end. The code applies while valid_from <= now < valid_until. */
  valid_until: z.nullable(z.string()),
  /** null: unlimited. */
  usage_limit: z.nullable(z.number()),
  /** Orders that hold the code (taken at order creation or an edit that adds it; given back when one drops it). */
  used_count: z.number(),
  active: z.boolean(),
  created_at: z.string(),
});
export type PromoCode = z.infer<typeof PromoCode>;

export const PromoCodeCreateRequest = staffBody({
  code: z.string({ error: P.code }).check(z.trim(), z.regex(/^[A-Za-z0-9_-]{3,32}$/, P.code)),
  title: z.string({ error: P.title }).check(z.trim(), z.minLength(1, P.title), z.maxLength(200, P.title)),
  percent: z.optional(
    z.number({ error: P.percent }).check(z.int(P.percent), z.gte(1, P.percent), z.lte(100, P.percent)),
  ),
  amount: z.optional(
    z.number({ error: P.amount }).check(z.int(P.amount), z.gte(1, P.amount), z.lte(1_000_000, P.amount)),
  ),
  /** Default: now. */
  valid_from: z.optional(isoMoment),
  valid_until: z.optional(z.nullable(isoMoment)),
  usage_limit: z.optional(
    z.nullable(
      z.number({ error: P.limit }).check(z.int(P.limit), z.gte(1, P.limit), z.lte(1_000_000_000, P.limit)),
    ),
  ),
}).check(
  z.refine((b) => (b.percent === undefined) !== (b.amount === undefined), {
    message: P.oneDiscount,
    path: ['percent'],
  }),
  z.refine((b) => !b.valid_until || !b.valid_from || Date.parse(b.valid_until) > Date.parse(b.valid_from), {
    message: P.dates,
    path: ['valid_until'],
  }),
);
export type PromoCodeCreateRequest = z.input<typeof PromoCodeCreateRequest>;

export const PromoCodeParams = z.object({ code: z.string().check(z.maxLength(64)) });
export const PromoCodePatchRequest = staffBody({ active: z.boolean({ error: P.active }) });

export const staffApi = {
  /** An al link for a customer (e-mails and tests). */
  'POST /api/staff/auto-login/': endpoint({
    body: StaffAutoLoginRequest,
    answer: StaffAutoLoginResponse,
    errors: [400, 401, 404],
    auth: 'staff',
    role: 'admin',
  }),
  /** A fresh customer with the whole demo data set (orders in every tab, chat, files, money), or a lean one. */
  'POST /api/staff/demo-customer/': endpoint({
    body: DemoCustomerRequest,
    answer: DemoCustomer,
    status: 201,
    errors: [400, 401, 409],
    auth: 'staff',
    role: 'admin',
  }),
  /**
   * e2e only (404 unless the server runs with TEST_HOOKS=1): sets the whole server's clock — tokens, jobs, the
   * night silence — for a spec that runs a server of its own (e2e/notifications.spec.ts).
   */
  'POST /api/staff/test/clock/': endpoint({
    body: TestClockRequest,
    answer: TestClock,
    errors: [400, 401, 403, 404],
    auth: 'staff',
    role: 'admin',
    bodyLimit: SMALL_BODY_LIMIT,
  }),
  /** The outbox's e-mails and SMS with their delivery state, newest first. */
  'GET /api/staff/outbox/': endpoint({
    query: OutboxQuery,
    answer: z.object({ results: z.array(OutboxMessage) }),
    errors: [400, 401],
    auth: 'staff',
    role: 'admin',
    audited: true,
  }),
  /** Every promo code, by code. */
  'GET /api/staff/promo-codes/': endpoint({
    answer: z.object({ results: z.array(PromoCode) }),
    errors: [401],
    auth: 'staff',
    role: 'admin',
  }),
  /** A new promo code (409 when the code exists in any case). */
  'POST /api/staff/promo-codes/': endpoint({
    body: PromoCodeCreateRequest,
    answer: PromoCode,
    status: 201,
    errors: [400, 401, 409],
    auth: 'staff',
    role: 'admin',
  }),
  /** Switches a code off (or on again); orders that hold it keep their price. */
  'PATCH /api/staff/promo-codes/:code/': endpoint({
    params: PromoCodeParams,
    body: PromoCodePatchRequest,
    answer: PromoCode,
    errors: [400, 401, 404],
    auth: 'staff',
    role: 'admin',
  }),
} as const;
