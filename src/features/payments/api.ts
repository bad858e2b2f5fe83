// The pay-in calls of spec point 7 (prefix /api/client/payments/) and the finances, typed from the shared contract.
// Every call that moves money sends the attempt's Idempotency-Key.
import { call, callRaw } from '../../api/client';
import { errorFromResponse } from '../../api/errors';
import type { LedgerKind, VerificationKind, VerificationStatus } from '../../../contract/payments';
import type { PayRequest } from '../../../contract/payments.api';

const key = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

/** PATCH /api/client/profile/status/: the money and bonus balances (the header shows them). */
export const fetchFinances = (signal?: AbortSignal) =>
  call('PATCH /api/client/profile/status/', signal ? { signal } : {});

export const fetchWaiting = (signal?: AbortSignal) =>
  call('GET /api/client/payments/waiting/', { query: { page_size: 100 }, signal });

export const fetchMethods = (sum: number, signal?: AbortSignal) =>
  call('GET /api/client/payments/methods/', { query: { sum: Math.max(0, Math.round(sum)) }, signal });

export const fetchOrder = (id: number, signal?: AbortSignal) =>
  call('GET /api/client/orders/:id/', { params: { id }, signal });

export const fetchPacket = (id: number, signal?: AbortSignal) =>
  call('GET /api/client/payments/orders-packet-waiting/:id/', { params: { id }, signal });

export const createPacket = (orderIds: number[], idempotencyKey: string) =>
  call('POST /api/client/payments/packets/', {
    body: { order_ids: orderIds },
    headers: key(idempotencyKey),
  });

export const pay = (request: PayRequest, idempotencyKey: string) =>
  call('POST /api/client/payments/pay/', { body: request, headers: key(idempotencyKey) });

export interface HistoryQuery {
  page: number;
  kind?: LedgerKind | '';
  from?: string;
  to?: string;
}
export const HISTORY_PAGE_SIZE = 20;

export const fetchHistory = (q: HistoryQuery, signal?: AbortSignal) =>
  call('GET /api/client/payments/history/', {
    query: {
      page: q.page,
      page_size: HISTORY_PAGE_SIZE,
      kind: q.kind || undefined,
      from: q.from || undefined,
      to: q.to || undefined,
    },
    signal,
  });

// ---- Verification (the PaymentsPayOut page) ----

/** GET verification-status/{kind}/ in full: the status, the masked phone the SMS goes to, until when it is valid. */
export const fetchVerificationDetails = (kind: VerificationKind, signal?: AbortSignal) =>
  call('GET /api/client/payments/verification-status/:type/', { params: { type: kind }, signal });

export const fetchVerificationStatus = async (kind: VerificationKind) =>
  (await call('GET /api/client/payments/verification-status/:type/', { params: { type: kind } })).status;

const SEND_CODE = 'POST /api/client/payments/verificate-code/:type/';

/**
 * POST verificate-code/{kind}/: sends the SMS. Its 429 is the resend limit of this form (shown here, not /429), and
 * the wait comes in the Retry-After header, so this call reads the raw answer.
 */
export async function requestVerificationCode(kind: VerificationKind): Promise<VerificationStatus> {
  const res = await callRaw<typeof SEND_CODE, 'json'>(SEND_CODE, {
    params: { type: kind },
    responseType: 'json',
    keep429: true,
    ignoreResponseError: true,
  });
  if (res.ok) return res._data?.status ?? 'requested';
  // An expired token: the normal path refreshes it and retries once.
  if (res.status === 401) return (await call(SEND_CODE, { params: { type: kind } })).status;
  const error = errorFromResponse(res.status, res._data);
  if (res.status === 429) {
    const retryAfterSec = Number(res.headers.get('Retry-After')) || 60;
    throw Object.assign(error, { retryAfterSec });
  }
  throw error;
}

export const checkVerificationCode = async (kind: VerificationKind, code: string) =>
  (
    await call('PATCH /api/client/payments/verificate-code/:type/', {
      params: { type: kind },
      body: { code },
    })
  ).status;
