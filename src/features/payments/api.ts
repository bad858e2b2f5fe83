// The pay-in calls of spec point 7 (prefix /api/client/payments/) and the finances, typed from the shared contract.
// Every call that moves money sends the attempt's Idempotency-Key.
import { api, apiRaw, call } from '../../api/client';
import { errorFromResponse } from '../../api/errors';
import type {
  Finances,
  HistoryRow,
  LedgerKind,
  Page,
  PacketResponse,
  PaymentMethodsResponse,
  PayRequest,
  PayResponse,
  VerificationKind,
  VerificationStatus,
  VerificationStatusResponse,
  WaitingOrder,
} from '../../../contract/payments';

const P = '/api/client/payments';
const key = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });
const opt = (signal?: AbortSignal) => (signal ? { signal } : {});

/** PATCH /api/client/profile/status/: the money and bonus balances (the header shows them). */
export const fetchFinances = () =>
  api<Finances>('/api/client/profile/status/', { method: 'PATCH', body: {} });

export const fetchWaiting = (signal?: AbortSignal) =>
  api<Page<WaitingOrder>>(`${P}/waiting/?page_size=100`, opt(signal));

export const fetchMethods = (sum: number, signal?: AbortSignal) =>
  api<PaymentMethodsResponse>(`${P}/methods/?sum=${Math.max(0, Math.round(sum))}`, opt(signal));

export const fetchOrder = (id: number, signal?: AbortSignal) =>
  call('GET /api/client/orders/:id/', { params: { id }, ...opt(signal) });

export const fetchPacket = (id: number, signal?: AbortSignal) =>
  api<PacketResponse>(`${P}/orders-packet-waiting/${id}/`, opt(signal));

export const createPacket = (orderIds: number[], idempotencyKey: string) =>
  api<PacketResponse>(`${P}/packets/`, {
    method: 'POST',
    body: { order_ids: orderIds },
    headers: key(idempotencyKey),
  });

export const pay = (request: PayRequest, idempotencyKey: string) =>
  api<PayResponse>(`${P}/pay/`, { method: 'POST', body: request, headers: key(idempotencyKey) });

export interface HistoryQuery {
  page: number;
  kind?: LedgerKind | '';
  from?: string;
  to?: string;
}
export const HISTORY_PAGE_SIZE = 20;

export function fetchHistory(q: HistoryQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(q.page), page_size: String(HISTORY_PAGE_SIZE) });
  if (q.kind) params.set('kind', q.kind);
  if (q.from) params.set('from', q.from);
  if (q.to) params.set('to', q.to);
  return api<Page<HistoryRow>>(`${P}/history/?${params.toString()}`, opt(signal));
}

// ---- Verification (the PaymentsPayOut page) ----

/** GET verification-status/{kind}/ in full: the status, the masked phone the SMS goes to, until when it is valid. */
export const fetchVerificationDetails = (kind: VerificationKind, signal?: AbortSignal) =>
  api<VerificationStatusResponse>(`${P}/verification-status/${kind}/`, opt(signal));

export const fetchVerificationStatus = async (kind: VerificationKind) =>
  (await api<VerificationStatusResponse>(`${P}/verification-status/${kind}/`)).status;

/**
 * POST verificate-code/{kind}/: sends the SMS. Its 429 is the resend limit of this form (shown here, not /429), and
 * the wait comes in the Retry-After header, so this call reads the raw answer.
 */
export async function requestVerificationCode(kind: VerificationKind): Promise<VerificationStatus> {
  const path = `${P}/verificate-code/${kind}/`;
  const res = await apiRaw<VerificationStatusResponse, 'json'>(path, {
    method: 'POST',
    body: {},
    responseType: 'json',
    keep429: true,
    ignoreResponseError: true,
  });
  if (res.ok) return res._data?.status ?? 'requested';
  // An expired token: the normal path refreshes it and retries once.
  if (res.status === 401)
    return (await api<VerificationStatusResponse>(path, { method: 'POST', body: {} })).status;
  const error = errorFromResponse(res.status, res._data);
  if (res.status === 429) {
    const retryAfterSec = Number(res.headers.get('Retry-After')) || 60;
    throw Object.assign(error, { retryAfterSec });
  }
  throw error;
}

export const checkVerificationCode = async (kind: VerificationKind, code: string) =>
  (
    await api<VerificationStatusResponse>(`${P}/verificate-code/${kind}/`, {
      method: 'PATCH',
      body: { code },
    })
  ).status;
