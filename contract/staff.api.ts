// The staff API (/api/staff/…, its own token): how tests and a future back office act as the writer and the manager.
// The staff rows of orders and payments sit beside those groups' customer rows; these are the general ones.
import * as z from 'zod/mini';
import { endpoint } from './http';
import { Email } from './auth.api';

const staffBody = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.object(shape, { error: 'Ожидается JSON-объект.' });

export const StaffAutoLoginRequest = staffBody({ email: Email });
export const StaffAutoLoginResponse = z.object({ token: z.string(), link: z.string() });
export type StaffAutoLoginResponse = z.infer<typeof StaffAutoLoginResponse>;

export const DemoCustomerRequest = staffBody({ email: z.optional(Email) });
export const DemoCustomer = z.object({
  id: z.number(),
  email: z.string(),
  phone: z.string(),
  password: z.string(),
});

export const OutboxMessage = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

const limitError = 'limit — целое число от 1 до 200.';
export const OutboxQuery = z.object({
  recipient: z.optional(z.string().check(z.maxLength(254))),
  kind: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  limit: z._default(
    z.coerce
      .number({ error: limitError })
      .check(z.int(limitError), z.gte(1, limitError), z.lte(200, limitError)),
    50,
  ),
});

export const staffApi = {
  /** An al link for a customer (e-mails and tests). */
  'POST /api/staff/auto-login/': endpoint({
    body: StaffAutoLoginRequest,
    answer: StaffAutoLoginResponse,
    errors: [400, 401, 404],
    auth: 'staff',
  }),
  /** A fresh customer with the whole demo data set (orders in every tab, chat, files, money). */
  'POST /api/staff/demo-customer/': endpoint({
    body: DemoCustomerRequest,
    answer: DemoCustomer,
    status: 201,
    errors: [400, 401, 409],
    auth: 'staff',
  }),
  /** The sandbox sender's e-mails and SMS, newest first. */
  'GET /api/staff/outbox/': endpoint({
    query: OutboxQuery,
    answer: z.object({ results: z.array(OutboxMessage) }),
    errors: [400, 401],
    auth: 'staff',
  }),
} as const;
