import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import type { Plugin } from 'vite';

/** The one classic script of index.html (theme, early refresh, the splash's failure text): src/boot.js. */
const SOURCE = new URL('../src/boot.js', import.meta.url);
const PATH = '/boot.js';

/**
 * Serves src/boot.js at /boot.js: as written in development, minified in the build (it runs before the first
 * paint, so every byte of it is on the critical path; its comments are for the reader, not the phone).
 */
export function bootScript(): Plugin {
  return {
    name: 'cabinet:boot-script',
    configureServer(server) {
      server.middlewares.use(PATH, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.end(readFileSync(SOURCE, 'utf8'));
      });
    },
    generateBundle() {
      const { code } = transformSync(readFileSync(SOURCE, 'utf8'), {
        loader: 'js',
        minify: true,
        target: 'es2019',
        legalComments: 'none',
      });
      this.emitFile({ type: 'asset', fileName: PATH.slice(1), source: code });
    },
  };
}
