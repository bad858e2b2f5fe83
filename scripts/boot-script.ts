import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import type { Plugin } from 'vite';
import { splashStyle } from '../contract/theme.ts';

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
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The splash paints in the first frame with the light theme's colours (the server swaps in the dark ones).
        let out = html.replace('<div id="boot" ', () => `<div id="boot" style="${splashStyle('light')}" `);
        // In the build, the stylesheets Vite linked in <head> move to the end of <body>: there they no longer hold up
        // the first paint (the splash above them paints at once), yet they still hold the app's scripts until they
        // have loaded (a parser-inserted stylesheet blocks scripts), so no page ever renders unstyled.
        if (ctx.bundle) {
          const sheets: string[] = [];
          out = out.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
            sheets.push(tag.trim());
            return '';
          });
          out = out.replace('</body>', () => `  ${sheets.join('\n    ')}\n  </body>`);
        }
        return out;
      },
    },
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
