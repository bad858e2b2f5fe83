import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { precompress } from './scripts/precompress.ts';
import { routeAssets } from './scripts/route-assets.ts';
import { bootScript } from './scripts/boot-script.ts';
import { prerender } from './scripts/prerender.ts';
import { VitePWA } from 'vite-plugin-pwa';

const api = `http://localhost:${process.env.API_PORT ?? 3001}`;

/** What src/app/create-actors.ts needs beyond the entry (see build.rolldownOptions). */
const ACTORS_MODULES = new RegExp(
  [
    '/node_modules/(xstate|@xstate/react|use-isomorphic-layout-effect|destr|ufo|ofetch)/',
    '/machines/(session|token|theme|dialogs|notifications)/',
    '/machines/shared/(clock|error-info)\\.ts$',
    '/src/api/(errors|client)\\.ts$',
    '/src/app/(create-actors|token-sync|session-io)\\.ts$',
    '/src/actors/(session-data|token-refresh)\\.ts$',
    '/src/lib/jwt\\.ts$',
    // Moscow time (dates, the account's messages): /login names it through contract/account.ts.
    '/contract/moscow-time\\.ts$',
  ].join('|'),
);

/** What src/app/signed-in-actors.ts adds, after the first sign-in: the order cache, the socket, the availability. */
const SIGNED_IN_MODULES = new RegExp(
  [
    '/machines/(order-loader|realtime|availability)/',
    '/contract/realtime\\.ts$',
    '/src/app/signed-in-actors\\.ts$',
    '/src/actors/realtime\\.ts$',
  ].join('|'),
);

/** mammoth and what it brings (the DOCX viewer's converter, src/features/preview/docx-view.tsx). */
const DOCX_MODULES =
  /\/node_modules\/(mammoth|@xmldom\/xmldom|base64-js|dingbat-to-unicode|jszip|lop|duck|option|underscore|xmlbuilder|lie|immediate|pako|readable-stream|setimmediate|safe-buffer|string_decoder|inherits|process-nextick-args|util-deprecate|core-util-is|isarray|bluebird|sax|path-is-absolute)\//;

export default defineConfig({
  plugins: [
    // Options live in tsr.config.json, shared with `tsr generate`.
    tanstackRouter(),
    react(),
    vanillaExtractPlugin(),
    bootScript(),
    routeAssets(),
    // The offline cabinet (README "Offline"): our own worker (src/sw.ts) with the build's precache list injected.
    // The page registers it itself, lazily after the first paint (src/app/offline.ts), never in dev (HMR).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      devOptions: { enabled: false },
      manifest: {
        name: 'Личный кабинет',
        short_name: 'Кабинет',
        description: 'Личный кабинет заказчика: заказы, чат с автором, оплата и профиль.',
        lang: 'ru',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#4f46e5',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      injectManifest: {
        // Scripts, styles and images: the whole app starts offline. Never index.html (the server rewrites it per
        // visitor; navigations go to the network first), never the .br/.gz copies or the source maps.
        globPatterns: ['boot.js', 'favicon.svg', 'assets/**/*.{js,css,svg,woff2,webp,png}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // The DOCX converter is fetched when a DOCX is previewed, not by every install (README "File preview").
        globIgnores: ['**/docx-lib*.js'],
      },
    }),
    // The public pages as HTML (scripts/prerender.ts): after the client build, before the copies are compressed.
    prerender(),
    precompress(),
  ],
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': api,
      '/client/api': api,
      '/ws': { target: api.replace('http', 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // Everything the entry imports statically is loaded by every first visit anyway: one chunk compresses better
      // than the eight the automatic splitting made of it (gzip starts a new dictionary per file), and lazy chunks
      // import from one file instead of re-exports across several.
      // The actors (create-actors with what only it needs: xstate, the session's machines, the HTTP client) are one
      // chunk too, and the signed-in actors (signed-in-actors with the order cache, the socket and the availability
      // machines) another: nine small files cost nine requests on a connection each (HTTP/1.1 has six), which
      // Lighthouse's /home LCP felt more than their bytes; /login needs only the first, and each stays under the
      // lazy-chunk budget.
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // In this order: a group takes what its modules import too, and the signed-in actors import the
            // HTTP client and xstate, which belong to the first.
            { name: 'actors', test: ACTORS_MODULES },
            { name: 'signed-in', test: SIGNED_IN_MODULES },
            // The DOCX viewer's converter (README "File preview"): loaded on the first DOCX preview only, in
            // pieces under the lazy-chunk budget, and left out of the offline precache (globIgnores below).
            { name: 'docx-lib', test: DOCX_MODULES, maxSize: 80_000 },
          ],
        },
      },
    },
  },
});
