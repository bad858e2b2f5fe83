import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps } from '../env';
import { badRequest } from '../domain/errors';
import { valid } from '../validate';
import { requireCustomer } from '../middleware/auth';
import { profilePopup } from '../domain/profile';
import { readAvatarFile } from '../domain/avatar';
import {
  cancelEmailChange,
  checkEmailChangeLink,
  confirmEmailChange,
  emailChangeStatus,
  requestEmailChange,
} from '../domain/email-change';
import { isSocialNetwork } from '../domain/social';
import {
  completeSocialLink,
  sandboxLinkPage,
  startSocialLink,
  verifyLinkState,
} from '../domain/profile-socials';
import type { SocialNetwork } from '../../contract/auth';
import { SOCIAL_LINK_MESSAGES } from '../../contract/profile';
import {
  AvatarFileParams,
  EmailChangeConfirmRequest,
  EmailChangeRequestBody,
  SandboxLinkParams,
  SandboxLinkQuery,
  SocialProfileLinkRequest,
} from '../../contract/profile.api';

/** Answers about one customer must never sit in a shared cache. */
const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});

/**
 * The profile calls under the second prefix of spec point 7, mounted at /client/api: the profile popup, linking
 * a social network, the e-mail change, and the public avatar files.
 */
export function profilePublicRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const auth = requireCustomer(deps);

  app.get('/profile/profile-popup/', noStore, auth, async (c) =>
    c.json(await profilePopup(deps, c.get('userId'))),
  );

  // ----- avatar files: public, immutable, unguessable names (see domain/avatar.ts) -----
  app.get('/profile/avatar/:px/:file', valid('param', AvatarFileParams), async (c) => {
    const { px, file } = c.req.valid('param');
    const bytes = await readAvatarFile(deps, px, file);
    if (!bytes) return c.json({ detail: 'Не найдено.' }, 404, { 'Cache-Control': 'no-store' });
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/webp',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Length': String(bytes.length),
    });
  });

  // ----- linking a social network to the profile (see domain/profile-socials.ts) -----
  app.post('/socials/profile/', noStore, auth, valid('json', SocialProfileLinkRequest), async (c) => {
    const { network_name } = c.req.valid('json');
    return c.json(await startSocialLink(deps, c.get('userId'), network_name));
  });

  const sandboxNetwork = (raw: string): SocialNetwork => {
    if (!isSocialNetwork(raw)) throw badRequest(SOCIAL_LINK_MESSAGES.unknownNetwork);
    return raw;
  };

  app.get(
    '/socials/profile/sandbox/:network/',
    noStore,
    valid('param', SandboxLinkParams),
    valid('query', SandboxLinkQuery),
    async (c) => {
      const network = sandboxNetwork(c.req.valid('param').network);
      const { state } = c.req.valid('query');
      if (!(await verifyLinkState(deps, state, network))) return c.html(deadStatePage(), 400);
      return c.html(sandboxLinkPage(network, state));
    },
  );

  app.post('/socials/profile/sandbox/:network/', noStore, valid('param', SandboxLinkParams), async (c) => {
    const network = sandboxNetwork(c.req.valid('param').network);
    // The form of the provider's page, read as it is: whatever it holds, a bad one is the dead-link page (HTML).
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return c.html(deadStatePage(), 400);
    }
    const userId = await verifyLinkState(deps, String(form.state ?? ''), network);
    if (!userId) return c.html(deadStatePage(), 400);
    if (form.decision !== 'link') return c.redirect('/profile', 303);
    const msg = await completeSocialLink(deps, userId, network);
    return c.redirect(`/profile?msg=${encodeURIComponent(msg)}`, 303);
  });

  // ----- e-mail change (see domain/email-change.ts) -----
  app.get('/change-email/status/', noStore, auth, async (c) =>
    c.json(await emailChangeStatus(deps, c.get('userId'))),
  );

  app.post('/change-email/request-change/', noStore, auth, valid('json', EmailChangeRequestBody), async (c) =>
    c.json(await requestEmailChange(deps, c.get('userId'), c.req.valid('json').email)),
  );

  app.delete('/change-email/request-change/', noStore, auth, async (c) =>
    c.json(await cancelEmailChange(deps, c.get('userId'))),
  );

  app.get('/change-email/confirm/', noStore, valid('query', EmailChangeConfirmRequest), async (c) =>
    c.json(await checkEmailChangeLink(deps, c.req.valid('query').token)),
  );

  app.post('/change-email/confirm/', noStore, valid('json', EmailChangeConfirmRequest), async (c) =>
    c.json(await confirmEmailChange(deps, c.req.valid('json').token)),
  );

  return app;
}

function deadStatePage() {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Ссылка устарела</title></head>
<body><main><p>${SOCIAL_LINK_MESSAGES.stateDead}</p><p><a href="/profile">Вернуться в профиль</a></p></main></body></html>`;
}
