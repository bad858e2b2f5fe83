import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // One migrated PGlite per run, copied into each test database (tests/support/pglite-template.ts).
    globalSetup: ['tests/support/pglite-template.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // PGlite is single-threaded WASM; two cores → keep workers modest.
    maxWorkers: 2,
    // Each worker runs its files one after another in one process, reusing the modules it has loaded: a fresh
    // process per file cost about as much CPU as the server tests themselves (docs/flaky-tests.md says what this
    // asks of a test file). What a file stubs on the global object or in process.env is put back after it.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    reporters: [
      'default',
      './tests/support/summary-reporter.ts',
      './tests/support/machine-figures-reporter.ts',
    ],
  },
});
