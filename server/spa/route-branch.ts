// Which route files of src/routes a URL renders, from the file names alone (TanStack's file naming: `(group)` and
// `_layout` segments, `index` and `route` dropped, `$id` matches any segment). Used by the server to link a first
// visit's route chunks from the HTML, and by the bundle benchmark to size a first visit.

const basename = (f: string) => f.slice(f.lastIndexOf('/') + 1);

/** `_auth/order/$id/index.tsx` → { path: '/order/$id', index: true }. */
export function routePathOf(routeFile: string): { path: string; index: boolean } {
  const noExt = routeFile.replace(/\.(tsx|ts|jsx|js)$/, '');
  const segments = noExt.split(/[/.]/).filter((s) => s !== '');
  const last = segments.at(-1);
  const index = last === 'index';
  const kept = segments.filter(
    (s, i) =>
      !(s.startsWith('(') && s.endsWith(')')) &&
      !s.startsWith('_') &&
      !(i === segments.length - 1 && (s === 'index' || s === 'route')),
  );
  return { path: '/' + kept.map((s) => s.replace(/_$/, '')).join('/'), index };
}

/** `_auth/order.$id.index.tsx` → ['_auth', 'order', '$id', 'index']: the route's place in the tree. */
export function routeIdOf(routeFile: string): string[] {
  const segments = routeFile
    .replace(/\.(tsx|ts|jsx|js)$/, '')
    .split(/[/.]/)
    .filter(Boolean);
  return segments.at(-1) === 'route' ? segments.slice(0, -1) : segments;
}

function pathMatches(routeFile: string, url: string): boolean {
  const want = routePathOf(routeFile).path.split('/').filter(Boolean);
  const have = url.split('?')[0]!.split('/').filter(Boolean);
  return want.length === have.length && want.every((seg, i) => seg.startsWith('$') || seg === have[i]);
}

/**
 * The route files a URL renders: the deepest file whose path equals the URL (an index beats its layout), plus
 * every file above it in the tree (pathless layouts like `_auth.tsx`, parents like `order.$id.tsx`) and the root.
 */
export function routeBranch(routeFiles: string[], url: string): string[] {
  // A pathless layout (`_auth.tsx`) has the path of its parent but renders only with a child: never the leaf.
  const isLayout = (f: string) => routeIdOf(f).at(-1)!.startsWith('_');
  const leaf = routeFiles
    .filter((f) => !basename(f).startsWith('__root') && !isLayout(f) && pathMatches(f, url))
    .sort((a, b) => routeIdOf(b).length - routeIdOf(a).length)[0];
  if (!leaf) return routeFiles.filter((f) => basename(f).startsWith('__root'));
  const leafId = routeIdOf(leaf);
  return routeFiles.filter((f) => {
    if (basename(f).startsWith('__root')) return true;
    const id = routeIdOf(f);
    return id.length <= leafId.length && id.every((seg, i) => seg === leafId[i]);
  });
}
