import { Hono } from 'hono';
import type { AppEnv, Deps } from '../env';
import { valid } from '../validate';
import { requireCustomer } from '../middleware/auth';
import { exportStatus, openExport, requestExport } from '../domain/data-export';
import { contentDisposition } from '../domain/order-files';
import { closeAccount, closingCheck, registerAccountClosing, reopenAccount } from '../domain/account-closing';
import { createJobRunner } from '../jobs/runner';
import { requireStaff } from '../middleware/staff';
import { notFound } from '../domain/errors';
import {
  CloseAccountRequest,
  DataExportParams,
  EraseDueRequest,
  ReopenAccountRequest,
} from '../../contract/account.api';

/** The customer's own account (contract/account.api.ts): "Мои данные" and closing the account; at /api/client. */
export function accountRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const auth = requireCustomer(deps);

  app.get('/profile/data-export/', auth, async (c) => c.json(await exportStatus(deps, c.get('userId'))));

  app.post('/profile/data-export/', auth, async (c) =>
    c.json(await requestExport(deps, c.get('userId')), 202),
  );

  app.get('/profile/data-export/:id/download/', auth, valid('param', DataExportParams), async (c) => {
    const zip = await openExport(deps, c.get('userId'), c.req.valid('param').id);
    return c.body(zip.body, 200, {
      'Content-Type': 'application/zip',
      'Content-Length': String(zip.size),
      'Content-Disposition': contentDisposition(zip.name),
    });
  });

  app.get('/profile/closing/', auth, async (c) => c.json(await closingCheck(deps, c.get('userId'))));

  app.post('/profile/close/', auth, valid('json', CloseAccountRequest), async (c) =>
    c.json(await closeAccount(deps, c.get('userId'), c.req.valid('json'))),
  );

  // Public: the account is closed, so nobody is signed in; the login and password are the proof.
  app.post('/auth/reopen/', valid('json', ReopenAccountRequest), async (c) =>
    c.json(await reopenAccount(deps, c.req.valid('json'))),
  );

  return app;
}

/**
 * The e2e server's hook (TEST_HOOKS=1; 404 otherwise), at /api/staff: runs the erasure jobs due `after_ms` from
 * now with a runner whose clock is that far ahead and which handles nothing else, so the shared server's own clock,
 * sweeps and other jobs stay as they are.
 */
export function accountStaffRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/test/erase-due/', requireStaff(deps), valid('json', EraseDueRequest), async (c) => {
    if (!deps.config.testHooks) throw notFound();
    const ahead = c.req.valid('json').after_ms;
    const now = () => new Date(deps.now().getTime() + ahead);
    const runner = createJobRunner({ db: deps.db, now });
    registerAccountClosing(runner, { ...deps, now });
    const report = await runner.runDue();
    return c.json({ erased: report.jobs.filter((j) => j.outcome === 'done').length });
  });
  return app;
}
