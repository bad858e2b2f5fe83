import { Hono } from 'hono';
import type { AppEnv, Deps } from '../env';
import { conflict } from '../domain/errors';
import { valid } from '../validate';
import { inAuditedTx, requireStaff } from '../middleware/staff';
import { clientMeta } from '../middleware/sign-in';
import { createApiKey, listApiKeys, revokeApiKey } from '../domain/staff-keys';
import {
  confirmEnrolment,
  createMember,
  endStaffSession,
  listMembers,
  listStaffSessions,
  refreshStaff,
  resetMember,
  signInStaff,
  startEnrolment,
  updateMember,
} from '../domain/staff-people';
import { auditCsv, readAudit } from '../domain/staff-audit';
import {
  AuditQuery,
  KeyParams,
  MemberParams,
  SessionParams,
  StaffApiKeyCreateRequest,
  StaffEnrolConfirmRequest,
  StaffEnrolRequest,
  StaffMemberCreateRequest,
  StaffMemberPatchRequest,
  StaffRefreshRequest,
  StaffSignInRequest,
  STAFF_DOOR_MESSAGES as M,
} from '../../contract/staff-door.api';

/** Mounted at /api/staff: staff sign-in and sessions, people, API keys and the audit log (docs/staff.md). */
export function staffDoorRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const staff = requireStaff(deps);

  app.post('/auth/enrol/', valid('json', StaffEnrolRequest), async (c) => {
    const b = c.req.valid('json');
    return c.json(await startEnrolment(deps, b.login, b.setup_code, clientMeta(c, deps).ip));
  });
  app.post('/auth/enrol/confirm/', valid('json', StaffEnrolConfirmRequest), async (c) => {
    const b = c.req.valid('json');
    const input = { login: b.login, setupCode: b.setup_code, password: b.password, code: b.code };
    return c.json(await confirmEnrolment(deps, input, clientMeta(c, deps)));
  });
  app.post('/auth/login/', valid('json', StaffSignInRequest), async (c) => {
    return c.json(await signInStaff(deps, c.req.valid('json'), clientMeta(c, deps)));
  });
  app.post('/auth/refresh/', valid('json', StaffRefreshRequest), async (c) => {
    return c.json(await refreshStaff(deps, c.req.valid('json').refresh));
  });

  app.get('/auth/me/', staff, (c) => {
    const caller = c.get('staff');
    return c.json({ kind: caller.kind, name: caller.name, roles: [...caller.roles] });
  });
  app.post('/auth/logout/', staff, async (c) => {
    const caller = c.get('staff');
    const sessionId = caller.kind === 'person' ? caller.sessionId : undefined;
    if (!sessionId) throw conflict(M.notPerson);
    await inAuditedTx(
      c,
      deps,
      (tx) => endStaffSession({ db: tx, now: deps.now }, caller, sessionId),
      () => ({}),
    );
    return c.json({ detail: 'Сессия завершена.' });
  });
  app.get('/auth/sessions/', staff, async (c) =>
    c.json({ results: await listStaffSessions(deps, c.get('staff')) }),
  );
  app.delete('/auth/sessions/:id/', staff, valid('param', SessionParams), async (c) => {
    const { id } = c.req.valid('param');
    await inAuditedTx(
      c,
      deps,
      (tx) => endStaffSession({ db: tx, now: deps.now }, c.get('staff'), id),
      () => ({}),
    );
    return c.json({ detail: 'Сессия завершена.' });
  });

  app.get('/members/', staff, async (c) => c.json({ results: await listMembers(deps) }));
  app.post('/members/', staff, valid('json', StaffMemberCreateRequest), async (c) => {
    const b = c.req.valid('json');
    const made = await inAuditedTx(
      c,
      deps,
      (tx) => createMember({ db: tx, now: deps.now }, b.login, b.role),
      (m) => ({ details: { member_id: m.id, login: m.login, role: m.role } }),
    );
    return c.json(made, 201);
  });
  app.patch(
    '/members/:id/',
    staff,
    valid('param', MemberParams),
    valid('json', StaffMemberPatchRequest),
    async (c) => {
      const { id } = c.req.valid('param');
      const change = c.req.valid('json');
      const member = await inAuditedTx(
        c,
        deps,
        (tx) => updateMember({ db: tx, now: deps.now }, id, change),
        () => ({ details: { member_id: id, ...change } }),
      );
      return c.json(member);
    },
  );
  app.post('/members/:id/reset/', staff, valid('param', MemberParams), async (c) => {
    const { id } = c.req.valid('param');
    const member = await inAuditedTx(
      c,
      deps,
      (tx) => resetMember({ db: tx, now: deps.now }, id),
      () => ({ details: { member_id: id } }),
    );
    return c.json(member);
  });

  app.get('/keys/', staff, async (c) => c.json({ results: await listApiKeys(deps) }));
  app.post('/keys/', staff, valid('json', StaffApiKeyCreateRequest), async (c) => {
    const b = c.req.valid('json');
    const expiresAt = b.expires_at ? new Date(b.expires_at) : null;
    if (expiresAt && expiresAt <= deps.now()) throw conflict(M.expiry);
    const made = await inAuditedTx(
      c,
      deps,
      (tx) =>
        createApiKey(
          { db: tx, now: deps.now },
          { name: b.name, roles: b.roles, expiresAt, createdBy: c.get('staff').name },
        ),
      (k) => ({ details: { key_id: k.id, name: k.name, roles: k.roles } }),
    );
    return c.json(made, 201);
  });
  app.delete('/keys/:id/', staff, valid('param', KeyParams), async (c) => {
    const { id } = c.req.valid('param');
    const key = await inAuditedTx(
      c,
      deps,
      (tx) => revokeApiKey({ db: tx, now: deps.now }, id),
      () => ({ details: { key_id: id } }),
    );
    return c.json(key);
  });

  app.get('/audit/', staff, valid('query', AuditQuery), async (c) =>
    c.json({ results: await readAudit(deps, c.req.valid('query')) }),
  );
  app.get('/audit/csv/', staff, valid('query', AuditQuery), async (c) => {
    const csv = auditCsv(await readAudit(deps, c.req.valid('query')));
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="audit.csv"',
    });
  });

  return app;
}
