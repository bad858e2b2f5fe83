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
    reporters: [
      'default',
      './tests/support/summary-reporter.ts',
      './tests/support/machine-figures-reporter.ts',
    ],
  },
});
