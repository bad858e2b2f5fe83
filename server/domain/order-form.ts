import * as z from 'zod/mini';
import type { CreateOrderRequest, EditOrderRequest } from '../../contract/orders.api';
import { deadlineProblem } from './order-dates';

// The order form's clock-dependent rule (spec 5, date minimum and maximum). The request's shape and its other rules
// are the contract's (contract/orders.api.ts); the deadline's range depends on the server's clock.

export type CreateOrderInput = z.output<typeof CreateOrderRequest>;
export type EditOrderInput = z.output<typeof EditOrderRequest>;

/**
 * The contract's request schema plus the deadline's range against `now()`: from tomorrow, before today + maxDays.
 * The check runs after the rest of the body is parsed, even when another field is wrong, so its message stands at
 * `deadline` beside the other field errors (a deadline that is no date at all has its own message already).
 */
export function withDeadlineRange<S extends z.ZodMiniType<{ deadline?: Date | undefined }>>(
  schema: S,
  now: () => Date,
  maxDays: number,
): S {
  return schema.check(
    z.superRefine(
      (body, ctx) => {
        const deadline = (body as { deadline?: unknown } | undefined)?.deadline;
        if (!(deadline instanceof Date)) return;
        const problem = deadlineProblem(deadline, now(), maxDays);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['deadline'], input: deadline });
      },
      { when: () => true },
    ),
  ) as S;
}
