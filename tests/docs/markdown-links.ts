// Reads the relative links of Markdown files and checks that each names a file that exists and, with a #fragment, a
// heading of that file — the anchors GitHub makes (github-slugger's rules). External links are not fetched.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  reason: string;
}

/** Every `.md` file under `dir`, recursively. */
export function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(path);
    return e.name.endsWith('.md') ? [path] : [];
  });
}

/** The text with fenced code blocks, inline code and HTML comments blanked (line numbers kept). */
function prose(text: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  return text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/(`+)[^`\n]*?\1/g, blank);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen; repeats get -1, -2, … */
export function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const m of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** `[text](target)` and `![alt](target)` outside code; the target without its optional title. */
export function links(markdown: string): { line: number; target: string }[] {
  const text = prose(markdown);
  const out: { line: number; target: string }[] = [];
  for (const m of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    out.push({ line: text.slice(0, m.index).split('\n').length, target: m[1]! });
  }
  return out;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** The broken relative links of `files` (paths), each with the reason. */
export function brokenLinks(files: string[], root: string): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchorsOf = (path: string) => {
    if (!anchorCache.has(path)) anchorCache.set(path, anchors(readFileSync(path, 'utf8')));
    return anchorCache.get(path)!;
  };
  for (const file of files) {
    for (const { line, target } of links(readFileSync(file, 'utf8'))) {
      if (EXTERNAL.test(target)) continue;
      const [pathPart = '', fragment] = target.split('#', 2);
      const path = decodeURIComponent(pathPart.split('?')[0]!);
      const where = { file: relative(root, file), line, target };
      if (path.startsWith('/')) {
        broken.push({ ...where, reason: 'an absolute path: write it relative to the file' });
        continue;
      }
      const resolved = path ? resolve(dirname(file), path) : file;
      if (!existsSync(resolved) || !statSync(resolved).isFile()) {
        broken.push({ ...where, reason: `no file ${relative(root, resolved)}` });
        continue;
      }
      if (fragment && resolved.endsWith('.md') && !anchorsOf(resolved).has(decodeURIComponent(fragment))) {
        broken.push({ ...where, reason: `no heading #${fragment} in ${relative(root, resolved)}` });
      }
    }
  }
  return broken;
}
