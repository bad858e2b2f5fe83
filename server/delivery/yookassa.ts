import type { PaymentsSettings } from './settings';

type YooKassaSettings = Extract<PaymentsSettings, { driver: 'yookassa' }>;

/** YooKassa's payment object, the fields we read (API v3). */
export interface YooPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation?: { type: string; confirmation_url?: string; return_url?: string };
  metadata?: Record<string, string>;
  cancellation_details?: { party: string; reason: string };
}

export interface YooRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  cancellation_details?: { party: string; reason: string };
}

/** A receipt under 54-FZ: one line per payment, "full payment" of a service. */
export interface YooReceipt {
  customer: { email?: string; phone?: string };
  items: {
    description: string;
    quantity: number;
    amount: { value: string; currency: 'RUB' };
    vat_code: number;
    payment_mode: 'full_payment';
    payment_subject: 'service';
  }[];
  tax_system_code?: number;
}

/**
 * An error answer ({ type: 'error', code, description }) or no answer. `retryable`: the documented "result
 * unknown" cases (500, 429, a timeout) — repeat the same request with the same Idempotence-Key.
 */
export class YooKassaError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: string | undefined,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'YooKassaError';
  }
}

/** Whole roubles as YooKassa's amount: a string with two decimals. */
export const rub = (roubles: number) => ({ value: roubles.toFixed(2), currency: 'RUB' as const });
export const roublesOf = (amount: { value: string }) => Number(amount.value);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * YooKassa's REST API (v3): HTTP Basic with the shop id and secret key; every POST carries an Idempotence-Key, so a
 * request repeated after a lost answer (up to three tries here) creates nothing twice.
 */
export function yookassaClient(
  settings: YooKassaSettings,
  opts: { timeoutMs: number; retryPauseMs?: number },
) {
  const auth = `Basic ${Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString('base64')}`;

  async function once<T>(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${settings.url}${path}`, {
        method,
        headers: {
          authorization: auth,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(key ? { 'idempotence-key': key } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (err) {
      throw new YooKassaError(`YooKassa unreachable: ${(err as Error).message}`, undefined, undefined, true);
    }
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.ok) return answer as T;
    const code = typeof answer.code === 'string' ? answer.code : undefined;
    const text = typeof answer.description === 'string' ? answer.description : res.statusText;
    throw new YooKassaError(
      `YooKassa ${res.status} ${code ?? ''}: ${text}`.replace('  ', ' '),
      res.status,
      code,
      res.status >= 500 || res.status === 429,
    );
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once<T>(method, path, body, key);
      } catch (err) {
        if (!(err instanceof YooKassaError) || !err.retryable || attempt >= 3) throw err;
        await pause((opts.retryPauseMs ?? 500) * attempt);
      }
    }
  }

  const path = (id: string) => encodeURIComponent(id);
  return {
    createPayment: (body: Record<string, unknown>, key: string) =>
      call<YooPayment>('POST', '/payments', body, key),
    getPayment: (id: string) => call<YooPayment>('GET', `/payments/${path(id)}`),
    capturePayment: (id: string, amount: YooPayment['amount'], key: string) =>
      call<YooPayment>('POST', `/payments/${path(id)}/capture`, { amount }, key),
    cancelPayment: (id: string, key: string) =>
      call<YooPayment>('POST', `/payments/${path(id)}/cancel`, {}, key),
    createRefund: (body: Record<string, unknown>, key: string) =>
      call<YooRefund>('POST', '/refunds', body, key),
  };
}

export type YooKassaClient = ReturnType<typeof yookassaClient>;
