import pg from 'pg';
import { poolerFrom } from '../../../server/config';
import type { DbPooler } from '../../../server/db/client';

/**
 * Where the API tests' PostgreSQL databases live, from the same variables the server reads: DATABASE_URL (the pool,
 * maybe through PgBouncer), DATABASE_DIRECT_URL (PostgreSQL itself) and DATABASE_POOLER. Databases are made and
 * dropped over the direct connection; a test's server opens its database as a deployment would.
 */
export function postgresTarget(name: string): {
  url: string;
  directUrl: string;
  pooler: DbPooler | undefined;
} {
  const on = (base: string) => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const pooled = process.env.DATABASE_URL!;
  return {
    url: on(pooled),
    directUrl: on(process.env.DATABASE_DIRECT_URL || pooled),
    pooler: poolerFrom(process.env),
  };
}

/** Runs one statement (create or drop database) on the PostgreSQL of DATABASE_DIRECT_URL, else DATABASE_URL. */
export async function onAdmin(text: string): Promise<void> {
  const client = new pg.Client({
    connectionString: process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL,
  });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
