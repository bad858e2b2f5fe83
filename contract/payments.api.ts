// Payments (spec point 7 "Payments", prefix /api/client/payments/) and the staff's money calls: what goes in and
// comes out of each call, as zod/mini schemas with the Russian messages the customer reads, and the endpoint rows.
// The money rules in words, and the constants both sides need, are in payments.ts.
import * as z from 'zod/mini';
import { endpoint, Id, page } from './http';
import { StatusRef } from './orders.api';
import {
  CLAIM_STATUSES,
  INT4_MAX,
  LEDGER_KINDS,
  MAX_AMOUNT,
  MONEY_ACCOUNTS,
  MONEY_REQUEST_STATUSES,
  MONEY_REQUEST_TYPES,
  PACKET_MAX_ORDERS,
  PAYMENT_METHOD_IDS,
  PAYMENT_PURPOSES,
  PAYMENTS_MESSAGES as M,
  VERIFICATION_CODE_PATTERN,
  VERIFICATION_STATUSES,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_MIN_SUM,
} from './payments';

// ---- Fields ----------------------------------------------------------------------------------------------------
/** A database id in a body or a path: a positive int4, numeric strings accepted ('5' reads 5). */
export const PaymentsId = z.coerce
  .number<number>({ error: M.badId })
  .check(z.int(M.badId), z.positive(M.badId), z.lte(INT4_MAX, M.badId));

/** A sum of money: whole roubles, > 0, at most MAX_AMOUNT. Strings, fractions, 1e30 and NaN are refused. */
export const Amount = z
  .number({ error: M.amountNotNumber })
  .check(z.int(M.amountNotInteger), z.positive(M.amountNotPositive), z.lte(MAX_AMOUNT, M.amountTooBig));

/** A trimmed text of 1..max characters; missing or blank reads `message`. */
const text = (max: number, message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max));

/** The in-app path to come back to after the provider: '/…', never '//host' or a backslash. */
const InAppPath = z.string().check(z.maxLength(500), z.regex(/^\/(?![/\\])[^\s\\]*$/, M.backPath));

/** `?page=&page_size=` of the paginated lists. */
export const PageQuery = z.object({
  page: z._default(z.coerce.number<number>().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  page_size: z._default(z.coerce.number<number>().check(z.int(), z.gte(1), z.lte(100)), 20),
});

// ---- Answers ---------------------------------------------------------------------------------------------------
/** The money and bonus balances: PATCH /api/client/profile/status/, money calls and the realtime `finances` event. */
export const Finances = z.object({ money: z.number(), bonus: z.number() });
export type Finances = z.infer<typeof Finances>;

export const PaymentMethod = z.object({
  id: z.enum(PAYMENT_METHOD_IDS),
  title: z.string(),
  fee_percent: z.number(),
  min_sum: z.optional(z.number()),
  installments: z.optional(z.object({ months: z.array(z.number()) })),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethodsResponse = z.object({ payment_methods: z.array(PaymentMethod) });
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

export const PayResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('paid'),
    payment_id: z.nullable(z.number()),
    money: z.number(),
    bonus: z.number(),
  }),
  z.object({
    status: z.literal('redirect'),
    payment_id: z.number(),
    redirect_url: z.string(),
    amount: z.number(),
  }),
]);
export type PayResponse = z.infer<typeof PayResponse>;

/** GET waiting/ rows: orders awaiting payment. */
export const WaitingOrder = z.object({
  id: z.number(),
  topic: z.string(),
  work_type: z.string(),
  status: StatusRef,
  price: z.number(),
  paid: z.number(),
  /** What is left to pay. */
  sum: z.number(),
  deadline: z.string(),
});
export type WaitingOrder = z.infer<typeof WaitingOrder>;

export const HistoryRow = z.object({
  id: z.number(),
  kind: z.enum(LEDGER_KINDS),
  title: z.string(),
  account: z.enum(MONEY_ACCOUNTS),
  /** Signed: + came to the balance, − left it. */
  amount: z.number(),
  order_id: z.nullable(z.number()),
  packet_id: z.nullable(z.number()),
  payment_id: z.nullable(z.number()),
  payment_method: z.nullable(z.enum(PAYMENT_METHOD_IDS)),
  created_at: z.string(),
});
export type HistoryRow = z.infer<typeof HistoryRow>;

export const PacketResponse = z.object({
  id: z.number(),
  orders: z.array(WaitingOrder),
  /** Sum left to pay over the packet's orders that still await payment. */
  total: z.number(),
});
export type PacketResponse = z.infer<typeof PacketResponse>;

/** POST and PATCH verificate-code/: the status after the call. */
export const VerificationStatusResponse = z.object({ status: z.enum(VERIFICATION_STATUSES) });
export type VerificationStatusResponse = z.infer<typeof VerificationStatusResponse>;
/** GET verification-status/: the status with the phone the SMS goes to and until when a verified status lasts. */
export const VerificationDetails = z.extend(VerificationStatusResponse, {
  /** The profile phone, masked (`+7 ••• •••-45-67`); null without one. */
  phone: z.nullable(z.string()),
  /** When a verified status runs out (ISO), else null. */
  verified_until: z.nullable(z.string()),
});
export type VerificationDetails = z.infer<typeof VerificationDetails>;

export const Withdrawal = z.object({
  id: z.number(),
  amount: z.number(),
  method: z.enum(WITHDRAWAL_METHODS),
  status: z.enum(MONEY_REQUEST_STATUSES),
  created_at: z.string(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;
/** POST repayment/: the request and the balances after its debit. */
export const WithdrawalResponse = z.extend(Withdrawal, Finances.shape);
export type WithdrawalResponse = z.infer<typeof WithdrawalResponse>;

export const MoneyRequest = z.object({
  type: z.enum(MONEY_REQUEST_TYPES),
  id: z.number(),
  amount: z.number(),
  status: z.enum(MONEY_REQUEST_STATUSES),
  /** The order of a claim, else null. */
  order_id: z.nullable(z.number()),
  created_at: z.string(),
});
export type MoneyRequest = z.infer<typeof MoneyRequest>;
export const MoneyRequestsResponse = z.object({ results: z.array(MoneyRequest) });
export type MoneyRequestsResponse = z.infer<typeof MoneyRequestsResponse>;

export const RefundStornoRow = z.object({
  pay_id: z.number(),
  checked: z.boolean(),
  refund_mode: z.literal('storno'),
  payment_method: z.enum(PAYMENT_METHOD_IDS),
  /** What can still be returned to this payment's card. */
  amount: z.number(),
  created_at: z.string(),
});
export type RefundStornoRow = z.infer<typeof RefundStornoRow>;
/** POST refund-storno/: the returns made (newest payment first) and the balances after them. */
export const StornoResponse = z.extend(Finances, {
  refunds: z.array(
    z.object({
      id: z.number(),
      pay_id: z.number(),
      amount: z.number(),
      status: z.enum(MONEY_REQUEST_STATUSES),
    }),
  ),
});
export type StornoResponse = z.infer<typeof StornoResponse>;

export const RefundClaim = z.object({
  id: z.number(),
  order_id: z.number(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(CLAIM_STATUSES),
  created_at: z.string(),
});
export type RefundClaim = z.infer<typeof RefundClaim>;

export const RefundCountry = z.object({ code: z.string(), title: z.string() });
export type RefundCountry = z.infer<typeof RefundCountry>;

export const RefundExtra = z.object({
  processing_text: z.string(),
  min_refund_sum: z.number(),
  min_withdrawal_sum: z.number(),
  fee_percent: z.number(),
});
export type RefundExtra = z.infer<typeof RefundExtra>;

// ---- Requests --------------------------------------------------------------------------------------------------
export const MethodsQuery = z.object({
  /** The sum to pay: installments are listed only for sums ≥ 3000. */
  sum: z.optional(z.coerce.number<number>().check(z.int(), z.gte(0), z.lte(MAX_AMOUNT))),
});

export const HistoryQuery = z.extend(PageQuery, {
  /** Comma-separated ledger kinds. */
  kind: z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((v) => (v ? v.split(',') : undefined)),
    ),
    z.optional(z.array(z.enum(LEDGER_KINDS, { error: M.ledgerKind }))),
  ),
  /** The first day (YYYY-MM-DD, UTC), inclusive. */
  from: z.optional(z.iso.date(M.date)),
  /** The last day (YYYY-MM-DD, UTC), inclusive. */
  to: z.optional(z.iso.date(M.date)),
});
export type HistoryQuery = z.input<typeof HistoryQuery>;

/** POST pay/ body. `back` is the in-app path to return to after the provider (defaults per purpose). */
export const PayRequest = z.object({
  purpose: z.enum(PAYMENT_PURPOSES, { error: M.purpose }),
  order_id: z.optional(PaymentsId),
  packet_id: z.optional(PaymentsId),
  /** Top-up sum (purpose topup). */
  amount: z.optional(Amount),
  method: z.enum(PAYMENT_METHOD_IDS, { error: M.method }),
  use_money: z.optional(z.boolean()),
  use_bonus: z.optional(z.boolean()),
  back: z.optional(InAppPath),
});
export type PayRequest = z.input<typeof PayRequest>;

export const PacketRequest = z.object({
  order_ids: z
    .array(PaymentsId)
    .check(z.minLength(1, M.packetEmpty), z.maxLength(PACKET_MAX_ORDERS, M.packetTooBig)),
});
export type PacketRequest = z.input<typeof PacketRequest>;

export const CheckCodeRequest = z.object({
  code: z.string({ error: M.codeMissing }).check(z.regex(VERIFICATION_CODE_PATTERN, M.codeFormat)),
});
export type CheckCodeRequest = z.input<typeof CheckCodeRequest>;

export const WithdrawalRequest = z.object({
  amount: Amount.check(z.gte(WITHDRAWAL_MIN_SUM, M.withdrawalMin)),
  method: z.enum(WITHDRAWAL_METHODS, { error: M.withdrawalMethod }),
  requisites: z
    .object({
      card_number: z.optional(z.string().check(z.regex(/^\d{16,19}$/, M.cardNumber))),
      phone: z.optional(z.string().check(z.regex(/^\+?\d{10,15}$/, M.phone))),
      bank: z.optional(z.string().check(z.trim(), z.maxLength(100))),
      fio: z.optional(z.string().check(z.trim(), z.maxLength(200))),
    })
    .check(z.refine((r) => r.card_number || r.phone, { message: M.requisites })),
});
export type WithdrawalRequest = z.input<typeof WithdrawalRequest>;

export const StornoRequest = z.object({
  refund_sum: Amount,
  /** The payments to return to; all that can be returned when absent. */
  pay_ids: z.optional(z.array(PaymentsId).check(z.minLength(1, M.stornoPayments), z.maxLength(100))),
});
export type StornoRequest = z.input<typeof StornoRequest>;

export const RefundClaimRequest = z.object({
  /** Missing or not an id: 'Выберите заказ из списка.' (the form's select has no other way to go wrong). */
  order_id: z.coerce
    .number<number>({ error: M.refundOrder })
    .check(z.int(M.refundOrder), z.positive(M.refundOrder), z.lte(INT4_MAX, M.badId)),
  reason: text(2000, M.refundReason),
  amount: Amount,
  recipient: z.object({
    fio: text(200, M.recipientFio),
    /** A code of GET refund-recipient-countries/. */
    country: z.string({ error: M.recipientCountry }).check(z.length(2, M.recipientCountry)),
    account: text(64, M.recipientAccount),
    bank: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  }),
});
export type RefundClaimRequest = z.input<typeof RefundClaimRequest>;

/** `:type` of the verification calls: repayment or bonus (another kind is a 404, told by the server). */
export const VerificationKindParams = z.object({ type: z.string() });
export const PacketParams = z.object({ id: PaymentsId });
/** The sandbox provider's payment id: a UUID (another value is a 404, told by the server, not a 400). */
export const SandboxPaymentId = z.uuid();
export const SandboxParams = z.object({ pid: z.string() });

/** YooKassa's notification (its documented shape): only `object.id` is used, to read the payment back. */
export const YooKassaNotification = z.object({
  type: z.literal('notification'),
  event: z.string().check(z.maxLength(64)),
  object: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
});
export const YooKassaReturnParams = z.object({ id: Id });
export const YooKassaReturnQuery = z.object({ sig: z._default(z.string().check(z.maxLength(128)), '') });

// ---- Endpoints -------------------------------------------------------------------------------------------------
/** Every call that creates a payment or moves money: 400 without an Idempotency-Key, 422 for a key reused. */
const moneyErrors = [400, 401, 404, 422] as const;
/** Withdrawal, storno and claims also answer 403 until the repayment verification is done. */
const repaymentErrors = [400, 401, 403, 404, 422] as const;

export const paymentsApi = {
  'GET /api/client/payments/methods/': endpoint({
    query: MethodsQuery,
    answer: PaymentMethodsResponse,
    errors: [400, 401],
    auth: 'customer',
  }),
  'GET /api/client/payments/waiting/': endpoint({
    query: PageQuery,
    answer: page(WaitingOrder),
    errors: [400, 401],
    auth: 'customer',
  }),
  'GET /api/client/payments/history/': endpoint({
    query: HistoryQuery,
    answer: page(HistoryRow),
    errors: [400, 401],
    auth: 'customer',
  }),
  /** Pays at once from the balances, or answers the provider's page for what they do not cover. */
  'POST /api/client/payments/pay/': endpoint({
    body: PayRequest,
    answer: PayResponse,
    // 502: the acquirer did not answer; nothing was charged, the same request may be made again.
    errors: [...moneyErrors, 502],
    auth: 'customer',
  }),
  'POST /api/client/payments/packets/': endpoint({
    body: PacketRequest,
    answer: PacketResponse,
    status: 201,
    errors: moneyErrors,
    auth: 'customer',
  }),
  'GET /api/client/payments/orders-packet-waiting/:id/': endpoint({
    params: PacketParams,
    answer: PacketResponse,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  'GET /api/client/payments/verification-status/:type/': endpoint({
    params: VerificationKindParams,
    answer: VerificationDetails,
    errors: [401, 404],
    auth: 'customer',
  }),
  /** Sends a code by SMS to the profile phone; 429 + Retry-After while a resend is not allowed. */
  'POST /api/client/payments/verificate-code/:type/': endpoint({
    params: VerificationKindParams,
    answer: VerificationStatusResponse,
    errors: [400, 401, 404, 429],
    auth: 'customer',
  }),
  /** Checks the code: 400 `{ code: [...] }` for a wrong, dead or missing one. */
  'PATCH /api/client/payments/verificate-code/:type/': endpoint({
    params: VerificationKindParams,
    body: CheckCodeRequest,
    answer: VerificationStatusResponse,
    errors: [400, 401, 404],
    auth: 'customer',
  }),
  /** A withdrawal: the money leaves the balance now; staff mark it done or reject it (the money comes back). */
  'POST /api/client/payments/repayment/': endpoint({
    body: WithdrawalRequest,
    answer: WithdrawalResponse,
    status: 201,
    errors: repaymentErrors,
    auth: 'customer',
  }),
  'GET /api/client/payments/requests/': endpoint({
    answer: MoneyRequestsResponse,
    errors: [401],
    auth: 'customer',
  }),
  /** The card payments that still have something to return (one page holds them all). */
  'GET /api/client/payments/refund-storno/': endpoint({
    answer: page(RefundStornoRow),
    errors: [401],
    auth: 'customer',
  }),
  'POST /api/client/payments/refund-storno/': endpoint({
    body: StornoRequest,
    answer: StornoResponse,
    status: 201,
    errors: repaymentErrors,
    auth: 'customer',
  }),
  /** A claim for an order's money; a manager decides, nothing moves now. */
  'POST /api/client/payments/refund-claim/': endpoint({
    body: RefundClaimRequest,
    answer: RefundClaim,
    status: 201,
    errors: repaymentErrors,
    auth: 'customer',
  }),
  'GET /api/client/payments/refund-recipient-countries/': endpoint({
    answer: z.array(RefundCountry),
    errors: [401],
    auth: 'customer',
  }),
  'GET /api/client/payments/refund-extra/': endpoint({
    answer: RefundExtra,
    errors: [401],
    auth: 'customer',
  }),
  /** The sandbox provider's pay page (no customer auth: the random payment id is the handle). */
  'GET /api/client/payments/sandbox/:pid/': endpoint({
    params: SandboxParams,
    answers: 'html',
    errors: [404],
    auth: 'public',
  }),
  /** The sandbox page's "Оплатить" form: 302 to /payment?status=success|fail&back=…. */
  'POST /api/client/payments/sandbox/:pid/pay/': endpoint({
    params: SandboxParams,
    form: true,
    answers: 'redirect',
    status: 302,
    errors: [404],
    auth: 'public',
  }),
  /** The sandbox page's "Отказаться" form: 302 to /payment?status=fail&back=… (or success, if paid before). */
  'POST /api/client/payments/sandbox/:pid/decline/': endpoint({
    params: SandboxParams,
    form: true,
    answers: 'redirect',
    status: 302,
    errors: [404],
    auth: 'public',
  }),
  /** YooKassa's webhook (PAYMENTS_DRIVER=yookassa, else 404): the payment it names is read back and settled. */
  'POST /api/client/payments/yookassa/webhook/': endpoint({
    body: YooKassaNotification,
    answer: z.object({}),
    errors: [400, 404],
    auth: 'public',
  }),
  /** Where YooKassa sends the customer back: 302 to /payment?status=success|fail&back=… (a signed link). */
  'GET /api/client/payments/yookassa/return/:id/': endpoint({
    params: YooKassaReturnParams,
    query: YooKassaReturnQuery,
    answers: 'redirect',
    status: 302,
    errors: [404],
    auth: 'public',
  }),
} as const;

// ---- Staff (/api/staff/…, the staff token) --------------------------------------------------------------------
export const CreditRequest = z.object({
  email: z.string().check(z.email(M.staffEmail)),
  money: z.optional(Amount),
  bonus: z.optional(Amount),
});

export const StaffWithdrawalsQuery = z.extend(PageQuery, {
  status: z.optional(z.enum(MONEY_REQUEST_STATUSES)),
});
export const StaffWithdrawal = z.extend(Withdrawal, {
  email: z.string(),
  user_id: z.number(),
  requisites: z.record(z.string(), z.string()),
});

export const StaffClaimsQuery = z.extend(PageQuery, { status: z.optional(z.enum(CLAIM_STATUSES)) });
export const StaffClaim = z.extend(RefundClaim, {
  user_id: z.number(),
  email: z.string(),
  recipient: z.record(z.string(), z.string()),
});

export const Decision = <const S extends readonly [string, ...string[]]>(statuses: S) =>
  z.object({ status: z.enum(statuses) });
export const StaffVerificationRequest = z.object({
  status: z._default(z.enum(['unverified', 'verified']), 'unverified'),
});

export const StaffIdParams = z.object({ id: PaymentsId });
export const StaffVerificationParams = z.object({ email: z.string(), type: z.string() });
const staffDecisionErrors = [400, 401, 404, 409] as const;

export const staffPaymentsApi = {
  /** Credits money and/or bonus (kinds topup / bonus_grant). No Idempotency-Key: a staff tool, not a payment. */
  'POST /api/staff/payments/credit/': endpoint({
    body: CreditRequest,
    answer: Finances,
    errors: [400, 401, 404],
    auth: 'staff',
    role: 'finance',
  }),
  'GET /api/staff/withdrawals/': endpoint({
    query: StaffWithdrawalsQuery,
    answer: page(StaffWithdrawal),
    errors: [400, 401],
    auth: 'staff',
    role: 'finance',
    audited: true,
  }),
  /** Done, or rejected with the money back on the balance; decided once (409 after). */
  'PATCH /api/staff/withdrawals/:id/': endpoint({
    params: StaffIdParams,
    body: Decision(['done', 'rejected']),
    answer: Withdrawal,
    errors: staffDecisionErrors,
    auth: 'staff',
    role: 'finance',
  }),
  /** A storno refund: done, or rejected with the money back on the balance; decided once. */
  'PATCH /api/staff/storno/:id/': endpoint({
    params: StaffIdParams,
    body: Decision(['done', 'rejected']),
    answer: MoneyRequest,
    errors: staffDecisionErrors,
    auth: 'staff',
    role: 'finance',
  }),
  'GET /api/staff/refund-claims/': endpoint({
    query: StaffClaimsQuery,
    answer: page(StaffClaim),
    errors: [400, 401],
    auth: 'staff',
    role: 'finance',
    audited: true,
  }),
  /** Approved (the money goes out from the service) or rejected; the claim took nothing, so nothing moves. */
  'PATCH /api/staff/refund-claims/:id/': endpoint({
    params: StaffIdParams,
    body: Decision(['approved', 'rejected']),
    answer: z.omit(RefundClaim, { reason: true }),
    errors: staffDecisionErrors,
    auth: 'staff',
    role: 'finance',
  }),
  /** Sets a customer's verification back to unverified (the default) or straight to verified (demos, tests). */
  'PATCH /api/staff/verification/:email/:type/': endpoint({
    params: StaffVerificationParams,
    body: StaffVerificationRequest,
    answer: z.object({ status: z.enum(['unverified', 'verified']) }),
    errors: [400, 401, 404],
    auth: 'staff',
    role: 'finance',
  }),
} as const;
