import { randomUUID } from 'node:crypto';

export type PaymentOutcome = 'success' | 'fail';

/**
 * What the service needs of a card/SBP/installments acquirer. A real one would call the acquirer's API in
 * `createPayment` and receive `complete` through its webhook; the built-in sandbox serves its own pay page.
 */
export interface PaymentProvider {
  readonly name: string;
  createPayment(input: { amount: number; description: string; returnUrl: string }): Promise<{
    id: string;
    redirectUrl: string;
  }>;
  /** The provider's final word on a payment; applying it twice is a no-op. */
  complete(id: string, outcome: PaymentOutcome): Promise<void>;
}

export const SANDBOX_BASE = '/api/client/payments/sandbox';

/**
 * The sandbox acquirer: ids are random UUIDs (the only handle its unauthenticated pay page gets), the pay page is
 * GET {SANDBOX_BASE}/{id}/ (server/routes/payments.ts), and completion settles the payment in our database.
 * It does no network IO, so creating a payment inside the caller's transaction is safe.
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
