import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../env';
import { jsonBody } from '../validate';
import {
  AUTH_MESSAGES as M,
  emailSchema,
  passwordSchema,
  phoneSchema,
  registerCustomer,
  requiredString,
} from '../domain/auth';
import { signInAndRespond } from '../middleware/sign-in';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const registrationSchema = z.object(
  {
    email: emailSchema,
    password: passwordSchema,
    fio: z.preprocess(blankToUndefined, requiredString(200).trim().optional()),
    phone: z.preprocess(blankToUndefined, phoneSchema.optional()),
    accept_terms: z.literal(true, { error: M.acceptTerms }),
  },
  { error: M.bodyNotObject },
);

/** POST /api/client/profile/ — registration; the new customer is signed in at once (201 + tokens). */
export function registrationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/profile/', async (c) => {
    const body = await jsonBody(c, registrationSchema);
    const user = await registerCustomer(deps, body);
    return signInAndRespond(c, deps, user.id, 201);
  });

  return app;
}
