import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { FLOW_COOKIE, OIDC_BASE, oidcSignIn } from '../delivery/oidc';
import type { AppEnv, Deps } from '../env';
import { badRequest, notFound } from '../domain/errors';
import { valid } from '../validate';
import { issueAutoLogin } from '../domain/auth';
import {
  completeSocialWithEmail,
  isSocialNetwork,
  NETWORK_TITLES,
  sandboxIdentity,
  signInWithSocial,
  SOCIAL_MESSAGES,
  socialLinks,
} from '../domain/social';
import { originCookieHeader, parseOriginCookies } from '../../contract/origin-cookies';

/** The origin cookies carried through an OpenID Connect sign-in (see the start route). */
const ORIGIN_FLOW_COOKIE = 'cabinet_oidc_origin';
import { signInAndRespond } from '../middleware/sign-in';
import type { SocialNetwork } from '../../contract/auth';
import { SocialEmailRequest } from '../../contract/socials.api';

/** /client/api/socials/… — sign-in through a social network, with a sandbox provider built in. */
export function socialsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/socials/links/', (c) => c.json(socialLinks(deps)));

  const networkOf = (param: string): SocialNetwork => {
    if (!isSocialNetwork(param)) throw notFound('Неизвестная соцсеть.');
    return param;
  };

  // The sandbox provider's page. Plain HTML forms posting back here: the CSP forbids inline scripts.
  app.get('/socials/sandbox/:network/', (c) => {
    const network = networkOf(c.req.param('network'));
    c.header('Cache-Control', 'no-store');
    return c.html(sandboxPage(network));
  });

  app.post('/socials/sandbox/:network/', async (c) => {
    const network = networkOf(c.req.param('network'));
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const result = await signInWithSocial(
      deps,
      sandboxIdentity(network, form.with_email === '1'),
      parseOriginCookies(c.req.header('cookie')),
    );
    if ('emailToken' in result)
      return c.redirect(`/socials-email-auth?token=${encodeURIComponent(result.emailToken)}`, 302);
    const { token } = await issueAutoLogin(deps, result.userId);
    return c.redirect(`/home?al=${encodeURIComponent(token)}`, 302);
  });

  // OpenID Connect (SOCIAL_DRIVER=oidc; 404 otherwise). Starting writes nothing: the flow travels in a cookie
  // (SameSite=None: the network's answer is a cross-site POST) that the callback checks and clears.
  const social = deps.config.delivery.social;
  const flows = social.driver === 'oidc' ? oidcSignIn(deps, social) : undefined;
  const oidcNetwork = (param: string) => {
    const network = networkOf(param);
    if (!flows?.networks.includes(network)) throw notFound('Неизвестная соцсеть.');
    return network;
  };
  const flowCookie = { path: `${OIDC_BASE}/`, httpOnly: true, secure: true, sameSite: 'None' } as const;

  app.get('/socials/oidc/:network/', async (c) => {
    const network = oidcNetwork(c.req.param('network'));
    const { url, cookie } = await flows!.start(network);
    setCookie(c, FLOW_COOKIE, cookie, { ...flowCookie, maxAge: 600 });
    // The origin cookies (SameSite=Lax) will not come with the network's cross-site POST: they travel beside the flow.
    const origin = originCookieHeader(c.req.header('cookie'));
    if (origin) setCookie(c, ORIGIN_FLOW_COOKIE, origin, { ...flowCookie, maxAge: 600 });
    c.header('Cache-Control', 'no-store');
    return c.redirect(url, 302);
  });

  app.post(
    '/socials/oidc/:network/callback/',
    bodyLimit({ maxSize: 16 * 1024, onError: () => badRequest(SOCIAL_MESSAGES.tokenDead) as never }),
    async (c) => {
      const network = oidcNetwork(c.req.param('network'));
      const form = new URLSearchParams(await c.req.text());
      const outcome = await flows!.finish(network, getCookie(c, FLOW_COOKIE), form);
      deleteCookie(c, FLOW_COOKIE, flowCookie);
      const origin = parseOriginCookies(getCookie(c, ORIGIN_FLOW_COOKIE) ?? c.req.header('cookie'));
      if (getCookie(c, ORIGIN_FLOW_COOKIE) !== undefined) deleteCookie(c, ORIGIN_FLOW_COOKIE, flowCookie);
      if ('refused' in outcome) {
        const msg = outcome.refused === 'denied' ? SOCIAL_MESSAGES.denied : SOCIAL_MESSAGES.tokenDead;
        return c.redirect(`/login?msg=${encodeURIComponent(msg)}`, 302);
      }
      const result = await signInWithSocial(deps, outcome.identity, origin);
      if ('emailToken' in result)
        return c.redirect(`/socials-email-auth?token=${encodeURIComponent(result.emailToken)}`, 302);
      const { token } = await issueAutoLogin(deps, result.userId);
      return c.redirect(`/home?al=${encodeURIComponent(token)}`, 302);
    },
  );

  app.post('/socials/email/', valid('json', SocialEmailRequest), async (c) => {
    const { token, email } = c.req.valid('json');
    const userId = await completeSocialWithEmail(
      deps,
      token,
      email,
      parseOriginCookies(c.req.header('cookie')),
    );
    return signInAndRespond(c, deps, userId);
  });

  return app;
}

function sandboxPage(network: SocialNetwork): string {
  const title = `Тестовый вход через ${network}`;
  const button =
    'display:block;width:100%;margin:12px 0;padding:12px;font-size:16px;border-radius:8px;border:1px solid #888;cursor:pointer';
  return `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 16px">
<main>
<h1 style="font-size:22px">${title}</h1>
<p>Это тестовый провайдер ${NETWORK_TITLES[network]}: настоящая соцсеть не вызывается.</p>
<form method="post">
<input type="hidden" name="with_email" value="1">
<button type="submit" style="${button}">Войти с e-mail (sandbox-${network}@example.com)</button>
</form>
<form method="post">
<input type="hidden" name="with_email" value="0">
<button type="submit" style="${button}">Войти без e-mail</button>
</form>
</main>
</body>
</html>`;
}
