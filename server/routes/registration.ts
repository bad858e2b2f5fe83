import { Hono } from 'hono';
import type { AppEnv, Deps } from '../env';
import { valid } from '../validate';
import { registerCustomer } from '../domain/auth';
import { signInAndRespond } from '../middleware/sign-in';
import { RegistrationRequest } from '../../contract/auth.api';
import { parseOriginCookies } from '../../contract/origin-cookies';

/** POST /api/client/profile/ — registration; the new customer is signed in at once (201 + tokens). */
export function registrationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/profile/', valid('json', RegistrationRequest), async (c) => {
    const body = c.req.valid('json');
    const user = await registerCustomer(deps, body, parseOriginCookies(c.req.header('cookie')));
    return signInAndRespond(c, deps, user.id, { status: 201 });
  });

  return app;
}
