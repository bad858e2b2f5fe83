import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      'data',
      'src/routeTree.gen.ts',
      'server/db/migrations',
      'docs',
      'test-results',
      'playwright-report',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Machines stay framework-free: no React, no DOM, no fetch (they open unchanged in the visualizer).
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        // The API contract's types and src/lib's pure helpers are fine; nothing that does IO or renders.
        {
          patterns: [
            'react',
            'react-dom',
            '@tanstack/*',
            'ofetch',
            '**/src/app/**',
            '**/src/features/**',
            '**/src/routes/**',
            '**/src/ui/**',
            '**/src/api/client*',
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'document', 'window'],
    },
  },
  {
    // One-way imports: lib/ui/machines never import features or routes.
    files: ['src/lib/**', 'src/ui/**', 'src/api/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/routes/**'] }],
    },
  },
  {
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    files: ['e2e/**', 'tests/**', 'bench/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
