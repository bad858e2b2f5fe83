// The money-out calls of spec point 7 (prefix /api/client/payments/): verification status, withdrawal
// (repayment/), storno refunds and refund claims. Money-moving calls send the attempt's Idempotency-Key.
import { call } from '../../api/client';
import type { VerificationKind } from '../../../contract/payments';
import type { RefundClaimRequest, StornoRequest, WithdrawalRequest } from '../../../contract/payments.api';

const key = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

/** Calls that answer 403 until the repayment verification is done (spec 8: the page then re-checks it). */
export const REPAYMENT_CALL = /\/api\/client\/payments\/(repayment|refund-storno|refund-claim)\//;

export const fetchFinances = (signal?: AbortSignal) =>
  call('PATCH /api/client/profile/status/', signal ? { signal } : {});

export const fetchVerificationStatus = async (kind: VerificationKind) =>
  (await call('GET /api/client/payments/verification-status/:type/', { params: { type: kind } })).status;

export const postWithdrawal = (body: WithdrawalRequest, idempotencyKey: string) =>
  call('POST /api/client/payments/repayment/', { body, headers: key(idempotencyKey) });

/** The customer's withdrawals, storno refunds and refund claims with their processing state. */
export const fetchMoneyRequests = (signal?: AbortSignal) =>
  call('GET /api/client/payments/requests/', { signal });

export const fetchStornoRows = (signal?: AbortSignal) =>
  call('GET /api/client/payments/refund-storno/', { signal });

export const postStorno = (body: StornoRequest, idempotencyKey: string) =>
  call('POST /api/client/payments/refund-storno/', { body, headers: key(idempotencyKey) });

export const fetchRefundExtra = (signal?: AbortSignal) =>
  call('GET /api/client/payments/refund-extra/', { signal });
export const fetchCountries = (signal?: AbortSignal) =>
  call('GET /api/client/payments/refund-recipient-countries/', { signal });

export const postRefundClaim = (body: RefundClaimRequest, idempotencyKey: string) =>
  call('POST /api/client/payments/refund-claim/', { body, headers: key(idempotencyKey) });

/** The customer's orders with money paid on them (a refund claim names one). */
export async function fetchPaidOrders(signal?: AbortSignal) {
  const lists = await Promise.all(
    (['active', 'done'] as const).map((tab) =>
      call('GET /api/client/orders/', { query: { tab, page_size: 50 }, signal }),
    ),
  );
  return lists.flatMap((l) => l.results).filter((o) => o.paid > 0);
}
