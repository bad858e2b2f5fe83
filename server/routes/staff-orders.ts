import { Hono } from 'hono';
import type { AppEnv, Deps } from '../env';

export function staffOrdersRoutes(_deps: Deps) {
  const app = new Hono<AppEnv>();
  return app;
}
