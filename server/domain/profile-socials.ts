import { and, eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Deps } from '../env';
import { socialAccounts } from '../db/tables';
import { fieldErrors } from './errors';
import type { SocialNetwork } from '../../contract/auth';
import { SOCIAL_LINK_MESSAGES } from '../../contract/profile';
import type { SocialProfileLink } from '../../contract/profile.api';
import { NETWORK_TITLES } from './social';

/**
 * Linking a social account to a signed-in profile, with the same built-in sandbox provider as social sign-in:
 * POST /client/api/socials/profile/ answers a `link` to the provider's page; the browser goes there (a full
 * navigation, so no bearer header) carrying a short signed `state` that names the customer and the network;
 * the page's "link" button posts back, the identity is linked, and the browser returns to /profile?msg=….
 * A real provider would replace only the page (its OAuth consent) and give a real external id.
 */

const STATE_AUDIENCE = 'social-link';
const STATE_TTL_SECONDS = 10 * 60;

const sandboxPath = (network: SocialNetwork) => `/client/api/socials/profile/sandbox/${network}/`;

async function isLinked(deps: Pick<Deps, 'db'>, userId: number, network: SocialNetwork) {
  const [row] = await deps.db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.network, network)))
    .limit(1);
  return !!row;
}

export async function startSocialLink(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  userId: number,
  network: SocialNetwork,
): Promise<SocialProfileLink> {
  if (await isLinked(deps, userId, network))
    throw fieldErrors({ network_name: [SOCIAL_LINK_MESSAGES.alreadyLinked(NETWORK_TITLES[network])] });
  const iat = Math.floor(deps.now().getTime() / 1000);
  // Its own audience: a state can never pass as an access token, nor an access token as a state.
  const state = await new SignJWT({ net: network })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + STATE_TTL_SECONDS)
    .setAudience(STATE_AUDIENCE)
    .sign(deps.config.jwtSecret);
  return { network_name: network, link: `${deps.config.publicOrigin}${sandboxPath(network)}?state=${state}` };
}

/** The customer a state was issued to, when it is genuine, fresh and for this network. */
export async function verifyLinkState(
  deps: Pick<Deps, 'config' | 'now'>,
  state: string,
  network: SocialNetwork,
): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(state, deps.config.jwtSecret, {
      audience: STATE_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: deps.now(),
    });
    const userId = Number(payload.sub);
    return Number.isInteger(userId) && payload.net === network ? userId : null;
  } catch {
    return null;
  }
}

/** Links the sandbox identity of this customer (idempotent); answers the message for /profile?msg=. */
export async function completeSocialLink(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: number,
  network: SocialNetwork,
): Promise<string> {
  const title = NETWORK_TITLES[network];
  if (await isLinked(deps, userId, network)) return SOCIAL_LINK_MESSAGES.alreadyLinked(title);
  await deps.db
    .insert(socialAccounts)
    .values({ network, externalId: `sandbox-${network}-profile-${userId}`, userId, createdAt: deps.now() })
    .onConflictDoNothing();
  return SOCIAL_LINK_MESSAGES.linked(title);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The sandbox provider's consent page: plain HTML, no scripts or inline styles (our CSP forbids them). */
export function sandboxLinkPage(network: SocialNetwork, state: string): string {
  const title = escapeHtml(NETWORK_TITLES[network]);
  const action = escapeHtml(sandboxPath(network));
  const st = escapeHtml(state);
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Тестовая привязка ${title}</title></head>
<body><main>
<h1>Тестовая привязка: ${title}</h1>
<p>Это тестовый провайдер. Разрешить личному кабинету связать ваш аккаунт ${title} с профилем?</p>
<form method="post" action="${action}"><input type="hidden" name="state" value="${st}">
<button type="submit" name="decision" value="link">Привязать</button>
<button type="submit" name="decision" value="cancel">Отмена</button></form>
</main></body></html>`;
}
