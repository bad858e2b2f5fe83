import { and, desc, eq, gte, ilike, lt, lte, type SQL } from 'drizzle-orm';
import type { Deps } from '../env';
import { auditLog, orders } from '../db/tables';
import type { DbOrTx } from './outbox';
import type { StaffCaller } from './staff-keys';
import type { AuditRow } from '../../contract/staff-door.api';

// The append-only audit log of staff actions (docs/staff.md "The audit log"). Each staff write and each audited read
// that succeeded has one row: a write's in the action's own transaction (`auditIn`), an audited read's (and the test
// hooks') by the staff door after the handler; the database refuses UPDATE and DELETE on the table.

/** What a handler tells the door about its action: the target and, for money, the amounts before and after. */
export interface AuditNote {
  customerId?: number | null;
  orderId?: number | null;
  amountBefore?: number | null;
  amountAfter?: number | null;
  details?: Record<string, unknown>;
}

/** Appends the current staff call's row with `note`, on `tx`: the handler's transaction. */
export type AuditInTx = (tx: DbOrTx, note: AuditNote) => Promise<void>;

export interface AuditEntry extends AuditNote {
  caller: StaffCaller;
  action: string;
  requestId?: string;
  ip?: string;
}

/** The customer of an order, for a row that names only the order. */
async function customerOfOrder(db: DbOrTx, orderId: number): Promise<number | null> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row?.userId ?? null;
}

export async function appendAudit(deps: { db: DbOrTx; now: () => Date }, e: AuditEntry): Promise<void> {
  const orderId = e.orderId ?? null;
  const customerId = e.customerId ?? (orderId ? await customerOfOrder(deps.db, orderId) : null);
  await deps.db.insert(auditLog).values({
    at: deps.now(),
    actorKind: e.caller.kind,
    actorId: e.caller.id,
    actor: e.caller.name,
    action: e.action,
    userId: customerId,
    orderId,
    amountBefore: e.amountBefore ?? null,
    amountAfter: e.amountAfter ?? null,
    requestId: e.requestId ?? null,
    ip: e.ip ?? null,
    details: e.details ?? {},
  });
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  customer_id?: number;
  order_id?: number;
  from?: string;
  to?: string;
  before_id?: number;
  limit: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export async function readAudit(deps: Pick<Deps, 'db'>, f: AuditFilter): Promise<AuditRow[]> {
  const where: (SQL | undefined)[] = [];
  if (f.actor) where.push(eq(auditLog.actor, f.actor));
  if (f.action) where.push(ilike(auditLog.action, `%${escapeLike(f.action)}%`));
  if (f.customer_id) where.push(eq(auditLog.userId, f.customer_id));
  if (f.order_id) where.push(eq(auditLog.orderId, f.order_id));
  if (f.from) where.push(gte(auditLog.at, new Date(f.from)));
  if (f.to) where.push(lte(auditLog.at, new Date(f.to)));
  if (f.before_id) where.push(lt(auditLog.id, f.before_id));
  const rows = await deps.db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(f.limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actor_kind: r.actorKind ?? null,
    actor_id: r.actorId,
    actor: r.actor,
    action: r.action,
    customer_id: r.userId,
    order_id: r.orderId,
    amount_before: r.amountBefore,
    amount_after: r.amountAfter,
    request_id: r.requestId,
    ip: r.ip,
    details: r.details,
  }));
}

const CSV_COLUMNS = [
  'id',
  'at',
  'actor_kind',
  'actor_id',
  'actor',
  'action',
  'customer_id',
  'order_id',
  'amount_before',
  'amount_after',
  'request_id',
  'ip',
  'details',
] as const;

/** A spreadsheet's cell: quoted, and a leading = + - @ defused (CSV injection). */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+$/.test(s)) s = `'${s}`;
  return /[",\n\r;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function auditCsv(rows: AuditRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) lines.push(CSV_COLUMNS.map((c) => cell(r[c])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
