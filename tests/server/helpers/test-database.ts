import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { onAdmin, postgresTarget } from './postgres-target';

let template: Blob | undefined;

/**
 * A migrated PGlite in memory: a copy of the run's template (tests/support/pglite-template.ts), or, where Vitest
 * made none, one created and migrated here.
 */
export async function openPglite(): Promise<Database> {
  const file = inject('pgliteTemplate');
  if (file && !template) template = new Blob([readFileSync(file)]);
  return openDatabase({ loadDataDir: template });
}

/**
 * A fresh database for one test file: PGlite in memory, or, with DATABASE_URL set, a new PostgreSQL database that
 * `drop()` removes. `open()` gives further handles on the same PostgreSQL database (other "instances"); on PGlite
 * there is none: an embedded database belongs to one process.
 */
export async function freshDatabase(): Promise<{
  database: Database;
  open(): Promise<Database>;
  drop(): Promise<void>;
}> {
  const admin = process.env.DATABASE_URL;
  if (!admin) {
    const database = await openPglite();
    return {
      database,
      open: () => Promise.reject(new Error('PGlite has one handle per database')),
      drop: () => database.close(),
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onAdmin(`create database ${name}`);
  const opened: Database[] = [];
  const open = async () => {
    const database = await openDatabase(postgresTarget(name));
    opened.push(database);
    return database;
  };
  const database = await open();
  return {
    database,
    open,
    async drop() {
      for (const d of opened) await d.close();
      await onAdmin(`drop database if exists ${name} with (force)`);
    },
  };
}
