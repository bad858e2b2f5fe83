// `npm start` builds the SPA only when dist/ is missing or older than its sources, and bundles the server
// (dist-server/, ~50 ms) every time.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';
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
  console.log('Building the SPA…');
  execSync('npx vite build', { stdio: 'inherit' });
}
await buildServer();
