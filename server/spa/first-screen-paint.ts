// The server's painting of the signed-in first screen (docs/performance.md "The signed-in start"): the build renders
// nothing per customer, it builds src/first-screen-ssr.tsx into a small SSR module beside the app it belongs to
// (`<dist>/ssr/`, the same class names as that build's CSS: scripts/prerender.ts), and the server imports it on the
// first page it paints. A build without it (an older dist) or one that fails to load gets today's page.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderFirstScreen } from '../../contract/first-screen.api';

/** Where the build writes the module, relative to the SPA's directory; never served (server/spa/serve-spa.ts). */
export const FIRST_SCREEN_SSR_DIR = 'ssr';
export const FIRST_SCREEN_SSR_FILE = 'first-screen.mjs';

/** Loads the build's renderer once, lazily (React's server renderer and the app's modules are ~10 MB resident). */
export function firstScreenRenderer(staticDir: string): () => Promise<RenderFirstScreen | null> {
  const file = join(staticDir, FIRST_SCREEN_SSR_DIR, FIRST_SCREEN_SSR_FILE);
  let loading: Promise<RenderFirstScreen | null> | null = null;
  return () =>
    (loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (mod: { renderFirstScreen?: RenderFirstScreen }) => mod.renderFirstScreen ?? null,
          (error: unknown) => {
            console.error('The first screen renderer did not load: pages get the splash', error);
            return null;
          },
        )
      : Promise.resolve(null));
}
