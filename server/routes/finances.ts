import { Hono } from 'hono';
import type { AppEnv, Deps } from '../env';
import { valid } from '../validate';
import { requireCustomer } from '../middleware/auth';
import { getFinances } from '../domain/ledger';
import { checkCode, requestCode, verificationDetails } from '../domain/verification';
import { createWithdrawal } from '../domain/withdrawal';
import { createClaim, createStorno, listStorno, REFUND_COUNTRIES, REFUND_EXTRA } from '../domain/refunds';
import { listMoneyRequests } from '../domain/money-requests';
import { idempotent, knownVerificationKind, verificationKind } from './payments';
import {
  CheckCodeRequest,
  RefundClaimRequest,
  StornoRequest,
  VerificationKindParams,
  WithdrawalRequest,
  type Finances,
  type MoneyRequestsResponse,
  type RefundStornoRow,
  type StornoResponse,
  type VerificationDetails,
  type VerificationStatusResponse,
  type WithdrawalResponse,
} from '../../contract/payments.api';

/**
 * Mounted at /api/client: the finances of spec point 3 (PATCH profile/status/) and the payments calls that
 * verify the customer or send money out (verification, repayment, refunds). The pay-in side is in payments.ts.
 */

export function financesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const auth = requireCustomer(deps);

  // Spec 7 names PATCH; it answers the current finances (the body, if any, is ignored). GET does the same.
  app.on(['GET', 'PATCH'], '/profile/status/', auth, async (c) =>
    c.json((await getFinances(deps.db, c.get('userId'))) satisfies Finances),
  );

  app.get('/payments/verification-status/:type/', auth, valid('param', VerificationKindParams), async (c) => {
    const kind = verificationKind(c.req.valid('param').type);
    return c.json((await verificationDetails(deps, c.get('userId'), kind)) satisfies VerificationDetails);
  });

  app.post('/payments/verificate-code/:type/', auth, valid('param', VerificationKindParams), async (c) => {
    const kind = verificationKind(c.req.valid('param').type);
    return c.json({
      status: await requestCode(deps, c.get('userId'), kind),
    } satisfies VerificationStatusResponse);
  });

  app.patch(
    '/payments/verificate-code/:type/',
    auth,
    valid('param', VerificationKindParams),
    knownVerificationKind,
    valid('json', CheckCodeRequest),
    async (c) => {
      const kind = verificationKind(c.req.valid('param').type);
      const { code } = c.req.valid('json');
      return c.json({
        status: await checkCode(deps, c.get('userId'), kind, code),
      } satisfies VerificationStatusResponse);
    },
  );

  app.post('/payments/repayment/', auth, valid('json', WithdrawalRequest), async (c) => {
    const body = c.req.valid('json');
    return idempotent(c, deps, body, async (tx) => {
      const userId = c.get('userId');
      const r = await createWithdrawal({ db: tx, now: deps.now }, userId, body);
      return {
        status: 201,
        body: { ...r.withdrawal, ...r.finances } satisfies WithdrawalResponse,
        effects: { userId, finances: r.finances, events: [] },
      };
    });
  });

  app.get('/payments/requests/', auth, async (c) =>
    c.json({ results: await listMoneyRequests(deps.db, c.get('userId')) } satisfies MoneyRequestsResponse),
  );

  app.get('/payments/refund-storno/', auth, async (c) => {
    const results: RefundStornoRow[] = await listStorno(deps.db, c.get('userId'));
    return c.json({ next: null, previous: null, count: results.length, results });
  });

  app.post('/payments/refund-storno/', auth, valid('json', StornoRequest), async (c) => {
    const body = c.req.valid('json');
    return idempotent(c, deps, body, async (tx) => {
      const userId = c.get('userId');
      const r = await createStorno({ db: tx, now: deps.now }, userId, body);
      return {
        status: 201,
        body: { refunds: r.refunds, ...r.finances } satisfies StornoResponse,
        effects: { userId, finances: r.finances, events: [] },
      };
    });
  });

  app.post('/payments/refund-claim/', auth, valid('json', RefundClaimRequest), async (c) => {
    const body = c.req.valid('json');
    return idempotent(c, deps, body, async (tx) => ({
      status: 201,
      body: await createClaim({ db: tx, now: deps.now }, c.get('userId'), body),
    }));
  });

  app.get('/payments/refund-recipient-countries/', auth, (c) => c.json(REFUND_COUNTRIES));
  app.get('/payments/refund-extra/', auth, (c) => c.json(REFUND_EXTRA));

  return app;
}
