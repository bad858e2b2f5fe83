// One migrated PGlite data directory per run, copied into every test database instead of creating each from
// nothing: Vitest runs this file once, before the workers (vitest.config.ts `globalSetup`), and hands its path to
// them (`inject('pgliteTemplate')`). Creating a database and applying the migrations takes ~1.3 s; opening the copy
// ~0.4 s, and the tests open some hundred a run. The copy is kept in node_modules/.cache under a hash of the
// migrations and of PGlite's version, so it is remade whenever either changes. With DATABASE_URL the tests run on
// PostgreSQL and there is no copy.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template's file, or null on PostgreSQL. */
    pgliteTemplate: string | null;
  }
}

const CACHE = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'cabinet');

function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    readFileSync(
      join(import.meta.dirname, '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'),
      'utf8',
    ),
  ) as { version: string };
  hash.update(pglite.version);
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
      .sort();
  for (const file of files(migrationsFolder))
    hash.update(file.slice(migrationsFolder.length)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return;
  }
  const file = join(CACHE, `pglite-template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({});
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    mkdirSync(CACHE, { recursive: true });
    // Written aside and renamed: two runs at once never read half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  project.provide('pgliteTemplate', file);
}
