// `npm start` builds the SPA only when dist/ is missing or older than its sources, and bundles the server
// (dist-server/, ~50 ms) every time.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildServer } from './build-server.mjs';

const sources = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))));
}
const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
if (built === 0 || Math.max(...sources.map(newest)) > built) {
  // `npm start` wants the app, not the build's report: the chunk table, Rolldown's plugin timings on a slow machine and
  // the deprecation notice vite-plugin-pwa 2.0.0's service-worker build triggers itself (it sets inlineDynamicImports)
  // are `npm run build`'s to show. A failed build prints all of it.
  console.log('Building the SPA…');
  const started = Date.now();
  const build = spawnSync('npx', ['vite', 'build'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error(`The SPA's build failed (${build.error?.message ?? `exit ${build.status}`}): see above.`);
    process.exit(1);
  }
  console.log(`Built the SPA into dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
await buildServer();
