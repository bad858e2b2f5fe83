import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../env';
import type { JobRunner } from '../jobs/runner';
import { payments, stornoRefunds, users } from '../db/tables';
import { lockAccount, moveMoney, publishFinances } from '../domain/ledger';
import type { Finances } from '../../contract/payments.api';
import type { PaymentOutcome, PaymentProvider } from '../domain/payment-provider';
import type { PaymentsSettings } from './settings';
import {
  roublesOf,
  rub,
  yookassaClient,
  type YooKassaClient,
  type YooPayment,
  type YooReceipt,
} from './yookassa';

type YooKassaSettings = Extract<PaymentsSettings, { driver: 'yookassa' }>;

export const YOOKASSA_BASE = '/api/client/payments/yookassa';
const TIMEOUT_MS = 10_000;

/** YooKassa's Idempotence-Key (at most 64 characters) for one request of one customer. */
const idempotenceKey = (key: string) => createHash('sha256').update(`payment:${key}`).digest('hex');

/** The return link's signature: only the link YooKassa was given opens our payment's outcome. */
export function returnSignature(deps: Pick<Deps, 'config'>, paymentId: number): string {
  return createHmac('sha256', deps.config.jwtSecret)
    .update(`yookassa-return:${paymentId}`)
    .digest('base64url');
}

export function returnSignatureValid(deps: Pick<Deps, 'config'>, paymentId: number, sig: string): boolean {
  const want = Buffer.from(returnSignature(deps, paymentId));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

function receipt(
  settings: YooKassaSettings,
  customer: { email: string | null; phone: string | null },
  description: string,
  amount: number,
): YooReceipt | undefined {
  if (!settings.receipts) return undefined;
  return {
    customer: customer.email
      ? { email: customer.email }
      : { phone: (customer.phone ?? '').replace(/^\+/, '') },
    items: [
      {
        description: description.slice(0, 128),
        quantity: 1,
        amount: rub(amount),
        vat_code: settings.receipts.vatCode,
        payment_mode: 'full_payment',
        payment_subject: 'service',
      },
    ],
    ...(settings.receipts.taxSystemCode ? { tax_system_code: settings.receipts.taxSystemCode } : {}),
  };
}

const PAYMENT_METHOD_DATA: Partial<Record<string, { type: string }>> = {
  card: { type: 'bank_card' },
  sbp: { type: 'sbp' },
};

/**
 * YooKassa as the acquirer: a one-stage payment (capture: true) created with an idempotency key made of the
 * customer's own Idempotency-Key, the customer sent to its confirmation_url and brought back through our return
 * link; the outcome is settled from the webhook after reading the payment back (settleFromYooKassa).
 */
export function yookassaProvider(
  deps: Pick<Deps, 'config'>,
  settings: YooKassaSettings,
  settle: (id: string, outcome: PaymentOutcome) => Promise<unknown>,
  client: YooKassaClient = yookassaClient(settings, { timeoutMs: TIMEOUT_MS }),
): PaymentProvider {
  return {
    name: 'yookassa',
    async createPayment(input) {
      const returnUrl = `${deps.config.publicOrigin}${YOOKASSA_BASE}/return/${input.paymentId}/?sig=${returnSignature(deps, input.paymentId)}`;
      const bill = receipt(settings, input.customer, input.description, input.amount);
      const method = PAYMENT_METHOD_DATA[input.method];
      const created = await client.createPayment(
        {
          amount: rub(input.amount),
          capture: true,
          confirmation: { type: 'redirect', return_url: returnUrl },
          description: input.description.slice(0, 128),
          metadata: { payment_id: String(input.paymentId) },
          ...(method ? { payment_method_data: method } : {}),
          ...(bill ? { receipt: bill } : {}),
        },
        idempotenceKey(input.key),
      );
      const url = created.confirmation?.confirmation_url;
      if (!url) throw new Error(`YooKassa payment ${created.id} came without a confirmation_url`);
      return { id: created.id, redirectUrl: url };
    },
    async complete(id, outcome) {
      await settle(id, outcome);
    },
  };
}

export type YooKassaVerdict = 'paid' | 'failed' | 'pending' | 'ignored';

/**
 * A webhook's payment, settled from what the API says of it — the notification itself is never believed: its id is
 * only where to look. A payment that is not ours, or whose amount is not ours, is ignored; one waiting for capture
 * is captured (with a key of its own, so a repeated webhook captures once); succeeded pays, canceled fails, both once.
 */
export async function settleFromYooKassa(
  deps: Pick<Deps, 'db'> & { log?: { warn(o: object, m: string): void } },
  client: YooKassaClient,
  providerPaymentId: string,
  settle: (id: string, outcome: PaymentOutcome) => Promise<unknown>,
): Promise<YooKassaVerdict> {
  const [row] = await deps.db
    .select({ amount: payments.amount, status: payments.status })
    .from(payments)
    .where(and(eq(payments.provider, 'yookassa'), eq(payments.providerPaymentId, providerPaymentId)));
  if (!row) return 'ignored';
  let payment: YooPayment = await client.getPayment(providerPaymentId);
  if (payment.id !== providerPaymentId) return 'ignored';
  if (payment.amount.currency !== 'RUB' || roublesOf(payment.amount) !== row.amount) {
    deps.log?.warn({ providerPaymentId, amount: payment.amount }, 'yookassa: the amount is not ours');
    return 'ignored';
  }
  if (payment.status === 'waiting_for_capture')
    payment = await client.capturePayment(providerPaymentId, payment.amount, `capture-${providerPaymentId}`);
  if (payment.status === 'succeeded') {
    await settle(providerPaymentId, 'success');
    return 'paid';
  }
  if (payment.status === 'canceled') {
    await settle(providerPaymentId, 'fail');
    return 'failed';
  }
  return 'pending';
}

export const REFUND_JOB = 'payments.refund';

/**
 * A storno (the customer's money back to the card it came from) sent to YooKassa as a refund of that payment, with
 * the storno's own idempotency key: a repeated try gets the same refund back. Succeeded → done; canceled →
 * rejected, the money back on the balance and the customer's open tabs told the new balances (the `finances` event,
 * as when staff reject one); pending → thrown, so the job runner asks again after its backoff.
 */
export async function refundStorno(
  deps: Pick<Deps, 'db' | 'now' | 'realtime'>,
  settings: YooKassaSettings,
  client: YooKassaClient,
  stornoId: number,
): Promise<'done' | 'rejected' | 'not-ours'> {
  const [row] = await deps.db
    .select({ storno: stornoRefunds, payment: payments })
    .from(stornoRefunds)
    .innerJoin(payments, eq(payments.id, stornoRefunds.paymentId))
    .where(eq(stornoRefunds.id, stornoId));
  if (!row || row.payment.provider !== 'yookassa' || row.storno.status !== 'processing') return 'not-ours';
  const { storno, payment } = row;
  const [customer] = settings.receipts
    ? await deps.db
        .select({ email: users.email, phone: users.phone })
        .from(users)
        .where(eq(users.id, storno.userId))
    : [];
  const bill = customer ? receipt(settings, customer, payment.description, storno.amount) : undefined;
  const refund = await client.createRefund(
    {
      payment_id: payment.providerPaymentId,
      amount: rub(storno.amount),
      description: `Возврат по платежу №${payment.id}`,
      ...(bill ? { receipt: bill } : {}),
    },
    `storno-${storno.id}`,
  );
  if (refund.status === 'pending') throw new Error(`YooKassa refund ${refund.id} is still pending`);
  let back: Finances | undefined;
  const status = await deps.db.transaction(async (tx) => {
    const status = refund.status === 'succeeded' ? 'done' : 'rejected';
    const [moved] = await tx
      .update(stornoRefunds)
      .set({ status })
      .where(and(eq(stornoRefunds.id, storno.id), eq(stornoRefunds.status, 'processing')))
      .returning();
    if (moved && status === 'rejected') {
      await lockAccount(tx, storno.userId);
      back = await moveMoney({ db: tx, now: deps.now }, storno.userId, 'money', storno.amount, 'refund', {
        paymentId: payment.id,
        refundId: storno.id,
      });
    }
    return status;
  });
  // After commit, as every balance change is announced.
  if (back) await publishFinances(deps, storno.userId, back);
  return status;
}

/** Registers the storno refunds' job: YooKassa refunds them; under the sandbox they wait for staff, as before. */
export function registerRefunds(
  runner: JobRunner,
  deps: Pick<Deps, 'db' | 'now' | 'config' | 'realtime'>,
): void {
  const settings = deps.config.delivery.payments;
  const client =
    settings.driver === 'yookassa' ? yookassaClient(settings, { timeoutMs: TIMEOUT_MS }) : undefined;
  runner.handle<{ id: number }>(REFUND_JOB, async ({ id }) => {
    if (settings.driver === 'yookassa' && client) await refundStorno(deps, settings, client, id);
  });
}
