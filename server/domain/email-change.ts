import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Deps } from '../env';
import { emailChangeRequests, users } from '../db/tables';
import { badRequest, fieldErrors, notFound } from './errors';
import { EMAIL_CHANGE_MESSAGES as M, EMAIL_CHANGE_TTL_MS } from '../../contract/profile';
import type { EmailChangeConfirmed, EmailChangeStatus } from '../../contract/profile.api';
import { sendToOutbox, type DbOrTx } from './outbox';
import { sha256 } from './sessions';
import { assertWithinLimit, recordEvent, type Limit } from './rate-limit';
import { isUniqueViolation } from './profile';

type D = Pick<Deps, 'db' | 'now' | 'config'>;

/** Confirmation e-mails a customer may have sent in 15 minutes. */
export const EMAIL_CHANGE_LIMIT: Limit = { max: 5, windowMs: 15 * 60_000 };

export const emailChangeLink = (deps: Pick<Deps, 'config'>, token: string) =>
  `${deps.config.publicOrigin}/email-edit?confirm=${token}`;

async function currentEmail(deps: Pick<Deps, 'db'>, userId: number): Promise<string> {
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Пользователь не найден.');
  return user.email;
}

async function emailTakenByOther(deps: { db: DbOrTx }, email: string, userId: number) {
  const [other] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return !!other;
}

const live = (deps: Pick<Deps, 'now'>) =>
  and(
    isNull(emailChangeRequests.usedAt),
    isNull(emailChangeRequests.cancelledAt),
    gt(emailChangeRequests.expiresAt, deps.now()),
  );

/** The current address and the change waiting for confirmation, if any (the /email-edit waiting state). */
export async function emailChangeStatus(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: number,
): Promise<EmailChangeStatus> {
  const email = await currentEmail(deps, userId);
  const [pending] = await deps.db
    .select()
    .from(emailChangeRequests)
    .where(and(eq(emailChangeRequests.userId, userId), live(deps)))
    .orderBy(desc(emailChangeRequests.createdAt))
    .limit(1);
  return {
    email,
    pending: pending
      ? {
          new_email: pending.newEmail,
          created_at: pending.createdAt.toISOString(),
          expires_at: pending.expiresAt.toISOString(),
        }
      : null,
  };
}

async function cancelPending(deps: Pick<Deps, 'db' | 'now'>, userId: number) {
  await deps.db
    .update(emailChangeRequests)
    .set({ cancelledAt: deps.now() })
    .where(and(eq(emailChangeRequests.userId, userId), live(deps)));
}

/**
 * Sends a single-use confirmation link (EMAIL_CHANGE_TTL_MS, 1 h) to the NEW address; the address changes only when it is used.
 * A newer request cancels the older ones, so only the last link works.
 */
export async function requestEmailChange(
  deps: D,
  userId: number,
  newEmail: string,
): Promise<EmailChangeStatus> {
  if ((await currentEmail(deps, userId)) === newEmail) throw fieldErrors({ email: [M.sameEmail] });
  if (await emailTakenByOther(deps, newEmail, userId)) throw fieldErrors({ email: [M.emailTaken] });
  // Each request mails an address the customer typed: limited like the other messages we send.
  const bucket = [`email-change:${userId}`];
  await assertWithinLimit(deps, bucket, EMAIL_CHANGE_LIMIT);
  await recordEvent(deps, bucket, EMAIL_CHANGE_LIMIT);
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await cancelPending(deps, userId);
  await deps.db.insert(emailChangeRequests).values({
    userId,
    newEmail,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
  });
  const link = emailChangeLink(deps, token);
  await sendToOutbox(deps, {
    channel: 'email',
    recipient: newEmail,
    subject: 'Подтвердите новый e-mail',
    body: `Чтобы сделать этот адрес e-mail адресом вашего личного кабинета, перейдите по ссылке: ${link}\nСсылка действует 1 час и только один раз. Если вы не меняли e-mail, просто проигнорируйте это письмо.`,
    kind: 'email_change_confirm',
    payload: { link, token },
  });
  return emailChangeStatus(deps, userId);
}

export async function cancelEmailChange(deps: D, userId: number): Promise<EmailChangeStatus> {
  await cancelPending(deps, userId);
  return emailChangeStatus(deps, userId);
}

/**
 * Uses the link: the token is the proof that the customer reads the new mailbox, so no sign-in is needed
 * (the link may be opened on another device). The address is checked for uniqueness again, the old address is
 * told about the change.
 */
export async function confirmEmailChange(deps: D, token: string): Promise<EmailChangeConfirmed> {
  if (!token) throw badRequest(M.tokenRequired);
  const result = await confirmInTransaction(deps, token);
  if (!result) throw badRequest(await whyLinkDead(deps, token));
  if ('taken' in result) throw fieldErrors({ email: [M.emailTaken] });
  if (result.oldEmail !== result.newEmail)
    await sendToOutbox(deps, {
      channel: 'email',
      recipient: result.oldEmail,
      subject: 'E-mail личного кабинета изменён',
      body: `Адрес e-mail вашего личного кабинета изменён на ${result.newEmail}. Если это сделали не вы, срочно свяжитесь с поддержкой и смените пароль.`,
      kind: 'email_changed',
      payload: { new_email: result.newEmail },
    });
  return { email: result.newEmail };
}

/**
 * What a link would confirm, without using it (GET: a read never writes; a mail scanner that fetches the link must not
 * spend it): the new address of a live link, or the same 400 a POST would answer.
 */
export async function checkEmailChangeLink(deps: D, token: string): Promise<EmailChangeConfirmed> {
  if (!token) throw badRequest(M.tokenRequired);
  const [row] = await deps.db
    .select({ newEmail: emailChangeRequests.newEmail })
    .from(emailChangeRequests)
    .where(and(eq(emailChangeRequests.tokenHash, sha256(token)), live(deps)))
    .limit(1);
  if (!row) throw badRequest(await whyLinkDead(deps, token));
  return { email: row.newEmail };
}

/** Why a token confirmed nothing: used already, cancelled by a newer request, expired, or no link at all. */
async function whyLinkDead(deps: D, token: string): Promise<string> {
  const [row] = await deps.db
    .select()
    .from(emailChangeRequests)
    .where(eq(emailChangeRequests.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return M.linkDead;
  if (row.usedAt) return M.linkUsed;
  if (row.cancelledAt) return M.linkReplaced;
  return M.linkExpired;
}

async function confirmInTransaction(deps: D, token: string) {
  try {
    return await deps.db.transaction(async (tx) => {
      // The conditional update is the single-use point: of two concurrent confirmations exactly one gets the row.
      const [row] = await tx
        .update(emailChangeRequests)
        .set({ usedAt: deps.now() })
        .where(and(eq(emailChangeRequests.tokenHash, sha256(token)), live(deps)))
        .returning();
      if (!row) return null;
      const [user] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, row.userId))
        .for('update');
      if (!user) return null;
      if (await emailTakenByOther({ db: tx }, row.newEmail, row.userId)) return { taken: true as const };
      await tx
        .update(users)
        .set({ email: row.newEmail, emailConfirmed: true })
        .where(eq(users.id, row.userId));
      return { oldEmail: user.email, newEmail: row.newEmail };
    });
  } catch (err) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(err)) return { taken: true as const };
    throw err;
  }
}
