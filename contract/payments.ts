// The payments API (spec points 3, 5, 7, 8): the money rules, constants and names both sides need, without zod (the
// SPA's pages may import them). The schemas of what goes in and comes out, with their types, and the endpoint rows
// are in payments.api.ts.
//
// Money rules (docs/features.md repeats them):
// - Money is whole roubles (integers) everywhere. A customer has two balances: `money` (withdrawable) and `bonus`
//   (spendable on orders only, never withdrawable).
// - Ledger: a balance changes ONLY in the same database transaction as its ledger row, under a row lock on the
//   account (SELECT … FOR UPDATE) or through one conditional UPDATE … WHERE money >= amount. A CHECK keeps both
//   balances ≥ 0, and each balance always equals the sum of its ledger rows.
// - Card money passes through the wallet: a successful provider payment first tops `money` up (kind topup), then
//   the order share is debited from it (order_payment / packet_payment). Every rouble is therefore in the ledger,
//   and a payment whose order was meanwhile paid or cancelled simply stays on the balance.
// - Bonus may cover at most 30 % (BONUS_SHARE_LIMIT) of an order's price, counted over all payments of that order.
// - Idempotency: every call that creates a payment or moves money (pay/, repayment/, refund-storno/ POST,
//   refund-claim/, packets/) requires an `Idempotency-Key` header (400 without it). The same key again returns the
//   first answer; the same key with another body answers 422. The key row is written in the same transaction as
//   the effect, so concurrent repeats produce one effect. A refused request (4xx) stores nothing and may be retried.
// - Installments are offered only when their flag is on and the charged sum is ≥ 3000 (INSTALLMENT_MIN_SUM, spec 5);
//   the server checks it again on pay/. Top-ups cannot be paid in installments.
// - Withdrawal (repayment/), storno refunds and refund claims need a verified `repayment` verification, else 403
//   (spec 8: the SPA then re-checks the status). Minimum withdrawal 100 ₽; never more than the money balance.
// - Verification codes: 6 digits by SMS through the outbox to the profile phone; one send per 60 s and at most 5
//   per hour to one phone (429 + Retry-After, the seconds until the next send is allowed); a code lives 10 minutes,
//   is single-use, and dies after 5 wrong tries.
// - A verified status lasts 90 days (VERIFICATION_VALID_DAYS) from the right code, then reads `unverified` again;
//   changing the profile phone resets it at once (and kills a code sent to the old phone). The status answer tells
//   the masked phone the SMS goes to and, when verified, until when.
// - Every balance change publishes `{ type: 'finances', money, bonus }` on the customer's socket after commit.

export const BONUS_SHARE_LIMIT = 0.3;
export const INSTALLMENT_MIN_SUM = 3000;
export const WITHDRAWAL_MIN_SUM = 100;
/** The largest single amount the API accepts (pay, top-up, withdrawal, refund); larger is a 400. */
export const MAX_AMOUNT = 10_000_000;
export const VERIFICATION_CODE_TTL_MS = 10 * 60_000;
export const VERIFICATION_RESEND_MS = 60_000;
export const VERIFICATION_MAX_TRIES = 5;
export const VERIFICATION_SENDS_PER_HOUR = 5;
export const VERIFICATION_VALID_DAYS = 90;

/** The largest id a path or a body may name (PostgreSQL int4). */
export const INT4_MAX = 2_147_483_647;
/** The most orders one packet may hold. */
export const PACKET_MAX_ORDERS = 50;
/** A verification code from the SMS: 6 digits. */
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;

export const MONEY_ACCOUNTS = ['money', 'bonus'] as const;
export type MoneyAccount = (typeof MONEY_ACCOUNTS)[number];
export const LEDGER_KINDS = [
  'topup',
  'order_payment',
  'packet_payment',
  'withdrawal',
  'refund',
  'bonus_grant',
  'bonus_spend',
  'storno',
  /** A closed account's balance given up at its erasure (server/domain/account-closing.ts). */
  'forfeit',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const PAYMENT_METHOD_IDS = ['card', 'sbp', 'installments', 'balance'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];
export const PAYMENT_PURPOSES = ['order', 'packet', 'topup'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const VERIFICATION_KINDS = ['repayment', 'bonus'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];
export const VERIFICATION_STATUSES = ['unverified', 'requested', 'verified'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
/** Where a withdrawal goes: a card, or a phone through SBP. */
export const WITHDRAWAL_METHODS = ['card', 'sbp'] as const;

/**
 * GET requests/: the customer's money-out requests with their processing state (newest first, at most 50).
 * Withdrawals and storno refunds take the money when made; staff mark them done, or rejected, which returns the
 * money to the balance (a ledger row of kind refund, in the same transaction). A refund claim moves nothing when
 * made; staff approve (the money goes out from the service) or reject it. Claim states new/approved read
 * processing/done here.
 */
export const MONEY_REQUEST_TYPES = ['withdrawal', 'storno', 'claim'] as const;
export const MONEY_REQUEST_STATUSES = ['processing', 'done', 'rejected'] as const;
export type MoneyRequestStatus = (typeof MONEY_REQUEST_STATUSES)[number];
/** A refund claim as staff see it: new, then approved or rejected. */
export const CLAIM_STATUSES = ['new', 'approved', 'rejected'] as const;

/** What the server answers to a field of a payments call that does not fit (field errors, in Russian). */
export const PAYMENTS_MESSAGES = {
  badId: 'Неверный идентификатор.',
  amountNotNumber: 'Сумма должна быть числом.',
  amountNotInteger: 'Сумма должна быть целым числом рублей.',
  amountNotPositive: 'Сумма должна быть больше нуля.',
  amountTooBig: `Сумма не больше ${MAX_AMOUNT} ₽.`,
  purpose: 'Неизвестное назначение платежа.',
  method: 'Неизвестный способ оплаты.',
  backPath: 'Путь возврата должен быть путём внутри кабинета.',
  ledgerKind: 'Неизвестный вид операции.',
  date: 'Дата в формате ГГГГ-ММ-ДД.',
  packetEmpty: 'Выберите заказы.',
  packetTooBig: `Не больше ${PACKET_MAX_ORDERS} заказов.`,
  codeMissing: 'Введите код.',
  codeFormat: 'Код — 6 цифр.',
  withdrawalMin: `Минимальная сумма вывода — ${WITHDRAWAL_MIN_SUM} ₽.`,
  withdrawalMethod: 'Выберите способ вывода.',
  cardNumber: 'Номер карты: от 16 до 19 цифр.',
  phone: 'Телефон: от 10 до 15 цифр.',
  requisites: 'Укажите номер карты или телефон.',
  refundOrder: 'Выберите заказ из списка.',
  stornoPayments: 'Выберите хотя бы один платёж.',
  refundReason: 'Опишите причину возврата.',
  recipientFio: 'Укажите ФИО получателя.',
  recipientCountry: 'Выберите страну.',
  recipientAccount: 'Укажите номер карты или счёта.',
  staffEmail: 'Неверный e-mail.',
} as const;
