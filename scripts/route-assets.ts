import type { Plugin } from 'vite';
import { ACTORS_ASSETS, type RouteAssets } from '../server/spa/index-html.ts';

/** The server reads it under this name (server/spa/index-html.ts ROUTE_ASSETS_FILE). */
const ROUTE_ASSETS_FILE = 'route-assets.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  moduleIds?: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes `route-assets.json` beside index.html: for every route whose component TanStack's code splitting put in a
 * chunk of its own, that chunk with its static imports and their CSS, minus what the entry already loads. The server
 * links them from the HTML of a first visit (server/spa/index-html.ts), so a route's code downloads together with
 * the entry instead of one round trip after it.
 */
export function routeAssets(): Plugin {
  return {
    name: 'cabinet:route-assets',
    // After Vite's CSS plugin has dropped the chunks that held only styles (vanilla-extract's `*.css.ts.vanilla`), so no
    // link names a file the build did not write.
    enforce: 'post',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle))
        if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);

      const closure = (start: string[]): Set<string> => {
        const seen = new Set<string>();
        const stack = [...start];
        while (stack.length) {
          const file = stack.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          stack.push(...(chunks.get(file)?.imports ?? []));
        }
        return seen;
      };
      const cssOf = (files: Iterable<string>) =>
        new Set([...files].flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]));

      const entry = closure([...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName));
      const entryCss = cssOf(entry);
      const out: RouteAssets = {};
      for (const chunk of chunks.values()) {
        const routeFile = /\/src\/routes\/([^?]+)\?tsr-split=/.exec(chunk.facadeModuleId ?? '')?.[1];
        if (!routeFile || !chunk.isDynamicEntry) continue;
        const js = [...closure([chunk.fileName])].filter((f) => !entry.has(f));
        const css = [...cssOf(js)].filter((f) => !entryCss.has(f));
        out[routeFile] = { js: js.map((f) => `/${f}`), css: css.map((f) => `/${f}`) };
      }
      // The app's actors (src/app/create-actors.ts, imported dynamically by main.tsx) and the signed-in ones it
      // imports in turn (src/app/signed-in-actors.ts: the cabinet layout waits for them): the server links both for
      // a visitor with the session hint, whose first page waits for them (an anonymous /login loads neither).
      // (The build groups them into two chunks, vite.config.ts: found by the modules a chunk holds.)
      const actorsModule = /\/src\/app\/(create-actors|signed-in-actors)\.ts$/;
      const actors = [...chunks.values()].filter((c) =>
        [c.facadeModuleId ?? '', ...(c.moduleIds ?? [])].some((id) => actorsModule.test(id)),
      );
      if (actors.length) {
        const js = [...closure(actors.map((c) => c.fileName))].filter((f) => !entry.has(f));
        const css = [...cssOf(js)].filter((f) => !entryCss.has(f));
        out[ACTORS_ASSETS] = { js: js.map((f) => `/${f}`), css: css.map((f) => `/${f}`) };
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_ASSETS_FILE, source: JSON.stringify(out) });
    },
  };
}
