import type { outbox } from '../db/tables';

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * A failed try. `permanent`: no retry can change the answer (a refused address, a wrong password, a rejected
 * text); otherwise the worker tries again after a backoff, until the last try. `unknown`: the request left but no
 * answer came (a timeout, a cut connection), so the message may have gone: the next try asks the channel first.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly unknown = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** One way out of the service: e-mail or SMS, sandbox or real. */
export interface Channel {
  readonly name: string;
  /** Hands the message over; resolves with the channel's id of it, or throws (a DeliveryError says how). */
  send(message: OutboxRow): Promise<{ providerId: string }>;
  /**
   * Asked before a message whose last try ended unknown (the instance stopped while sending) is sent again: did that
   * try go through? A channel that can look its messages up by our id answers; one that cannot leaves this out.
   */
  findSent?(message: OutboxRow): Promise<{ providerId: string } | null>;
  close?(): Promise<void>;
}

/** The embedded default: the outbox table is the record (staff and tests read it), so delivering is a no-op. */
export const sandboxChannel = (name: string): Channel => ({
  name,
  async send(message) {
    return { providerId: `sandbox-${message.id}` };
  },
});
