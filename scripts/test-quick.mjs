// `npm run test:quick [-- --since <ref>] [--list]` (--list: print what would run, run nothing): the inner loop's check of what changed since <ref> (default HEAD: the
// uncommitted and untracked files). Type-check the whole project, lint and format-check the changed files, run the
// Vitest files that import them (vitest --changed follows the module graph), then the e2e specs they touch:
// changed specs and specs that import a changed e2e file, the specs named after a
// changed feature or machine (src/features/<f>/, machines/<m>/ → e2e/<f>*.spec.ts), and the smoke spec for any other
// change of the SPA. Server changes are covered by their API tests in Vitest. `npm test` remains the full run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { stepRunner } from './lib/steps.mjs';

const args = process.argv.slice(2);
const since = args.includes('--since') ? args[args.indexOf('--since') + 1] : 'HEAD';
if (!since) {
  console.error('Usage: npm run test:quick [-- --since <git ref>]');
  process.exit(2);
}

const git = (...a) => spawnSync('git', a, { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
const changed = [
  ...new Set([
    // As vitest --changed reads it: committed since the merge base with <ref>, then staged, unstaged, untracked.
    ...git('diff', '--name-only', '--diff-filter=ACMR', `${since}...HEAD`),
    ...git('diff', '--name-only', '--diff-filter=ACMR', 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((f) => existsSync(f));

const runner = stepRunner('test:quick');
/** Each step prints its command: the inner loop's reader reruns one by hand. */
const step = (name, command, commandArgs) =>
  runner.step(name, command, commandArgs, { shown: [command, ...commandArgs].join(' ') });

console.log(
  changed.length
    ? `Changed since ${since}: ${changed.length} file(s)\n  ${changed.join('\n  ')}`
    : `Nothing changed since ${since}: type-check only.`,
);

// The e2e specs the change touches.
function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'cluster' ? [] : files(join(dir, e.name))) : [join(dir, e.name)],
  );
}
/** A spec and every e2e file it imports, followed through relative imports. */
function closure(spec, seen = new Set()) {
  if (seen.has(spec) || !existsSync(spec)) return seen;
  seen.add(spec);
  for (const m of readFileSync(spec, 'utf8').matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
    const base = join(dirname(spec), m[1]);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
      (f) => existsSync(f) && !statSync(f).isDirectory(),
    );
    if (found) closure(found, seen);
  }
  return seen;
}
const specs = files('e2e').filter((f) => f.endsWith('.spec.ts'));
const chosen = new Set();
let spa = false;
for (const file of changed) {
  const own = /^(?:src\/features|machines)\/([^/]+)\//.exec(file)?.[1];
  if (file.startsWith('e2e/')) {
    specs.filter((s) => closure(s).has(file)).forEach((s) => chosen.add(s));
  } else if (own) {
    const named = specs.filter((s) => {
      const stem = basename(s, '.spec.ts');
      return stem.startsWith(own) || own.startsWith(stem);
    });
    named.forEach((s) => chosen.add(s));
    if (!named.length) spa = true;
  } else if (/^(src\/|index\.html$|public\/)/.test(file)) spa = true;
}
if (spa) chosen.add('e2e/smoke.spec.ts');
if (args.includes('--list')) {
  console.log(`e2e specs: ${chosen.size ? [...chosen].join(' ') : 'none'}`);
  process.exit(0);
}

// Incremental: tsc keeps what it learned in node_modules/.cache, so after a one-file change it rechecks little.
step('route tree', 'npx', ['tsr', 'generate']);
step('type-check', 'npx', [
  'tsc',
  '-p',
  '.',
  '--noEmit',
  '--incremental',
  '--tsBuildInfoFile',
  'node_modules/.cache/cabinet/tsc-quick.tsbuildinfo',
]);

const lintable = changed.filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f));
if (lintable.length) step('lint', 'npx', ['eslint', '--no-warn-ignored', ...lintable]);
if (changed.length) step('format', 'npx', ['prettier', '--check', '--ignore-unknown', ...changed]);

if (changed.length)
  step('unit and API tests of the changed files', 'npx', [
    'vitest',
    'run',
    '--changed',
    since,
    '--passWithNoTests',
  ]);

if (chosen.size) {
  step('build (when the SPA is older than its sources)', 'node', ['scripts/ensure-build.mjs']);
  step(`e2e: ${chosen.size} spec(s) the change touches`, 'npx', ['playwright', 'test', ...chosen]);
}

runner.done();
