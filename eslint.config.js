import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

// The floors of the house (README "The floors"): each may import only from the floors below it.
//   contract ← machines ← lib, ui ← api, actors ← features ← routes ← app (the composition root, only main.tsx)
// server/ stands on contract/ alone. A feature never imports another feature's files.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });
const floors = [
  zone(
    './contract',
    ['./src', './machines', './server'],
    'contract/ is the lowest floor: it imports nothing of the project.',
  ),
  zone('./machines', ['./src', './server'], 'machines/ stand on contract/ only (no src/, no server/).'),
  zone('./server', ['./src', './machines'], 'server/ imports contract/ and nothing of src/ or machines/.'),
  zone(
    ['./src/lib', './src/ui'],
    ['./src/api', './src/actors', './src/features', './src/routes', './src/app', './src/main.tsx'],
    'lib/ and ui/ are below api/, actors/, features/, routes/ and app/.',
  ),
  zone(
    ['./src/api', './src/actors'],
    ['./src/features', './src/routes', './src/app', './src/main.tsx'],
    'api/ and actors/ are below features/, routes/ and app/.',
  ),
  zone('./src/api', './src/actors', "api/ (HTTP) knows nothing of the app's actors."),
  zone(
    './src/features',
    ['./src/routes', './src/app', './src/main.tsx'],
    'features/ are below routes/ and app/.',
  ),
  zone(
    './src/routes',
    ['./src/app', './src/main.tsx'],
    'routes/ are below the composition root (src/app/, main.tsx).',
  ),
  ...features.map((name) =>
    zone(
      `./src/features/${name}`,
      './src/features',
      `A feature never imports another feature's files: move what ${name} shares down a level (ui/, lib/, actors/).`,
      [`./${name}`],
    ),
  ),
];

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
    files: ['contract/**', 'machines/**', 'server/**', 'src/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: floors }] },
  },
  {
    // contract/<group>.ts is what the SPA's first visit may import: no zod there (zod/mini lives in *.api.ts).
    files: ['contract/**/*.ts'],
    ignores: ['contract/**/*.api.ts', 'contract/http.ts', 'contract/api.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['zod', 'zod/*', './*.api', './http', './api'] }],
    },
  },
  {
    // The SPA reads the contract's schemas as types only: zod/mini would cost ~9 KB of the 125 KB first visit. The
    // forms' checks use the schemas as values in ONE module, src/api/validators.lazy.ts, which is never imported
    // statically: src/api/validators.ts loads it with import() (this rule does not look at import()), so zod lands
    // in a lazy chunk of its own.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/contract/*.api', '**/contract/http', '**/contract/api', 'zod', 'zod/*'],
              allowTypeImports: true,
              message:
                "The SPA imports the contract's schemas with `import type` only (bundle budget); the forms' checks load them through src/api/validators.ts.",
            },
            {
              group: ['**/validators.lazy'],
              allowTypeImports: true,
              message:
                'validators.lazy holds zod: load it with import() (src/api/validators.ts), never statically.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one lazily loaded module that may import the contract's schemas (and zod) as values; not the endpoint table.
    files: ['src/api/validators.lazy.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/contract/http', '**/contract/api'], allowTypeImports: true }] },
      ],
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
