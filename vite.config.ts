import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { precompress } from './scripts/precompress.ts';
import { routeAssets } from './scripts/route-assets.ts';
import { bootScript } from './scripts/boot-script.ts';

const api = `http://localhost:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [
    // Options live in tsr.config.json, shared with `tsr generate`.
    tanstackRouter(),
    react(),
    vanillaExtractPlugin(),
    bootScript(),
    routeAssets(),
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
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
    },
  },
});
