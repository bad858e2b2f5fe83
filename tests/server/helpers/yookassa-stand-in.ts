import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

type Amount = { value: string; currency: string };

export interface StandInPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Amount;
  description?: string;
  metadata?: Record<string, string>;
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  capture: boolean;
  refunded_amount: Amount;
  cancellation_details?: { party: string; reason: string };
  /** What we were sent (not part of YooKassa's answer). */
  request: Record<string, unknown>;
}

export interface StandInRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: Amount;
  request: Record<string, unknown>;
}

export interface YooKassaStandIn {
  url: string;
  payments: Map<string, StandInPayment>;
  refunds: Map<string, StandInRefund>;
  /** Every POST's Idempotence-Key, in order (repeats included). */
  keys: string[];
  /** How a new refund ends: succeeded at once, or canceled by YooKassa. */
  refundOutcome: 'succeeded' | 'canceled';
  /** Answer the next n requests with 500 (the documented "result unknown": repeat with the same key). */
  failNext: number;
  /** When set, every request waits for it first (a slow YooKassa: the test looks around meanwhile). */
  hold?: () => Promise<void>;
  /** The customer pays on the confirmation page: succeeded, or waiting_for_capture when capture was false. */
  pay(id: string): void;
  /** The customer leaves the page; the payment expires. */
  abandon(id: string): void;
  close(): Promise<void>;
}

const money = (n: number) => ({ value: n.toFixed(2), currency: 'RUB' });
const strip = <T extends { request: unknown }>(o: T) => {
  const { request: _request, ...rest } = o;
  return rest;
};

/**
 * A stand-in for YooKassa's API v3 as documented: HTTP Basic (shop id : secret key), an Idempotence-Key on every POST
 * (the same key and body give the same object back; another body with that key is a 400), payments created pending
 * with a redirect confirmation, GET by id, capture and cancel of a payment waiting for capture, refunds of a
 * succeeded payment up to what is left; errors as { type: 'error', code, description }.
 */
export async function startYooKassaStandIn(
  shop = { id: '123456', key: 'test_secret' },
): Promise<YooKassaStandIn> {
  const seen = new Map<string, { body: string; answer: unknown }>();
  const stand: YooKassaStandIn = {
    url: '',
    payments: new Map(),
    refunds: new Map(),
    keys: [],
    refundOutcome: 'succeeded',
    failNext: 0,
    pay(id) {
      const p = stand.payments.get(id)!;
      if (p.status !== 'pending') throw new Error(`payment ${id} is ${p.status}`);
      Object.assign(
        p,
        p.capture ? { status: 'succeeded', paid: true } : { status: 'waiting_for_capture', paid: true },
      );
    },
    abandon(id) {
      const p = stand.payments.get(id)!;
      Object.assign(p, {
        status: 'canceled',
        cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' },
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const auth = `Basic ${Buffer.from(`${shop.id}:${shop.key}`).toString('base64')}`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (
    res: ServerResponse,
    status: number,
    code: string,
    description: string,
    parameter?: string,
  ) =>
    send(res, status, {
      type: 'error',
      id: randomUUID(),
      code,
      description,
      ...(parameter ? { parameter } : {}),
    });

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    await stand.hold?.();
    if (req.headers.authorization !== auth)
      return error(res, 401, 'invalid_credentials', 'Authentication error: wrong shopId or secret key');
    if (stand.failNext > 0) {
      stand.failNext--;
      return error(res, 500, 'internal_server_error', 'Internal server error');
    }
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/v3/, '');
    if (req.method === 'GET') {
      const p = /^\/payments\/([^/]+)$/.exec(path);
      const found = p && stand.payments.get(decodeURIComponent(p[1]!));
      return found ? send(res, 200, strip(found)) : error(res, 404, 'not_found', 'Payment not found');
    }
    const key = String(req.headers['idempotence-key'] ?? '');
    if (!key) return error(res, 400, 'invalid_request', 'Idempotence key is missing', 'Idempotence-Key');
    stand.keys.push(key);
    const before = seen.get(`${path} ${key}`);
    if (before) {
      if (before.body !== raw)
        return error(
          res,
          400,
          'invalid_request',
          'Idempotence key duplicated with another request',
          'Idempotence-Key',
        );
      return send(res, 200, before.answer);
    }
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return error(res, 400, 'invalid_request', 'Body is not JSON');
    }
    const remember = (answer: unknown) => {
      seen.set(`${path} ${key}`, { body: raw, answer });
      send(res, 200, answer);
    };

    if (path === '/payments') {
      const amount = body.amount as Amount | undefined;
      if (!amount || !/^\d+\.\d{2}$/.test(amount.value) || amount.currency !== 'RUB')
        return error(res, 400, 'invalid_request', 'Amount is invalid', 'amount');
      const confirmation = body.confirmation as { type?: string; return_url?: string } | undefined;
      if (confirmation?.type !== 'redirect' || !confirmation.return_url)
        return error(res, 400, 'invalid_request', 'Confirmation return_url is required', 'confirmation');
      const id = randomUUID();
      const p: StandInPayment = {
        id,
        status: 'pending',
        paid: false,
        amount,
        description: body.description as string | undefined,
        metadata: body.metadata as Record<string, string> | undefined,
        confirmation: {
          type: 'redirect',
          confirmation_url: `${stand.url}/checkout/${id}`,
          return_url: confirmation.return_url,
        },
        capture: body.capture === true,
        refunded_amount: money(0),
        request: body,
      };
      stand.payments.set(id, p);
      return remember(strip(p));
    }
    const action = /^\/payments\/([^/]+)\/(capture|cancel)$/.exec(path);
    if (action) {
      const p = stand.payments.get(decodeURIComponent(action[1]!));
      if (!p) return error(res, 404, 'not_found', 'Payment not found');
      if (p.status !== 'waiting_for_capture')
        return error(res, 400, 'invalid_request', `Payment is ${p.status}, not waiting_for_capture`);
      if (action[2] === 'capture') Object.assign(p, { status: 'succeeded' });
      else
        Object.assign(p, {
          status: 'canceled',
          cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' },
        });
      return remember(strip(p));
    }
    if (path === '/refunds') {
      const p = stand.payments.get(String(body.payment_id));
      if (!p) return error(res, 404, 'not_found', 'Payment not found');
      const amount = body.amount as Amount;
      const left = Number(p.amount.value) - Number(p.refunded_amount.value);
      if (p.status !== 'succeeded') return error(res, 400, 'invalid_request', 'Payment is not succeeded');
      if (Number(amount?.value) > left)
        return error(res, 400, 'invalid_request', 'Refund amount too large', 'amount');
      const refund: StandInRefund = {
        id: randomUUID(),
        payment_id: p.id,
        status: stand.refundOutcome,
        amount,
        request: body,
      };
      if (refund.status === 'succeeded')
        p.refunded_amount = money(Number(p.refunded_amount.value) + Number(amount.value));
      stand.refunds.set(refund.id, refund);
      return remember(strip(refund));
    }
    error(res, 404, 'not_found', 'Unknown path');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stand.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stand;
}
