// Closing the account (issue 25 item 3). With the password (and the second factor when it is on), after the warning
// about the balance and the orders in progress, the account is closed at once: every session ends on every
// instance and sign-in is refused with the erasure date. Within 14 days the customer can reopen it (the sign-in
// page's "Отменить закрытие", with the password). Then the job `account.erase` erases or anonymises the personal
// data and keeps what accounting needs (docs/security.md, "Privacy").
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../env';
import {
  accountClosures,
  accounts,
  authSessions,
  callbackRequests,
  chatMessages,
  dataExports,
  emailChangeRequests,
  oneTimeTokens,
  orderDrafts,
  orderFiles,
  orders,
  profiles,
  refundClaims,
  reworks,
  socialAccounts,
  users,
  verifications,
  withdrawals,
  idempotencyKeys,
  twoFactor,
  twoFactorRecoveryCodes,
} from '../db/tables';
import { enqueue, type JobRunner, type Tx } from '../jobs/runner';
import { badRequest, conflict, fieldErrors } from './errors';
import { verifyPassword } from './passwords';
import { findUserByLogin, parseLogin } from './auth';
import { getFinances, moveMoney } from './ledger';
import { sendToOutbox } from './outbox';
import { fileKey } from './order-files';
import { ACCOUNT_MESSAGES as M, CLOSING_GRACE_MS } from '../../contract/account';
import { formatMoment } from '../../contract/moscow-time';
import type { AccountClosed, ClosingCheck, CloseAccountRequest } from '../../contract/account.api';
import { ORDER_STATUSES } from '../../contract/order-status';
import { AVATAR_SIZES } from '../../contract/profile';
import { TWO_FACTOR_MESSAGES } from '../../contract/two-factor';
import { checkSecondFactor, isTwoFactorOn } from './second-factor';

export const ERASE_JOB = 'account.erase';

/** Orders whose work is under way: in work, on guarantee (free reworks), in rework. */
const IN_PROGRESS = [ORDER_STATUSES.inWork.id, ORDER_STATUSES.guarantee.id, ORDER_STATUSES.rework.id];

/** What the customer is told before closing: the balances left and the orders in progress. */
export async function closingCheck(deps: Pick<Deps, 'db' | 'now'>, userId: number): Promise<ClosingCheck> {
  const finances = await getFinances(deps.db, userId);
  const rows = await deps.db
    .select({ id: orders.id, topic: orders.topic, statusId: orders.statusId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.isTrash, false), inArray(orders.statusId, IN_PROGRESS)));
  const title = (id: number) => Object.values(ORDER_STATUSES).find((s) => s.id === id)?.title ?? '';
  return {
    ...finances,
    orders_in_progress: rows.map((r) => ({ id: r.id, topic: r.topic, status: title(r.statusId) })),
    two_factor: await isTwoFactorOn(deps, userId),
  };
}

/** With two-factor sign-in on, a current code (or a recovery code, then used up) must come with the password. */
async function requireSecondFactor(deps: Pick<Deps, 'db' | 'now'>, userId: number, code: string | undefined) {
  const outcome = await checkSecondFactor(deps, userId, code);
  if (outcome === 'required') throw fieldErrors({ code: [TWO_FACTOR_MESSAGES.required] });
  if (outcome === 'wrong') throw fieldErrors({ code: [TWO_FACTOR_MESSAGES.wrongCode] });
}

/**
 * Closes the account at once. The checks, in the order the customer meets them: the password, the second factor,
 * the balance given up, the orders in progress acknowledged. Then, in one transaction: the closure row, its erasure
 * job 14 days on, every session revoked, the letter. After the commit every open socket of the customer closes
 * saying the account was closed and when it will be erased — this tab's too, which may hear it before the answer:
 * either way it lands on the sign-in page with the erasure date.
 */
export async function closeAccount(
  deps: Deps,
  userId: number,
  body: CloseAccountRequest,
): Promise<AccountClosed> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(body.password, user.passwordHash)))
    throw fieldErrors({ password: [M.passwordWrong] });
  await requireSecondFactor(deps, userId, body.code);
  const check = await closingCheck(deps, userId);
  if ((check.money > 0 || check.bonus > 0) && !body.forfeit_balance)
    throw fieldErrors({ forfeit_balance: [M.forfeitRequired] });
  if (check.orders_in_progress.length > 0 && !body.orders_acknowledged)
    throw fieldErrors({ orders_acknowledged: [M.ordersRequired] });
  const now = deps.now();
  const eraseAt = new Date(now.getTime() + CLOSING_GRACE_MS);
  const revoked = await deps.db.transaction(async (tx) => {
    const [closed] = await tx
      .insert(accountClosures)
      .values({ userId, closedAt: now, eraseAt })
      .onConflictDoNothing()
      .returning({ userId: accountClosures.userId });
    if (!closed) throw conflict(M.alreadyClosed);
    await enqueue(
      { db: tx, now: deps.now },
      { name: ERASE_JOB, key: `erase:${userId}:${now.getTime()}`, payload: { userId }, runAt: eraseAt },
    );
    await sendToOutbox(
      { db: tx, now: deps.now },
      {
        channel: 'email',
        recipient: user.email,
        subject: 'Аккаунт закрыт',
        body:
          `Здравствуйте! Ваш аккаунт в личном кабинете закрыт. Его данные будут удалены ` +
          `${formatMoment(eraseAt)} (московское время). До этого закрытие можно отменить: на странице входа нажмите ` +
          `«Отменить закрытие» и введите пароль: ${deps.config.publicOrigin}/login`,
        kind: 'account_closed',
        payload: { erase_at: eraseAt.toISOString() },
      },
    );
    return tx
      .update(authSessions)
      .set({ revokedAt: now, revokedReason: 'ended' })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id });
  });
  // Open tabs on every instance (NOTIFY) are told and sign out.
  const closed = { closed_at: now.toISOString(), erase_at: eraseAt.toISOString() };
  for (const s of revoked) await deps.realtime.closeSession(s.id, 'accountClosed', closed.erase_at);
  return closed;
}

/** "Отменить закрытие": with the login and password, within the 14 days; the erasure job then finds nothing. */
export async function reopenAccount(
  deps: Pick<Deps, 'db' | 'now'>,
  body: { login: string; password: string; code?: string },
): Promise<{ detail: string }> {
  const login = parseLogin(body.login);
  const user = login && (await findUserByLogin(deps, login));
  if (!user || !(await verifyPassword(body.password, user.passwordHash))) throw badRequest(M.loginOrPassword);
  await requireSecondFactor(deps, user.id, body.code);
  const gone = await deps.db
    .delete(accountClosures)
    .where(
      and(
        eq(accountClosures.userId, user.id),
        isNull(accountClosures.erasedAt),
        lte(accountClosures.closedAt, deps.now()),
      ),
    )
    .returning({ userId: accountClosures.userId });
  if (gone.length === 0) throw badRequest(M.notClosed);
  return { detail: M.reopened };
}

/**
 * The erasure, 14 days after the closing (the job's handler; at least once, so a second run finds it done).
 * Erased: sessions, tokens, social links, the profile, drafts, call-backs, e-mail changes, verifications, copies,
 * every file (bytes and rows), chat messages and reworks. Anonymised: the user row (no e-mail, phone, name or
 * usable password), the orders (no topic, requirements or link), withdrawals' and refund claims' requisites. Kept:
 * the ledger, payments, the accounts row, withdrawals' and refunds' amounts and dates, orders' prices — the
 * accounting records (docs/security.md). A balance left is written off with a `forfeit` ledger row, so the
 * ledger stays equal to the balances.
 */
export async function eraseAccount(deps: Deps, userId: number, at: Date): Promise<void> {
  const storageNames = await deps.db.transaction(async (tx) => {
    const [closure] = await tx
      .select()
      .from(accountClosures)
      .where(eq(accountClosures.userId, userId))
      .for('update');
    if (!closure || closure.erasedAt || closure.eraseAt > at) return null; // reopened, done, or not yet
    await writeOffBalances(tx, deps, userId);
    const [avatar] = await tx
      .select({ avatarName: profiles.avatarName })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    const files = await tx
      .delete(orderFiles)
      .where(eq(orderFiles.userId, userId))
      .returning({ storageName: orderFiles.storageName });
    const exportsGone = await tx
      .delete(dataExports)
      .where(eq(dataExports.userId, userId))
      .returning({ key: dataExports.storageKey });
    const orderIds = (await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).map(
      (o) => o.id,
    );
    if (orderIds.length) {
      await tx.delete(chatMessages).where(inArray(chatMessages.orderId, orderIds));
      await tx.delete(reworks).where(inArray(reworks.orderId, orderIds));
    }
    await tx
      .update(orders)
      .set({ topic: '', subject: '', requirements: '', link: '', extra: {} })
      .where(eq(orders.userId, userId));
    for (const table of [
      authSessions,
      oneTimeTokens,
      socialAccounts,
      profiles,
      orderDrafts,
      callbackRequests,
      emailChangeRequests,
      verifications,
      idempotencyKeys,
      twoFactor,
      twoFactorRecoveryCodes,
    ] as const)
      await tx.delete(table).where(eq(table.userId, userId));
    await tx.update(withdrawals).set({ requisites: {} }).where(eq(withdrawals.userId, userId));
    await tx.update(refundClaims).set({ recipient: {}, reason: '' }).where(eq(refundClaims.userId, userId));
    await tx
      .update(users)
      .set({
        email: `erased-${userId}@erased.invalid`,
        phone: null,
        fio: '',
        passwordHash: `!erased:${randomBytes(8).toString('hex')}`,
        emailConfirmed: false,
      })
      .where(eq(users.id, userId));
    await tx.update(accountClosures).set({ erasedAt: at }).where(eq(accountClosures.userId, userId));
    return [
      ...(avatar?.avatarName
        ? Object.values(AVATAR_SIZES).map((px) => `avatars/${avatar.avatarName}-${px}.webp`)
        : []),
      ...files.map((f) => fileKey(f.storageName)),
      ...exportsGone.flatMap((e) => (e.key ? [e.key] : [])),
    ];
  });
  // The bytes go after the rows are gone; a failure here leaves orphans for the store's sweep, not personal rows.
  if (storageNames?.length) await deps.storage.delete(storageNames);
}

async function writeOffBalances(tx: Tx, deps: Pick<Deps, 'now'>, userId: number) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.userId, userId)).for('update');
  if (!row) return;
  const note = 'Аккаунт закрыт: остаток списан';
  if (row.money > 0)
    await moveMoney({ db: tx, now: deps.now }, userId, 'money', -row.money, 'forfeit', { note });
  if (row.bonus > 0)
    await moveMoney({ db: tx, now: deps.now }, userId, 'bonus', -row.bonus, 'forfeit', { note });
}

/** The erasure job on the one runner (registered by server/jobs/tasks.ts). */
export function registerAccountClosing(runner: JobRunner, deps: Deps): void {
  runner.handle<{ userId: number }>(ERASE_JOB, (p, ctx) => eraseAccount(deps, p.userId, ctx.now));
}
