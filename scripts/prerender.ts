import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { PRERENDERED_FILE, type Prerendered } from '../server/spa/index-html.ts';
import { FIRST_SCREEN_SSR_DIR, FIRST_SCREEN_SSR_FILE } from '../server/spa/first-screen-paint.ts';

const THEMES = ['light', 'dark'] as const;

/**
 * After the client build: a small SSR build of src/prerender.tsx (the same route components, vanilla-extract's
 * class names computed the same way) renders the public pages an anonymous visitor lands on, once per theme, into
 * `prerendered.json` beside index.html; the server puts the page into `#root` of a first visit (server/spa/) and the
 * SPA hydrates it. The router's inline scroll-restoration script is dropped (the CSP allows no inline script, and
 * the client renders nothing in its place).
 *
 * A second SSR build, src/first-screen-ssr.tsx, stays in the build as `ssr/first-screen.mjs`: the server paints a
 * signed-in visitor's dashboard with it per request (server/spa/first-screen-paint.ts).
 */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'cabinet:prerender',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Inside the project, so the SSR bundle finds react and the router in node_modules when imported.
      const ssrDir = join(root, 'node_modules', `.cabinet-prerender-${process.pid}`);
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [tanstackRouter(), react(), vanillaExtractPlugin()],
          build: {
            ssr: 'src/prerender.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            target: 'node20',
            sourcemap: false,
          },
        });
        const mod = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as {
          PRERENDERED_PATHS: string[];
          render(path: string, theme: string): Promise<{ html: string; finalPath: string }>;
        };
        const pages: Prerendered = {};
        for (const path of mod.PRERENDERED_PATHS)
          for (const theme of THEMES) {
            const { html, finalPath } = await mod.render(path, theme);
            if (finalPath !== path || !html.includes('<h1'))
              throw new Error(`prerender of ${path} (${theme}) ended on ${finalPath} without a heading`);
            (pages[path] ??= { light: '', dark: '' })[theme] = html.replace(
              /<script\b[^>]*>[\s\S]*?<\/script>/g,
              '',
            );
          }
        writeFileSync(join(outDir, PRERENDERED_FILE), JSON.stringify(pages));
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [tanstackRouter(), react(), vanillaExtractPlugin()],
          // Self-contained, with React's production build whatever NODE_ENV the server runs with (React's
          // development build renders ~4× slower).
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          ssr: { noExternal: true },
          build: {
            ssr: 'src/first-screen-ssr.tsx',
            outDir: join(outDir, FIRST_SCREEN_SSR_DIR),
            copyPublicDir: false,
            emptyOutDir: true,
            target: 'node20',
            sourcemap: false,
            rolldownOptions: {
              output: { entryFileNames: FIRST_SCREEN_SSR_FILE, chunkFileNames: '[name]-[hash].mjs' },
            },
          },
        });
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
