import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppEnv, Deps } from '../env';
import { ApiError, badRequest } from '../errors';
import { jsonBody, parse } from '../validate';
import { requireCustomer } from '../middleware/auth';
import { normalizePhone } from '../../contract/auth';
import {
  PROFILE_MESSAGES,
  dismissProfilePopup,
  profilePatchSchema,
  readProfile,
  readSessionData,
  setSubscription,
  updateProfile,
  writeSessionData,
} from '../domain/profile';
import { AVATAR_MESSAGES, deleteAvatar, readAvatars, saveAvatar } from '../domain/avatar';
import { requestCallback } from '../domain/callbacks';
import { AVATAR_MAX_BYTES, SESSION_DATA_MAX_BYTES } from '../../contract/profile';

const M = {
  ...PROFILE_MESSAGES,
  sessionTooLarge: 'Данные сессии больше 16 КБ.',
  sessionNotObject: 'Данные сессии должны быть JSON-объектом.',
  notJson: 'Тело запроса должно быть JSON.',
  nameLength: 'Имя должно быть не длиннее 100 символов.',
  commentLength: 'Комментарий должен быть не длиннее 1000 символов.',
  timeLength: 'Время звонка должно быть не длиннее 100 символов.',
  phoneRequired: 'Укажите номер телефона.',
  multipart: 'Отправьте изображение как multipart/form-data в поле file.',
} as const;

const optionalText = (max: number, message: string) =>
  z.string({ error: M.notString }).trim().max(max, message).optional().default('');

const callbackSchema = z.object(
  {
    phone: z
      .string({ error: (i) => (i.input === undefined ? M.phoneRequired : M.phoneInvalid) })
      .transform((raw, ctx) => {
        const phone = normalizePhone(raw);
        if (!phone) ctx.addIssue({ code: 'custom', message: M.phoneInvalid });
        return phone ?? '';
      }),
    name: optionalText(100, M.nameLength),
    comment: optionalText(1000, M.commentLength),
    time: optionalText(100, M.timeLength),
  },
  { error: M.bodyNotObject },
);

const sessionDataSchema = z.record(z.string(), z.unknown(), { error: M.sessionNotObject });

/** The multipart envelope may add a little to the image itself. */
const avatarBodyLimit = bodyLimit({
  maxSize: AVATAR_MAX_BYTES + 64 * 1024,
  onError: (c) => c.json({ detail: AVATAR_MESSAGES.tooLarge }, 413),
});

/**
 * Profile calls of spec point 7, mounted at /api/client. POST /profile/ is registration (registration.ts) and
 * PATCH /profile/status/ is finances (finances.ts), so the guard is given per route, not to /profile/*.
 */
export function profileRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const auth = requireCustomer(deps);

  app.get('/profile/', auth, async (c) => c.json(await readProfile(deps, c.get('userId'))));

  app.patch('/profile/', auth, async (c) => {
    const patch = await jsonBody(c, profilePatchSchema(deps.now()));
    return c.json(await updateProfile(deps, c.get('userId'), patch));
  });

  // ----- avatar -----
  app.get('/profile/avatar/', auth, async (c) => c.json(await readAvatars(deps, c.get('userId'))));

  app.post('/profile/avatar/', auth, avatarBodyLimit, async (c) => {
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
      throw badRequest(M.multipart);
    let file: unknown;
    try {
      file = (await c.req.parseBody())['file'];
    } catch {
      throw badRequest(M.multipart);
    }
    if (!(file instanceof File)) throw badRequest(AVATAR_MESSAGES.noFile);
    if (file.size > AVATAR_MAX_BYTES) throw new ApiError(413, { detail: AVATAR_MESSAGES.tooLarge });
    const bytes = Buffer.from(await file.arrayBuffer());
    return c.json(await saveAvatar(deps, c.get('userId'), bytes), 201);
  });

  app.delete('/profile/avatar/', auth, async (c) => c.json(await deleteAvatar(deps, c.get('userId'))));

  // ----- session data -----
  app.get('/profile/session/', auth, async (c) => c.json(await readSessionData(deps, c.get('userId'))));

  app.post('/profile/session/', auth, async (c) => {
    const text = await c.req.text();
    if (Buffer.byteLength(text) > SESSION_DATA_MAX_BYTES)
      throw new ApiError(413, { detail: M.sessionTooLarge });
    let raw: unknown;
    try {
      raw = text.length ? JSON.parse(text) : {};
    } catch {
      throw badRequest(M.notJson);
    }
    const data = parse(sessionDataSchema, raw);
    // Re-serialised size: what is stored and served back, whatever whitespace the request had.
    if (Buffer.byteLength(JSON.stringify(data)) > SESSION_DATA_MAX_BYTES)
      throw new ApiError(413, { detail: M.sessionTooLarge });
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
  app.post('/callbacks/', auth, async (c) => {
    const body = await jsonBody(c, callbackSchema);
    return c.json(await requestCallback(deps, c.get('userId'), body), 201);
  });

  return app;
}
