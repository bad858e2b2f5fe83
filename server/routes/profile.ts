import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps } from '../env';
import { badRequest, tooLarge } from '../domain/errors';
import { valid } from '../validate';
import { requireCustomer } from '../middleware/auth';
import {
  dismissProfilePopup,
  readProfile,
  readSessionData,
  setSubscription,
  updateProfile,
  writeSessionData,
} from '../domain/profile';
import { deleteAvatar, readAvatars, saveAvatar } from '../domain/avatar';
import { requestCallback } from '../domain/callbacks';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MESSAGES,
  PROFILE_MESSAGES as M,
  SESSION_DATA_MAX_BYTES,
} from '../../contract/profile';
import { AvatarUpload, CallbackRequestBody, ProfilePatch, SessionData } from '../../contract/profile.api';

/** Only a multipart body that parses: anything else is one clear 400, before the form's fields are looked at. */
const multipart = createMiddleware<AppEnv>(async (c, next) => {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
    throw badRequest(AVATAR_MESSAGES.multipart);
  try {
    await c.req.parseBody(); // the parsed form is kept for `valid('form')`
  } catch {
    throw badRequest(AVATAR_MESSAGES.multipart);
  }
  await next();
});

/**
 * Profile calls of spec point 7, mounted at /api/client. POST /profile/ is registration (registration.ts) and
 * PATCH /profile/status/ is finances (finances.ts), so the guard is given per route, not to /profile/*.
 */
export function profileRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const auth = requireCustomer(deps);

  app.get('/profile/', auth, async (c) => c.json(await readProfile(deps, c.get('userId'))));

  app.patch('/profile/', auth, valid('json', ProfilePatch), async (c) =>
    c.json(await updateProfile(deps, c.get('userId'), c.req.valid('json'))),
  );

  // ----- avatar -----
  app.get('/profile/avatar/', auth, async (c) => c.json(await readAvatars(deps, c.get('userId'))));

  app.post('/profile/avatar/', auth, multipart, valid('form', AvatarUpload), async (c) => {
    const { file } = c.req.valid('form');
    if (file.size > AVATAR_MAX_BYTES) throw tooLarge(AVATAR_MESSAGES.tooLarge);
    const bytes = Buffer.from(await file.arrayBuffer());
    return c.json(await saveAvatar(deps, c.get('userId'), bytes), 201);
  });

  app.delete('/profile/avatar/', auth, async (c) => c.json(await deleteAvatar(deps, c.get('userId'))));

  // ----- session data -----
  app.get('/profile/session/', auth, async (c) => c.json(await readSessionData(deps, c.get('userId'))));

  app.post('/profile/session/', auth, valid('json', SessionData), async (c) => {
    const data = c.req.valid('json');
    // Re-serialised size: what is stored and served back, whatever whitespace the request had.
    if (Buffer.byteLength(JSON.stringify(data)) > SESSION_DATA_MAX_BYTES) throw tooLarge(M.sessionTooLarge);
    return c.json(await writeSessionData(deps, c.get('userId'), data));
  });

  // ----- mailing subscription -----
  app.post('/profile/subscribe/', auth, async (c) =>
    c.json(await setSubscription(deps, c.get('userId'), true)),
  );
  app.delete('/profile/subscribe/', auth, async (c) =>
    c.json(await setSubscription(deps, c.get('userId'), false)),
  );

  // ----- the "complete your profile" popup (its GET is /client/api/profile/profile-popup/) -----
  app.patch('/profile/popup/', auth, async (c) => c.json(await dismissProfilePopup(deps, c.get('userId'))));

  // ----- call-back requests -----
  app.post('/callbacks/', auth, valid('json', CallbackRequestBody), async (c) =>
    c.json(await requestCallback(deps, c.get('userId'), c.req.valid('json')), 201),
  );

  return app;
}
