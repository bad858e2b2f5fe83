import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../env';
import { socialAccounts } from '../db/tables';
import { badRequest, fieldErrors } from './errors';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../../contract/auth';
import type { SocialLink } from '../../contract/socials.api';
import { NO_PASSWORD, findUserByLogin, insertUser, sendWelcome } from './auth';
import { consumeToken, issueToken, peekToken } from './one-time-tokens';
import { attributionDeps, recordFirstTouch } from './attribution';
import { emptyTouch, type OriginTouch } from '../../contract/origin-cookies';

export const SOCIAL_MESSAGES = {
  tokenDead: 'Ссылка входа через соцсеть устарела. Попробуйте войти ещё раз.',
  denied: 'Вход через соцсеть отменён.',
  emailTaken:
    'Этот e-mail уже зарегистрирован. Войдите с паролем (или восстановите его) и привяжите соцсеть в профиле.',
} as const;

export const NETWORK_TITLES: Record<SocialNetwork, string> = {
  vk: 'ВКонтакте',
  yandex: 'Яндекс',
  google: 'Google',
};

export const isSocialNetwork = (v: string): v is SocialNetwork =>
  (SOCIAL_NETWORKS as readonly string[]).includes(v);

/**
 * Where each sign-in button leads: the built-in sandbox provider, or (SOCIAL_DRIVER=oidc) our start of the network's
 * OpenID Connect flow, for the networks the settings name.
 */
export function socialLinks(deps: Pick<Deps, 'config'>): SocialLink[] {
  const social = deps.config.delivery.social;
  if (social.driver === 'oidc')
    return SOCIAL_NETWORKS.filter((n) => social.networks[n]).map((network_name) => ({
      link: `${deps.config.publicOrigin}/client/api/socials/oidc/${network_name}/`,
      network_name,
    }));
  return SOCIAL_NETWORKS.map((network_name) => ({
    link: `${deps.config.publicOrigin}/client/api/socials/sandbox/${network_name}/`,
    network_name,
  }));
}

/** The identity a provider vouches for; `email` is null when the customer did not share it. */
export interface SocialIdentity {
  network: SocialNetwork;
  externalId: string;
  email: string | null;
}

async function link(deps: Pick<Deps, 'db' | 'now'>, identity: SocialIdentity, userId: number) {
  await deps.db
    .insert(socialAccounts)
    .values({ network: identity.network, externalId: identity.externalId, userId, createdAt: deps.now() })
    .onConflictDoNothing();
}

/**
 * A returning identity signs in; a new one with an e-mail signs in to (or creates) the account of that e-mail,
 * which the provider has confirmed; a new one without an e-mail gets a token for the e-mail form.
 */
export async function signInWithSocial(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  identity: SocialIdentity,
  origin: OriginTouch = emptyTouch(),
): Promise<{ userId: number } | { emailToken: string }> {
  const [known] = await deps.db
    .select({ userId: socialAccounts.userId })
    .from(socialAccounts)
    .where(
      and(eq(socialAccounts.network, identity.network), eq(socialAccounts.externalId, identity.externalId)),
    );
  if (known) return { userId: known.userId };
  if (!identity.email) {
    const emailToken = await issueToken(deps, 'social', {
      subject: identity.network,
      payload: { network: identity.network, externalId: identity.externalId },
    });
    return { emailToken };
  }
  let user = await findUserByLogin(deps, { kind: 'email', value: identity.email });
  if (!user) {
    user = await insertUser(deps, { email: identity.email, passwordHash: NO_PASSWORD, emailConfirmed: true });
    await recordFirstTouch(attributionDeps(deps), user.id, origin, deps.now());
    await sendWelcome(deps, user);
  }
  await link(deps, identity, user.id);
  return { userId: user.id };
}

/** The sandbox provider's two answers: a fixed identity with an e-mail, or a fresh one without. */
export function sandboxIdentity(network: SocialNetwork, withEmail: boolean): SocialIdentity {
  return withEmail
    ? { network, externalId: `sandbox-${network}`, email: `sandbox-${network}@example.com` }
    : { network, externalId: `sandbox-${network}-${randomUUID()}`, email: null };
}

/**
 * Completes a social sign-in that came without an e-mail. An e-mail that already has an account is refused:
 * nobody has proven they own that mailbox, so signing in to it would hand the account to whoever typed it.
 */
export async function completeSocialWithEmail(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  token: string,
  email: string,
  origin: OriginTouch = emptyTouch(),
): Promise<number> {
  if (!(await peekToken(deps, 'social', token))) throw badRequest(SOCIAL_MESSAGES.tokenDead);
  if (await findUserByLogin(deps, { kind: 'email', value: email }))
    throw fieldErrors({ email: [SOCIAL_MESSAGES.emailTaken] });
  const row = await consumeToken(deps, 'social', token);
  if (!row) throw badRequest(SOCIAL_MESSAGES.tokenDead);
  const network = String(row.payload.network ?? '');
  const externalId = String(row.payload.externalId ?? '');
  if (!isSocialNetwork(network) || !externalId) throw badRequest(SOCIAL_MESSAGES.tokenDead);
  const user = await insertUser(deps, { email, passwordHash: NO_PASSWORD });
  await recordFirstTouch(attributionDeps(deps), user.id, origin, deps.now());
  await link(deps, { network, externalId, email }, user.id);
  await sendWelcome(deps, user);
  return user.id;
}
