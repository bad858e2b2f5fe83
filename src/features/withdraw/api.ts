// The money-out calls of spec point 7 (prefix /api/client/payments/): verification status, withdrawal
// (repayment/), storno refunds and refund claims. Money-moving calls send the attempt's Idempotency-Key.
import { api, call } from '../../api/client';
import type {
  Finances,
  MoneyRequestsResponse,
  Page,
  RefundClaimRequest,
  RefundCountry,
  RefundExtra,
  RefundStornoRow,
  VerificationKind,
  VerificationStatusResponse,
  Withdrawal,
  WithdrawalRequest,
} from '../../../contract/payments';

const P = '/api/client/payments';
const key = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });
const opt = (signal?: AbortSignal) => (signal ? { signal } : {});

/** Calls that answer 403 until the repayment verification is done (spec 8: the page then re-checks it). */
export const REPAYMENT_CALL = /\/api\/client\/payments\/(repayment|refund-storno|refund-claim)\//;

export const fetchFinances = () =>
  api<Finances>('/api/client/profile/status/', { method: 'PATCH', body: {} });

export const fetchVerificationStatus = async (kind: VerificationKind) =>
  (await api<VerificationStatusResponse>(`${P}/verification-status/${kind}/`)).status;

export const postWithdrawal = (body: WithdrawalRequest, idempotencyKey: string) =>
  api<Withdrawal & Finances>(`${P}/repayment/`, { method: 'POST', body, headers: key(idempotencyKey) });

/** The customer's withdrawals, storno refunds and refund claims with their processing state. */
export const fetchMoneyRequests = (signal?: AbortSignal) =>
  api<MoneyRequestsResponse>(`${P}/requests/`, opt(signal));

export const fetchStornoRows = (signal?: AbortSignal) =>
  api<Page<RefundStornoRow>>(`${P}/refund-storno/`, opt(signal));

export const postStorno = (body: { refund_sum: number; pay_ids?: number[] }, idempotencyKey: string) =>
  api<{ refunds: { id: number; pay_id: number; amount: number }[] } & Finances>(`${P}/refund-storno/`, {
    method: 'POST',
    body,
    headers: key(idempotencyKey),
  });

export const fetchRefundExtra = (signal?: AbortSignal) => api<RefundExtra>(`${P}/refund-extra/`, opt(signal));
export const fetchCountries = (signal?: AbortSignal) =>
  api<RefundCountry[]>(`${P}/refund-recipient-countries/`, opt(signal));

export const postRefundClaim = (body: RefundClaimRequest, idempotencyKey: string) =>
  api<{ id: number; status: string }>(`${P}/refund-claim/`, {
    method: 'POST',
    body,
    headers: key(idempotencyKey),
  });

/** The customer's orders with money paid on them (a refund claim names one). */
export async function fetchPaidOrders(signal?: AbortSignal) {
  const lists = await Promise.all(
    (['active', 'done'] as const).map((tab) =>
      call('GET /api/client/orders/', { query: { tab, page_size: 50 }, ...opt(signal) }),
    ),
  );
  return lists.flatMap((l) => l.results).filter((o) => o.paid > 0);
}
