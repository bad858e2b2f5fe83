import { eq } from 'drizzle-orm';
import { normalizePhone } from '../../contract/auth';
import { AUTH_MESSAGES } from '../../contract/auth-messages';
import type { Deps } from '../env';
import { users } from '../db/tables';
import { fieldErrors, notFound } from './errors';
import { hashPassword, verifyPassword } from './passwords';
import { sendToOutbox, type DbOrTx } from './outbox';
import { consumeToken, issueToken, retireTokens } from './one-time-tokens';
import { revokeUserSessions } from './sessions';
import { attributionDeps, recordFirstTouch } from './attribution';
import { emptyTouch, type OriginTouch } from '../../contract/origin-cookies';

const M = AUTH_MESSAGES;

/** A password hash no password matches: accounts made by a social sign-in until they set one. */
export const NO_PASSWORD = '!';

/** The login of the sign-in form: an e-mail (has an @) or a phone number. */
export type Login = { kind: 'email' | 'phone'; value: string };

export function parseLogin(raw: string): Login | null {
  const s = raw.trim();
  if (!s) return null;
  if (s.includes('@')) return { kind: 'email', value: s.toLowerCase() };
  const phone = normalizePhone(s);
  return phone ? { kind: 'phone', value: phone } : null;
}

export type User = typeof users.$inferSelect;

export async function findUserByLogin(deps: { db: DbOrTx }, login: Login): Promise<User | null> {
  const column = login.kind === 'email' ? users.email : users.phone;
  const [user] = await deps.db.select().from(users).where(eq(column, login.value)).limit(1);
  return user ?? null;
}

let dummyHash: Promise<string> | undefined;

/** The customer when login and password match. An unknown login costs as much time as a wrong password. */
export async function checkPassword(deps: Pick<Deps, 'db'>, login: Login | null, password: string) {
  const user = login ? await findUserByLogin(deps, login) : null;
  if (!user || user.passwordHash === NO_PASSWORD) {
    await verifyPassword(password, await (dummyHash ??= hashPassword('timing-equaliser')));
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

// ----- registration -----

function isUniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

/** Inserts a customer; a taken e-mail or phone is a field error, also when two registrations race. */
export async function insertUser(
  deps: { db: DbOrTx },
  values: {
    email: string;
    phone?: string | null;
    fio?: string;
    passwordHash: string;
    emailConfirmed?: boolean;
  },
): Promise<User> {
  const taken: Record<string, string[]> = {};
  const [byEmail] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, values.email))
    .limit(1);
  if (byEmail) taken.email = [M.emailTaken];
  if (values.phone) {
    const [byPhone] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, values.phone))
      .limit(1);
    if (byPhone) taken.phone = [M.phoneTaken];
  }
  if (Object.keys(taken).length) throw fieldErrors(taken);
  try {
    const [user] = await deps.db
      .insert(users)
      .values({
        email: values.email,
        phone: values.phone || null,
        fio: values.fio ?? '',
        passwordHash: values.passwordHash,
        emailConfirmed: values.emailConfirmed ?? false,
      })
      .returning();
    if (!user) throw new Error('user insert returned nothing');
    return user;
  } catch (err) {
    const constraint = isUniqueViolation(err);
    if (constraint === null) throw err;
    throw fieldErrors(constraint.includes('phone') ? { phone: [M.phoneTaken] } : { email: [M.emailTaken] });
  }
}

export async function sendWelcome(deps: { db: DbOrTx; now: () => Date; config: Deps['config'] }, user: User) {
  const link = `${deps.config.publicOrigin}/home`;
  await sendToOutbox(deps, {
    channel: 'email',
    recipient: user.email,
    subject: 'Добро пожаловать в личный кабинет',
    body: `Здравствуйте${user.fio ? `, ${user.fio}` : ''}! Вы зарегистрировались в личном кабинете. Войти: ${link}`,
    kind: 'welcome',
    payload: { link },
  });
}

export async function registerCustomer(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  input: { email: string; password: string; fio?: string; phone?: string | null },
  origin: OriginTouch = emptyTouch(),
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const user = await insertUser(deps, { ...input, passwordHash });
  await recordFirstTouch(attributionDeps(deps), user.id, origin, deps.now());
  await sendWelcome(deps, user);
  return user;
}

// ----- password restore -----

export const restoreLink = (deps: Pick<Deps, 'config'>, token: string) =>
  `${deps.config.publicOrigin}/change-password/${token}/`;

/** Sends a restore link when the address is registered; says nothing either way (no account enumeration). */
export async function requestPasswordRestore(deps: Pick<Deps, 'db' | 'now' | 'config'>, email: string) {
  const user = await findUserByLogin(deps, { kind: 'email', value: email });
  if (!user) return;
  const token = await issueToken(deps, 'password_reset', { userId: user.id });
  const link = restoreLink(deps, token);
  await sendToOutbox(deps, {
    channel: 'email',
    recipient: user.email,
    subject: 'Восстановление пароля',
    body: `Чтобы задать новый пароль, перейдите по ссылке: ${link}\nСсылка действует 1 час и только один раз. Если вы не просили сменить пароль, просто проигнорируйте это письмо.`,
    kind: 'password_reset',
    payload: { link, token },
  });
}

/**
 * Sets the password through a restore link (once), signs the customer out everywhere and retires other
 * restore links; the mailbox is proven, so the e-mail counts as confirmed.
 */
export async function setPasswordByRestoreLink(
  deps: Pick<Deps, 'db' | 'now' | 'config' | 'realtime'>,
  token: string,
  password: string,
): Promise<number> {
  const row = await consumeToken(deps, 'password_reset', token);
  if (!row?.userId) throw notFound(M.restoreLinkDead);
  const passwordHash = await hashPassword(password);
  await deps.db.update(users).set({ passwordHash, emailConfirmed: true }).where(eq(users.id, row.userId));
  await retireTokens(deps, 'password_reset', row.userId);
  await revokeUserSessions(deps, row.userId);
  return row.userId;
}

// ----- auto-login -----

export async function issueAutoLogin(
  deps: { db: DbOrTx; now: () => Date; config: Pick<Deps['config'], 'publicOrigin'> },
  userId: number,
) {
  const token = await issueToken(deps, 'auto_login', { userId });
  return { token, link: `${deps.config.publicOrigin}/home?al=${token}` };
}

export async function consumeAutoLogin(
  deps: Pick<Deps, 'db' | 'now'>,
  token: string,
): Promise<number | null> {
  const row = await consumeToken(deps, 'auto_login', token);
  return row?.userId ?? null;
}
