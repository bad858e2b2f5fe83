import { Hono } from 'hono';
import type { AppEnv, Deps } from '../env';

export function staffPaymentsRoutes(_deps: Deps) {
  const app = new Hono<AppEnv>();
  return app;
}
