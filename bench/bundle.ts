// Bundle sizes: what a first visit of a route downloads (gzip), and the size of every lazy chunk.
//
// Method (vite.config.ts has no manifest, so the built files themselves are read):
// 1. dist/index.html gives the entry: its module script, its stylesheets, modulepreloads and classic scripts.
// 2. The entry closure = the entry chunk plus, recursively, every chunk it imports statically
//    (`import … from "./x.js"`, `export … from "./x.js"`, `import "./x.js"`). Dynamic `import()` is not followed.
// 3. Lazy chunks = every other .js in assets/. TanStack's autoCodeSplitting puts a route's component in a chunk of
//    its own whose source map lists `src/routes/<file>.tsx?tsr-split=…`; the route file's path gives its URL
//    (`(group)` and `_layout` segments, `index` and `route` dropped; `$id` matches any segment). Chunk names alone
//    are not reliable (index.tsx becomes `routes-*.js`), so names are only the fallback when maps are missing.
// 4. A first visit of a URL = entry closure + the split chunks of every route file on the URL's branch (layouts by
//    prefix, index and leaf files exactly) + their static imports + the CSS Vite preloads with them
//    (`__vite__mapDeps`) or that shares the chunk's name.
// 5. Sizes are gzip at zlib's default level 6 (what Vite prints and what a typical server sends).
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { figureRow, kb, type Goal, type SectionReport, type Table, statusOf } from './lib/report';
import { routeBranch } from '../server/spa/route-branch';
import type { BrowserVisits, Totals } from './first-visit';

export { routeBranch, routePathOf } from '../server/spa/route-branch';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The issue's budgets, in KB of gzip; `npm test` holds a build to them (tests/bench/bundle-budget.test.ts). */
export const BUDGETS = {
  /** JS a first visit of /login requests before the load event, counted in Chromium (bench/first-visit.ts). */
  loginJsBrowser: { op: '<=', limit: 110, unit: 'KB' } satisfies Goal,
  /** All the JS the same visit fetches until the network is idle: the app's scripts come after the load event on a
   * prerendered page, so this bounds what that figure no longer sees (the entry, the route, the actors). */
  loginJsUntilIdle: { op: '<=', limit: 160, unit: 'KB' } satisfies Goal,
  /** The static view of the same (the entry closure and the route's chunks, from the built files). */
  loginJs: { op: '<=', limit: 125, unit: 'KB' } satisfies Goal,
  loginCss: { op: '<=', limit: 15, unit: 'KB' } satisfies Goal,
  lazyChunk: { op: '<=', limit: 30, unit: 'KB' } satisfies Goal,
};

/** The URLs whose first visit is measured; `/order/1` stands for any order, `/order/1/chat` is its default child. */
export const VISITS = ['/login', '/home', '/order/1', '/order/1/chat'];

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface VisitSize {
  url: string;
  js: FileSize[];
  css: FileSize[];
  jsGzip: number;
  cssGzip: number;
  /** Route files whose split chunks this visit loads; empty when no route of the build matches the URL. */
  routeFiles: string[];
}

export interface LazyChunk extends FileSize {
  /** Route files (relative to src/routes) whose split code the chunk holds; empty for shared chunks. */
  routeFiles: string[];
}

export interface BundleSizes {
  distDir: string;
  entry: FileSize[];
  visits: VisitSize[];
  lazy: LazyChunk[];
}

const SOURCES = [
  'src',
  'machines',
  'public',
  'index.html',
  'vite.config.ts',
  'tsr.config.json',
  'package-lock.json',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))));
}

/** True when dist/index.html is missing or older than any source of the SPA (same rule as `npm start`). */
export function isStale(distDir = join(ROOT, 'dist')): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((s) => newest(join(ROOT, s)) > built);
}

/** Under Vitest NODE_ENV is 'test', which would make Vite bundle React's development build. */
function buildEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  for (const k of Object.keys(env)) if (k.startsWith('VITEST') || k === 'TEST') delete env[k];
  return env;
}

/** `vite build` into outDir. Throws with Vite's output when the build fails. */
export function viteBuild(outDir: string): void {
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: ROOT, env: buildEnv(), stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 },
  );
}

/**
 * Rebuilds dist/ when it is missing or stale. The build goes to a sibling directory first and replaces dist/ only
 * when it succeeds, so a broken source tree never leaves dist/ empty; then the old dist/ is measured, with a note.
 */
export function ensureDist(notes: string[]): string {
  // BENCH_DIST=<dir>: another build to measure, as it is (an A/B against a copy of main's build, on the same load).
  if (process.env.BENCH_DIST) {
    const other = resolve(ROOT, process.env.BENCH_DIST);
    if (!existsSync(join(other, 'index.html'))) throw new Error(`BENCH_DIST: no build in ${other}`);
    notes.push(`measured the build in ${process.env.BENCH_DIST} (BENCH_DIST), not dist/`);
    return other;
  }
  const dist = join(ROOT, 'dist');
  if (!isStale(dist)) return dist;
  // A sibling of dist/: same depth, so the source maps' relative paths stay right after the rename.
  const next = join(ROOT, `.dist-bench-${process.pid}`);
  try {
    viteBuild(next);
    rmSync(dist, { recursive: true, force: true });
    renameSync(next, dist);
    notes.push('dist/ was missing or older than the sources: ran `vite build` first.');
  } catch (err) {
    rmSync(next, { recursive: true, force: true });
    const why =
      err instanceof Error ? stripVTControlCharacters(err.message).split('\n').slice(0, 8).join(' ') : '';
    if (!existsSync(join(dist, 'index.html')))
      throw new Error(`vite build failed and there is no dist/: ${why}`);
    notes.push(`vite build failed, so the existing (stale) dist/ was measured: ${why}`);
  }
  return dist;
}

/** Builds to a fresh temporary directory; the caller removes it with `cleanup`. */
export function buildToTemp(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-bundle-'));
  try {
    viteBuild(dir);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const gzipCache = new Map<string, FileSize>();
function sizeOf(distDir: string, file: string): FileSize {
  const path = join(distDir, file);
  const key = `${path}:${statSync(path).mtimeMs}`;
  let s = gzipCache.get(key);
  if (!s) {
    const buf = readFileSync(path);
    s = { file, bytes: buf.length, gzip: gzipSync(buf).length };
    gzipCache.set(key, s);
  }
  return s;
}

/** `/assets/x.js`, `./x.js` (relative to `from`) → `assets/x.js`. Ignores absolute URLs. */
function normalise(ref: string, from = ''): string | null {
  if (/^[a-z]+:\/\//i.test(ref) || ref.startsWith('data:')) return null;
  if (ref.startsWith('/')) return ref.slice(1);
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
  const parts = (dir + ref).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '.' || p === '') continue;
    if (p === '..') out.pop();
    else out.push(p);
  }
  return out.join('/');
}

const Q = '[`"\']';
const STATIC_IMPORT = new RegExp(
  `(?:\\bimport\\s*(?:[\\w$*{}\\s,]+?\\s*from\\s*)?|\\bexport\\s*(?:\\*(?:\\s*as\\s*[\\w$]+)?|\\{[^}]*\\})\\s*from\\s*)(${Q})(\\.{0,2}\\/[^\`"']+?\\.js)\\1`,
  'g',
);
const DYNAMIC_IMPORT = new RegExp(
  `import\\(\\s*(${Q})(\\.{0,2}\\/[^\`"']+?\\.js)\\1\\s*\\)(?:\\s*,\\s*(?:__vite__mapDeps\\(\\[([\\d,\\s]*)\\]\\)|\\[\\]))?`,
  'g',
);

export function staticImports(code: string, from: string): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(STATIC_IMPORT)) {
    const f = normalise(m[2]!, from);
    if (f) out.add(f);
  }
  return [...out];
}

/** Vite's preload table: `__vite__mapDeps=(i,m=…,d=(m.f||(m.f=["assets/a.js","assets/a.css"])))`. */
function mapDepsTable(code: string): string[] {
  const at = code.indexOf('m.f=[');
  if (code.indexOf('__vite__mapDeps=') < 0 || at < 0) return [];
  const end = code.indexOf(']', at);
  return [...code.slice(at + 5, end).matchAll(/[`"']([^`"']+)[`"']/g)].map((m) => m[1]!);
}

/** Dynamic imports of a chunk with the files Vite preloads alongside each (CSS and shared chunks). */
function dynamicImports(code: string, from: string): Map<string, string[]> {
  const table = mapDepsTable(code);
  const out = new Map<string, string[]>();
  for (const m of code.matchAll(DYNAMIC_IMPORT)) {
    const target = normalise(m[2]!, from);
    if (!target) continue;
    const deps = (m[3] ?? '')
      .split(',')
      .filter((s) => s.trim() !== '')
      .map((i) => table[Number(i)])
      .filter((f): f is string => !!f)
      .map((f) => normalise(f.startsWith('/') ? f : `/${f}`)!)
      .filter(Boolean);
    out.set(target, [...new Set([...(out.get(target) ?? []), ...deps])]);
  }
  return out;
}

function closure(distDir: string, start: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f) || !existsSync(join(distDir, f))) continue;
    seen.add(f);
    if (f.endsWith('.js')) stack.push(...staticImports(readFileSync(join(distDir, f), 'utf8'), f));
  }
  return seen;
}

function parseIndexHtml(html: string): { modules: string[]; scripts: string[]; css: string[] } {
  const attr = (tag: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1];
  const modules: string[] = [];
  const scripts: string[] = [];
  const css: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    const f = src && normalise(src);
    if (!f) continue;
    (/type\s*=\s*["']module["']/.test(tag) ? modules : scripts).push(f);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    const f = href && normalise(href);
    if (!f) continue;
    if (rel === 'stylesheet') css.push(f);
    if (rel === 'modulepreload') modules.push(f);
  }
  return { modules, scripts, css };
}

/** Route files (relative to src/routes, query dropped) that a chunk's source map names as split route code. */
function routeFilesOf(distDir: string, chunk: string): string[] {
  const map = join(distDir, `${chunk}.map`);
  if (!existsSync(map)) return [];
  const { sources = [] } = JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] };
  const files = sources
    .map((s) => /src\/routes\/(.+?)(\?.*)?$/.exec(s))
    .filter((m): m is RegExpExecArray => !!m && (m[2] ?? '').includes('tsr-split'))
    .map((m) => m[1]!);
  return [...new Set(files)];
}

/** Fallback without source maps: `login-AbC123.js` → `login.tsx`. */
function routeFilesByName(chunk: string): string[] {
  const name = basename(chunk).replace(/-[\w-]{6,}\.js$/, '');
  return name && name !== 'index' ? [`${name}.tsx`] : [];
}

/** Sizes of an existing build directory (see the method at the top of this file). */
export function measureBundle(distDir = join(ROOT, 'dist'), visits = VISITS): BundleSizes {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const { modules, scripts, css } = parseIndexHtml(html);
  const entryFiles = closure(distDir, [...modules, ...scripts, ...css]);

  // Dynamic imports seen anywhere (entry or lazy chunks), with the CSS/chunks Vite preloads alongside.
  const assets = readdirSync(join(distDir, 'assets')).map((f) => `assets/${f}`);
  const allJs = assets.filter((f) => f.endsWith('.js'));
  const preloads = new Map<string, string[]>();
  for (const f of allJs)
    for (const [target, deps] of dynamicImports(readFileSync(join(distDir, f), 'utf8'), f))
      preloads.set(target, [...new Set([...(preloads.get(target) ?? []), ...deps])]);

  const hasMaps = allJs.some((f) => existsSync(join(distDir, `${f}.map`)));
  const lazy: LazyChunk[] = allJs
    .filter((f) => !entryFiles.has(f))
    .map((f) => ({
      ...sizeOf(distDir, f),
      routeFiles: hasMaps ? routeFilesOf(distDir, f) : routeFilesByName(f),
    }))
    .sort((a, b) => b.gzip - a.gzip);

  const visitSizes = visits.map((url): VisitSize => {
    const branch = new Set(routeBranch([...new Set(lazy.flatMap((c) => c.routeFiles))], url));
    const chunks = lazy.filter((c) => c.routeFiles.some((r) => branch.has(r)));
    const files = new Set(entryFiles);
    for (const c of chunks) {
      for (const f of closure(distDir, [c.file])) files.add(f);
      for (const dep of preloads.get(c.file) ?? []) for (const f of closure(distDir, [dep])) files.add(f);
      const sameNameCss = c.file.replace(/\.js$/, '.css');
      if (existsSync(join(distDir, sameNameCss))) files.add(sameNameCss);
    }
    const sizes = [...files].filter((f) => existsSync(join(distDir, f))).map((f) => sizeOf(distDir, f));
    const js = sizes.filter((s) => s.file.endsWith('.js'));
    const cssFiles = sizes.filter((s) => s.file.endsWith('.css'));
    return {
      url,
      js,
      css: cssFiles,
      jsGzip: js.reduce((n, s) => n + s.gzip, 0),
      cssGzip: cssFiles.reduce((n, s) => n + s.gzip, 0),
      routeFiles: chunks.flatMap((c) => c.routeFiles).filter((r) => !basename(r).startsWith('__root')),
    };
  });

  return {
    distDir,
    entry: [...entryFiles].filter((f) => existsSync(join(distDir, f))).map((f) => sizeOf(distDir, f)),
    visits: visitSizes,
    lazy,
  };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Minified bytes of a chunk per package (`react-dom`, `@tanstack/router-core`) or source folder (`src/features`),
 * from its source map: each mapping segment owns the generated text up to the next segment.
 */
export function contributors(distDir: string, file: string): Map<string, number> {
  const out = new Map<string, number>();
  const mapFile = join(distDir, `${file}.map`);
  if (!existsSync(mapFile)) return out;
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = readFileSync(join(distDir, file), 'utf8').split('\n');
  const owner = (src: string | undefined) => {
    if (!src) return '(generated)';
    const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(src);
    if (nm) return nm[1]!;
    const own = /(?:^|\/)((?:src|machines)\/[^/?]+)/.exec(src);
    return own ? own[1]!.replace(/\.tsx?$/, '') : src;
  };
  let sourceIndex = 0;
  map.mappings.split(';').forEach((line, li) => {
    const text = lines[li] ?? '';
    const segs: { col: number; src: number | null }[] = [];
    let col = 0;
    for (const seg of line.split(',')) {
      if (!seg) continue;
      const values: number[] = [];
      let shift = 0;
      let value = 0;
      for (const ch of seg) {
        const d = B64.indexOf(ch);
        value += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += values[0] ?? 0;
      if (values.length > 1) sourceIndex += values[1]!;
      segs.push({ col, src: values.length > 1 ? sourceIndex : null });
    }
    segs.forEach((sg, i) => {
      const bytes = (segs[i + 1]?.col ?? text.length) - sg.col;
      const key = owner(sg.src === null ? undefined : map.sources[sg.src]);
      out.set(key, (out.get(key) ?? 0) + bytes);
    });
  });
  return out;
}

/** `npm run bench -- bundle`: builds when dist/ is missing or stale, then reports against the budgets. */
export async function runBundle(): Promise<SectionReport> {
  const notes: string[] = [];
  const dist = ensureDist(notes);
  const sizes = measureBundle(dist);
  const tables: Table[] = [];

  // The budgeted figure: what Chromium fetches on a first visit (bench/first-visit.ts).
  const { measureBrowserVisits } = await import('./first-visit');
  const browser = await measureBrowserVisits(dist);
  tables.push(...browserTables(browser));

  tables.push({
    title: 'First visit, static view: the built files by the route tree (gzip, level 6)',
    columns: ['URL', 'JS', 'CSS', 'files', 'route files', 'JS goal', 'JS', 'CSS goal', 'CSS'],
    rows: sizes.visits.map((v) => {
      const login = v.url === '/login';
      const js = figureRow('', kb(v.jsGzip), 'KB', login ? BUDGETS.loginJs : undefined);
      const css = figureRow('', kb(v.cssGzip), 'KB', login ? BUDGETS.loginCss : undefined);
      return [
        v.url,
        js[1]!,
        css[1]!,
        v.js.length + v.css.length,
        v.routeFiles.join(', ') || '(none: no route yet)',
        js[2]!,
        js[3]!,
        css[2]!,
        css[3]!,
      ];
    }),
  });
  tables.push({
    title: 'Lazy chunks (gzip)',
    columns: ['chunk', 'raw', 'gzip', 'route files', 'goal', ''],
    rows: sizes.lazy.map((c) => {
      const r = figureRow('', kb(c.gzip), 'KB', BUDGETS.lazyChunk);
      return [
        basename(c.file),
        `${kb(c.bytes)} KB`,
        r[1]!,
        c.routeFiles.join(', ') || '(shared)',
        r[2]!,
        r[3]!,
      ];
    }),
  });
  const login = sizes.visits.find((v) => v.url === '/login');
  if (login) {
    const total = new Map<string, number>();
    for (const f of login.js)
      for (const [k, n] of contributors(dist, f.file)) total.set(k, (total.get(k) ?? 0) + n);
    const raw = [...total.values()].reduce((a, b) => a + b, 0);
    const top = [...total.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
    if (raw > 0)
      tables.push({
        title:
          'What the /login first visit JS is made of (top 12, from source maps; gzip share estimated pro rata)',
        columns: ['package or folder', 'minified', 'share', '≈ gzip'],
        rows: top.map(([k, n]) => [
          k,
          `${kb(n)} KB`,
          `${((n / raw) * 100).toFixed(1)} %`,
          `${kb((n / raw) * login.jsGzip)} KB`,
        ]),
      });
  }
  for (const v of sizes.visits)
    if (v.routeFiles.length === 0)
      notes.push(`${v.url}: no route file of the build matches yet (entry only).`);

  return {
    section: 'bundle',
    at: new Date().toISOString(),
    status: statusOf(tables),
    tables,
    notes,
    data: {
      budgets: BUDGETS,
      browser,
      visits: sizes.visits.map((v) => ({
        url: v.url,
        jsGzip: v.jsGzip,
        cssGzip: v.cssGzip,
        routeFiles: v.routeFiles,
        files: [...v.js, ...v.css],
      })),
      lazy: sizes.lazy,
      entry: sizes.entry,
    },
  };
}

/** The browser's figures: per visit the totals, and the files of the budgeted /login visit. */
export function browserTables(b: BrowserVisits): Table[] {
  const visits = [b.login, ...(b.home ? [b.home] : [])];
  const row = (name: string, t: Totals, goal?: Goal) => {
    const r = figureRow('', kb(t.gzip), 'KB', goal);
    return [name, t.files, `${kb(t.encoded)} KB`, r[1]!, r[2]!, r[3]!];
  };
  const tables: Table[] = visits.map((v) => ({
    title: `First visit of ${v.path}${v === b.home ? ' signed in' : ', anonymous'} in Chromium (load event at ${v.loadMs} ms${v.finalPath !== v.path ? `, ended on ${v.finalPath}` : ''})`,
    columns: ['what', 'files', 'as sent (br)', 'gzip', 'goal', ''],
    rows: [
      row('JS before load', v.jsBeforeLoad, v === b.login ? BUDGETS.loginJsBrowser : undefined),
      row('CSS before load', v.cssBeforeLoad),
      row('JS until network idle', v.jsUntilIdle, v === b.login ? BUDGETS.loginJsUntilIdle : undefined),
      row('everything until network idle', v.allUntilIdle),
    ],
  }));
  tables.push({
    title: `Files of the /login visit, in request order`,
    columns: ['file', 'kind', 'start', 'as sent', 'gzip', 'before load'],
    rows: [...b.login.files]
      .sort((x, y) => x.startMs - y.startMs)
      .map((f) => [
        f.path.length > 60 ? `${f.path.slice(0, 57)}…` : f.path,
        f.kind,
        `${f.startMs} ms`,
        `${kb(f.encoded)} KB`,
        `${kb(f.gzip)} KB`,
        f.beforeLoad ? 'yes' : 'no',
      ]),
  });
  return tables;
}
