// Bundles the API server into dist-server/main.mjs (esbuild, ~50 ms), beside the files it opens at run time:
// the SQL migrations and the PGlite creator script. `npm start`, the e2e server and the benchmarks run this
// bundle with plain Node: no TypeScript loader in the process (~80 MB less resident memory, faster start).
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = join(ROOT, 'dist-server', 'main.mjs');

export async function buildServer() {
  const out = dirname(SERVER_BUNDLE);
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: [join(ROOT, 'server/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync(join(ROOT, 'server/db/migrations'), join(out, 'migrations'), { recursive: true });
  cpSync(join(ROOT, 'server/db/create-pglite.mjs'), join(out, 'create-pglite.mjs'));
  return SERVER_BUNDLE;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildServer();
