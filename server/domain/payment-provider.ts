import { randomUUID } from 'node:crypto';
import type { PaymentMethodId } from '../../contract/payments';

export type PaymentOutcome = 'success' | 'fail';

export interface CreatePaymentInput {
  amount: number;
  description: string;
  /** In-app path the customer returns to after the provider (the sandbox's page adds the outcome). */
  returnUrl: string;
  /** Our payment's row (committed before the provider is asked: no transaction is open during the call). */
  paymentId: number;
  /**
   * Stable for one payment of one request of the customer (their Idempotency-Key and our payment's id): the
   * provider's idempotency key is made of it, so asking again after a lost answer creates nothing twice.
   */
  key: string;
  method: PaymentMethodId;
  /** Where a receipt goes (54-FZ), when the provider sends one. */
  customer: { email: string | null; phone: string | null };
}

/**
 * What the service needs of a card/SBP/installments acquirer. `createPayment` registers the payment and says
 * where to send the customer; the outcome comes back through `complete` (the sandbox's page, or a real acquirer's
 * webhook after the payment has been read back from its API). Applying an outcome twice is a no-op.
 */
export interface PaymentProvider {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<{ id: string; redirectUrl: string }>;
  /** The provider's final word on a payment; applying it twice is a no-op. */
  complete(id: string, outcome: PaymentOutcome): Promise<void>;
}

export const SANDBOX_BASE = '/api/client/payments/sandbox';

/**
 * The sandbox acquirer: ids are random UUIDs (the only handle its unauthenticated pay page gets), the pay page is
 * GET {SANDBOX_BASE}/{id}/ (server/routes/payments.ts), and completion settles the payment in our database.
 * It does no network IO; like every provider it is asked after the payment row has committed (askProvider).
 */
export function sandboxProvider(
  settle: (id: string, outcome: PaymentOutcome) => Promise<unknown>,
): PaymentProvider {
  return {
    name: 'sandbox',
    async createPayment() {
      const id = randomUUID();
      return { id, redirectUrl: `${SANDBOX_BASE}/${id}/` };
    },
    async complete(id, outcome) {
      await settle(id, outcome);
    },
  };
}
