import { Hono } from 'hono';
import type { AppEnv, Deps } from '../env';

export function financesRoutes(_deps: Deps) {
  const app = new Hono<AppEnv>();
  return app;
}
