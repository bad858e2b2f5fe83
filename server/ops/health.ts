import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { AppEnv, Deps } from '../env';
import { migrationsFolder } from '../db/client';
import type { Logger } from './logger';

/** Shared by the app and its shutdown: once `draining`, /readyz answers 503 so the balancer stops sending. */
export interface Lifecycle {
  draining: boolean;
}

type Check = 'ok' | 'failed';

/** A probe must answer while the balancer still waits: a check that hangs counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

function within(work: () => Promise<unknown>): Promise<Check> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([Promise.resolve().then(work), timeout])
    .then(() => 'ok' as const)
    .finally(() => clearTimeout(timer));
}

/** The newest migration this build ships; the database may be newer (a later release migrated it first). */
let shipped: number | undefined;
const newestShipped = () =>
  (shipped ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis)));

async function migrationsApplied(deps: Pick<Deps, 'db'>): Promise<void> {
  const res = await deps.db.execute<{ last: string | null }>(
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const last = Number((res as unknown as { rows: { last: string | null }[] }).rows[0]?.last ?? 0);
  if (last < newestShipped()) throw new Error('the database lacks migrations this build ships');
}

/**
 * GET /healthz: the process is alive and answering (restart it when not). GET /readyz: it can serve — the database
 * answers, its migrations are applied, storage is writable, the realtime bus listens (PostgreSQL), and no shutdown
 * has begun (send it traffic when 200).
 * The answer names each check but no reason: reasons go to the log, once per change.
 */
export function healthRoutes(deps: Deps, lifecycle: Lifecycle, log: Logger) {
  const app = new Hono<AppEnv>();
  let wasReady: boolean | undefined;
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: true });
  });
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (lifecycle.draining) return c.json({ ready: false, checks: { shutdown: 'started' } }, 503);
    const reasons: Record<string, string> = {};
    const run = (name: string, work: () => Promise<unknown>) =>
      within(work).catch((error: unknown) => {
        reasons[name] = error instanceof Error ? error.message : String(error);
        return 'failed' as const;
      });
    const [database, migrations, storage] = await Promise.all([
      run('database', () => deps.db.execute(sql`select 1`)),
      run('migrations', () => migrationsApplied(deps)),
      run('storage', () => deps.storage.ready()),
    ]);
    // PostgreSQL: the LISTEN connection of the realtime bus (it reconnects by itself; until then sockets miss events).
    const listening = deps.database.listening?.();
    if (listening === false) reasons.realtime = 'the LISTEN connection is reconnecting';
    const checks = {
      database,
      migrations,
      storage,
      ...(listening !== undefined && { realtime: listening ? ('ok' as const) : ('failed' as const) }),
    };
    const ready = Object.values(checks).every((v) => v === 'ok');
    if (ready !== wasReady) {
      if (ready) log.info({ checks }, 'ready');
      else log.warn({ checks, reasons }, 'not ready');
      wasReady = ready;
    }
    return c.json({ ready, checks }, ready ? 200 : 503);
  });
  // Metrics have a port of their own (METRICS_PORT); here, rather than the SPA's page, a plain answer.
  app.all('/metrics', (c) => c.json({ detail: 'Не найдено.' }, 404));
  return app;
}
