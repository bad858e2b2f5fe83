import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv, Deps } from '../env';
import { fieldErrors } from '../domain/errors';
import { valid } from '../validate';
import { requireCustomer } from '../middleware/auth';
import { requireStaff } from '../middleware/staff';
import { clientIp } from '../middleware/sign-in';
import { users } from '../db/tables';
import {
  assertSignInAllowed,
  recordSignInFailure,
  recordSignInSuccess,
  type SignInAttempt,
} from '../domain/sign-in-limits';
import {
  checkPasswordAndCode,
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
  resetByStaff,
  startSetup,
  twoFactorStatus,
} from '../domain/second-factor';
import {
  ConfirmTwoFactorRequest,
  EnableTwoFactorRequest,
  StaffTwoFactorResetRequest,
} from '../../contract/two-factor.api';

/** /api/client/profile/two-factor/… — turning two-factor sign-in on and off (contract/two-factor.ts). */
export function twoFactorRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const customer = requireCustomer(deps);

  app.get('/two-factor/', customer, async (c) => c.json(await twoFactorStatus(deps, c.get('userId'))));

  app.post('/two-factor/setup/', customer, async (c) => c.json(await startSetup(deps, c.get('userId'))));

  app.post('/two-factor/enable/', customer, valid('json', EnableTwoFactorRequest), async (c) =>
    c.json(await enableTwoFactor(deps, c.get('userId'), c.req.valid('json').code)),
  );

  /**
   * The password and a code, counted like a sign-in (the customer's e-mail from this IP): a stolen session must not
   * become a way to guess the password or the codes without limit.
   */
  async function confirm(c: Context<AppEnv>, password: string, code: string) {
    const userId = c.get('userId');
    const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const attempt: SignInAttempt = {
      login: user?.email ?? String(userId),
      ip: clientIp(c, deps.config.trustProxy),
    };
    await assertSignInAllowed(deps, attempt);
    const errors = await checkPasswordAndCode(deps, userId, password, code);
    if (Object.keys(errors).length) {
      await recordSignInFailure(deps, attempt);
      throw fieldErrors(errors);
    }
    await recordSignInSuccess(deps, attempt);
    return userId;
  }

  app.post('/two-factor/disable/', customer, valid('json', ConfirmTwoFactorRequest), async (c) => {
    const { password, code } = c.req.valid('json');
    const userId = await confirm(c, password, code);
    await disableTwoFactor(deps, userId);
    return c.json(await twoFactorStatus(deps, userId));
  });

  app.post('/two-factor/recovery-codes/', customer, valid('json', ConfirmTwoFactorRequest), async (c) => {
    const { password, code } = c.req.valid('json');
    const userId = await confirm(c, password, code);
    return c.json(await renewRecoveryCodes(deps, userId));
  });

  return app;
}

/** /api/staff/two-factor/reset/ — for a customer who lost the app and the recovery codes; audited. */
export function staffTwoFactorRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/two-factor/reset/', requireStaff(deps), valid('json', StaffTwoFactorResetRequest), async (c) => {
    const { email, reason } = c.req.valid('json');
    const { userId: _, ...answer } = await resetByStaff(deps, email, (tx, userId, wasEnabled) =>
      c.var.auditIn(tx, { customerId: userId, details: { reason, was_enabled: wasEnabled } }),
    );
    return c.json(answer);
  });
  return app;
}
