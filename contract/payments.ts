// The payments API (spec points 3, 5, 7, 8): types shared by the server and the SPA, and the money rules.
//
// Money rules (the README repeats them):
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

export type MoneyAccount = 'money' | 'bonus';
export type LedgerKind =
  | 'topup'
  | 'order_payment'
  | 'packet_payment'
  | 'withdrawal'
  | 'refund'
  | 'bonus_grant'
  | 'bonus_spend'
  | 'storno';

export type PaymentMethodId = 'card' | 'sbp' | 'installments' | 'balance';
export type PaymentPurpose = 'order' | 'packet' | 'topup';
export type VerificationKind = 'repayment' | 'bonus';
export type VerificationStatus = 'unverified' | 'requested' | 'verified';

/** PATCH /api/client/profile/status/ and the realtime `finances` event. */
export interface Finances {
  money: number;
  bonus: number;
}

export interface Page<T> {
  next: string | null;
  previous: string | null;
  count: number;
  results: T[];
}

export interface PaymentMethod {
  id: PaymentMethodId;
  title: string;
  fee_percent: number;
  min_sum?: number;
  installments?: { months: number[] };
}
export interface PaymentMethodsResponse {
  payment_methods: PaymentMethod[];
}

/** POST pay/ body. `back` is the in-app path to return to after the provider (defaults per purpose). */
export interface PayRequest {
  purpose: PaymentPurpose;
  order_id?: number;
  packet_id?: number;
  /** Top-up sum (purpose topup). */
  amount?: number;
  method: PaymentMethodId;
  use_money?: boolean;
  use_bonus?: boolean;
  back?: string;
}
export type PayResponse =
  | { status: 'paid'; payment_id: number | null; money: number; bonus: number }
  | { status: 'redirect'; payment_id: number; redirect_url: string; amount: number };

/** GET waiting/ rows: orders awaiting payment. */
export interface WaitingOrder {
  id: number;
  topic: string;
  work_type: string;
  status: { id: number; title: string };
  price: number;
  paid: number;
  /** What is left to pay. */
  sum: number;
  deadline: string;
}

export interface HistoryRow {
  id: number;
  kind: LedgerKind;
  title: string;
  account: MoneyAccount;
  /** Signed: + came to the balance, − left it. */
  amount: number;
  order_id: number | null;
  packet_id: number | null;
  payment_id: number | null;
  payment_method: PaymentMethodId | null;
  created_at: string;
}

export interface PacketResponse {
  id: number;
  orders: WaitingOrder[];
  /** Sum left to pay over the packet's orders that still await payment. */
  total: number;
}

export interface VerificationStatusResponse {
  status: VerificationStatus;
  /** GET verification-status/ only: the profile phone the SMS goes to, masked (`+7 ••• •••-45-67`); null without one. */
  phone?: string | null;
  /** GET verification-status/ only: when a verified status runs out (ISO), else null. */
  verified_until?: string | null;
}

export interface WithdrawalRequest {
  amount: number;
  method: 'card' | 'sbp';
  requisites: { card_number?: string; phone?: string; bank?: string; fio?: string };
}
export interface Withdrawal {
  id: number;
  amount: number;
  method: 'card' | 'sbp';
  status: 'processing' | 'done' | 'rejected';
  created_at: string;
}

/**
 * GET requests/: the customer's money-out requests with their processing state (newest first, at most 50).
 * Withdrawals and storno refunds take the money when made; staff mark them done, or rejected, which returns the
 * money to the balance (a ledger row of kind refund, in the same transaction). A refund claim moves nothing when
 * made; staff approve (the money goes out from the service) or reject it. Claim states new/approved read
 * processing/done here.
 */
export type MoneyRequestType = 'withdrawal' | 'storno' | 'claim';
export type MoneyRequestStatus = 'processing' | 'done' | 'rejected';
export interface MoneyRequest {
  type: MoneyRequestType;
  id: number;
  amount: number;
  status: MoneyRequestStatus;
  /** The order of a claim, else null. */
  order_id: number | null;
  created_at: string;
}
export interface MoneyRequestsResponse {
  results: MoneyRequest[];
}

export interface RefundStornoRow {
  pay_id: number;
  checked: boolean;
  refund_mode: 'storno';
  payment_method: PaymentMethodId;
  /** What can still be returned to this payment's card. */
  amount: number;
  created_at: string;
}

export interface RefundClaimRequest {
  order_id: number;
  reason: string;
  amount: number;
  recipient: { fio: string; country: string; account: string; bank?: string };
}

export interface RefundCountry {
  code: string;
  title: string;
}

export interface RefundExtra {
  processing_text: string;
  min_refund_sum: number;
  min_withdrawal_sum: number;
  fee_percent: number;
}
