import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps } from '../env';
import { forbidden, unauthorized } from '../domain/errors';
import { endpointOf } from '../endpoints';
import { bootstrapCaller, keyCaller, KEY_PREFIX, type StaffCaller } from '../domain/staff-keys';
import { personCaller } from '../domain/staff-people';
import { appendAudit, type AuditEntry, type AuditNote } from '../domain/staff-audit';
import type { Tx } from '../domain/orders-db';
import { clientIp } from './sign-in';

const NO_CREDENTIALS = 'Нужен токен сотрудника или ключ API.';
const BAD_CREDENTIALS = 'Токен сотрудника недействителен, просрочен или отозван.';
const ROLE_NAMES = { support: 'поддержка', finance: 'финансы', admin: 'администратор' } as const;

async function callerOf(deps: Deps, token: string): Promise<StaffCaller | null> {
  const bootstrap = bootstrapCaller(deps, token);
  if (bootstrap) return bootstrap;
  if (token.startsWith(KEY_PREFIX)) return keyCaller(deps, token);
  return personCaller(deps, token);
}

/**
 * The staff door (docs/staff.md): a person's access token (audience 'staff', their session and row read on every
 * call), an API key, or the bootstrap STAFF_TOKEN; the role comes from the request's row of the endpoint table, as
 * `auth` does (a row without a role is closed to all). A write or an audited read that succeeded leaves one row of
 * the audit log naming the caller, the row and the target. A write appends it inside its own transaction
 * (`c.var.auditIn(tx, …)`, or `inAuditedTx`), so that it commits with the action; the door appends it after the
 * handler only for a call that did not: the audited reads and the two test hooks, from what they noted
 * (`c.set('audit', …)`).
 */
export function requireStaff(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) throw unauthorized(NO_CREDENTIALS);
    const caller = await callerOf(deps, token);
    if (!caller) throw unauthorized(BAD_CREDENTIALS);
    const route = endpointOf(c.req.method, c.req.path);
    const role = route?.spec.auth === 'staff' ? route.spec.role : undefined;
    if (!route || !role) throw forbidden();
    if (role !== 'any' && !caller.roles.includes(role))
      throw forbidden(`Нужна роль «${ROLE_NAMES[role]}» (${role}).`);
    c.set('staff', caller);
    const orderParam = /\/orders\/(\d+)\//.exec(c.req.path)?.[1];
    const entry = (note: AuditNote): AuditEntry => ({
      ...note,
      orderId: note.orderId ?? (orderParam ? Number(orderParam) : null),
      caller,
      action: route.key,
      requestId: c.get('requestId'),
      ip: clientIp(c, deps.config.trustProxy),
    });
    // A row appended in the handler's transaction: should that transaction roll back, the handler's error ends the
    // call with 4xx or 5xx, and no row is written at all.
    let appended = false;
    c.set('auditIn', async (tx, note) => {
      await appendAudit({ db: tx, now: deps.now }, entry(note));
      appended = true;
    });
    await next();
    if (appended || c.res.status >= 400 || (c.req.method === 'GET' && !route.spec.audited)) return;
    await appendAudit(deps, entry(c.get('audit') ?? {}));
  });
}

/**
 * Runs a staff write and its audit row in one transaction: the row commits with the action, and an action whose row
 * cannot be written is undone (the call ends with 500).
 */
export function inAuditedTx<T>(
  c: { var: Pick<AppEnv['Variables'], 'auditIn'> },
  deps: Pick<Deps, 'db'>,
  write: (tx: Tx) => Promise<T>,
  note: (done: T) => AuditNote,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const done = await write(tx);
    await c.var.auditIn(tx, note(done));
    return done;
  });
}
