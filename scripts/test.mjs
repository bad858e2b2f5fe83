// `npm test`: every check, in the order that lets each reuse the one before, and the time each took.
//   1. a Chromium (scripts/ensure-chromium.mjs), so a machine without one stops in seconds, not after the unit tests;
//   2. the route tree, then at once: the type-check, lint, the format check and the production build (each is one
//      process on one core at a time; together they keep both cores busy);
//   3. Vitest, with the bundle budgets measured on that build (TEST_BUILD_DIR) instead of a second build of their own;
//   4. Playwright on the same build.
// Each parallel step's output is printed whole when it ends, so lines never interleave. The model-based e2e suites
// run a sample of their largest path sets (e2e/support/sample.ts prints the seed and how to run all of them).
import { spawn, spawnSync } from 'node:child_process';

const started = Date.now();
const timings = [];
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(0);

function fail(name, code) {
  console.error(`\n✗ npm test: ${name} failed. ${timings.join(' · ')}`);
  process.exit(code || 1);
}

/** A step with the terminal to itself. */
function step(name, command, args, env = {}) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${name} ${seconds(t)} s`);
  if (run.status !== 0) fail(name, run.status);
}

/** Steps side by side; each one's output is held and printed when it ends. */
async function together(steps) {
  const t = Date.now();
  console.log(`\n▶ ${steps.map((s) => s.name).join(', ')} (side by side)`);
  const results = await Promise.all(
    steps.map(
      (s) =>
        new Promise((resolve) => {
          const own = Date.now();
          const child = spawn(s.command, s.args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('close', (code) => {
            console.log(
              `\n── ${s.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(own)} s`,
            );
            if (out.trim()) console.log(out.trimEnd());
            resolve({ name: s.name, code, took: seconds(own) });
          });
        }),
    ),
  );
  timings.push(`${steps.map((s) => s.name).join(' + ')} ${seconds(t)} s`);
  const failed = results.find((r) => r.code !== 0);
  if (failed) fail(failed.name, failed.code);
}

step('a Chromium for the browser tests', 'node', ['scripts/ensure-chromium.mjs']);
step('route tree', 'npx', ['tsr', 'generate']);
await together([
  { name: 'type-check', command: 'npx', args: ['tsc', '-p', '.', '--noEmit'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'build', command: 'sh', args: ['-c', 'npx vite build && node scripts/build-server.mjs'] },
]);
step('unit and API tests (Vitest)', 'npx', ['vitest', 'run'], { TEST_BUILD_DIR: 'dist' });
step('browser tests (Playwright)', 'npx', ['playwright', 'test']);

console.log(`\n✓ npm test passed in ${seconds(started)} s: ${timings.join(' · ')}`);
