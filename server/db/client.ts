import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import * as schema from './tables';

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The Drizzle database both drivers give; route and domain code only ever sees this. */
export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Publishes on a LISTEN/NOTIFY channel (fan-out between server instances). */
  notify(channel: string, payload: string): Promise<void>;
  /** Subscribes to a channel; returns an unsubscribe function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** Empties every table (tests). */
  truncateAll(): Promise<void>;
  close(): Promise<void>;
}

async function truncate(db: Db): Promise<void> {
  const res = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const rows = (res as unknown as { rows: { tablename: string }[] }).rows;
  if (rows.length === 0) return;
  const names = rows.map((r) => `"${r.tablename}"`).join(', ');
  await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

/** Opens PGlite in `dataDir` (or in memory when dataDir is undefined), or PostgreSQL at `url`, and migrates. */
export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    const listeners: pg.PoolClient[] = [];
    return {
      db,
      kind: 'postgres',
      async notify(channel, payload) {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      async listen(channel, handler) {
        const client = await pool.connect();
        listeners.push(client);
        client.on('notification', (m) => {
          if (m.channel === channel && m.payload !== undefined) handler(m.payload);
        });
        await client.query(`listen "${channel.replace(/"/g, '')}"`);
        return async () => {
          await client.query(`unlisten "${channel.replace(/"/g, '')}"`).catch(() => {});
          client.release();
          listeners.splice(listeners.indexOf(client), 1);
        };
      },
      truncateAll: () => truncate(db),
      async close() {
        for (const c of listeners.splice(0)) c.release();
        await pool.end();
      },
    };
  }
  const client = new PGlite(opts.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, handler) {
      const unsub = await client.listen(channel, handler);
      return unsub;
    },
    truncateAll: () => truncate(db),
    close: () => client.close(),
  };
}
