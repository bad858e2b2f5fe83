// `npm test`: every check, in the order that lets each reuse the one before, and the time each took.
//   1. a Chromium (scripts/ensure-chromium.mjs), so a machine without one stops in seconds, not after the unit tests;
//   2. the route tree, then at once: the type-check, lint, the format check and the production build (each is one
//      process on one core at a time; together they keep both cores busy);
//   3. Vitest, with the bundle budgets measured on that build (TEST_BUILD_DIR) instead of a second build of their own;
//   4. Playwright on the same build.
// Each parallel step's output is printed whole when it ends (scripts/lib/steps.mjs). The model-based e2e suites
// run a sample of their largest path sets (e2e/support/sample.ts prints the seed and how to run all of them).
import { stepRunner } from './lib/steps.mjs';

const { step, together, done } = stepRunner('npm test');

step('a Chromium for the browser tests', 'node', ['scripts/ensure-chromium.mjs']);
step('route tree', 'npx', ['tsr', 'generate']);
await together([
  { name: 'type-check', command: 'npx', args: ['tsc', '-p', '.', '--noEmit'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'build', command: 'sh', args: ['-c', 'npx vite build && node scripts/build-server.mjs'] },
]);
step('unit and API tests (Vitest)', 'npx', ['vitest', 'run'], { env: { TEST_BUILD_DIR: 'dist' } });
step('browser tests (Playwright)', 'npx', ['playwright', 'test']);

done();
