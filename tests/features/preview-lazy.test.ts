// The viewer stays out of every first visit (docs/features.md "File preview"): nothing outside
// src/ui/preview imports its modules or its libraries statically, and inside it the entry point reaches the
// viewer only through import(). pdf.js runs with no eval path at all: its shipped builds contain neither
// `eval(` nor `new Function(`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const HEAVY = /^(pdfjs-dist|mammoth|dompurify)(\/|$)/;
const VIEWER_MODULES = /\/preview\/(viewer|pdf-view|docx-view|image-view)(\.tsx?)?$/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

/** The specifiers a module imports statically (`import … from 'x'`, `import 'x'`, `export … from 'x'`). */
function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm))
    found.push(m[1]!);
  return found;
}

describe('the file viewer is a lazy chunk', () => {
  const files = sources(join(ROOT, 'src'));
  const preview = join(ROOT, 'src/ui/preview');

  it('finds the modules it checks (the scan sees imports at all)', () => {
    const useSites = files.filter((f) =>
      staticImports(readFileSync(f, 'utf8')).some((s) => s.endsWith('/preview/use-preview')),
    );
    expect(useSites.map((f) => relative(ROOT, f)).sort()).toEqual([
      'src/features/chat/message-item.tsx',
      'src/features/orders/files-tab.tsx',
      'src/features/orders/reworks-tab.tsx',
    ]);
  });

  it('no module outside src/ui/preview imports the viewer or its libraries statically', () => {
    const offenders = files
      .filter((f) => !f.startsWith(preview))
      .flatMap((f) =>
        staticImports(readFileSync(f, 'utf8'))
          .filter((s) => HEAVY.test(s) || VIEWER_MODULES.test(s))
          .map((s) => `${relative(ROOT, f)}: ${s}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the entry point (use-preview, strings) reaches the viewer through import() only', () => {
    for (const name of ['use-preview.tsx', 'strings.ts']) {
      const code = readFileSync(join(preview, name), 'utf8');
      expect(staticImports(code).filter((s) => HEAVY.test(s) || VIEWER_MODULES.test(s))).toEqual([]);
    }
    expect(readFileSync(join(preview, 'use-preview.tsx'), 'utf8')).toContain("import('./viewer')");
  });

  it('the viewer loads pdf.js and mammoth through import() in their own modules', () => {
    const viewer = staticImports(readFileSync(join(preview, 'viewer.tsx'), 'utf8'));
    expect(viewer.filter((s) => HEAVY.test(s) || /pdf-view|docx-view/.test(s))).toEqual([]);
    expect(staticImports(readFileSync(join(preview, 'docx-view.tsx'), 'utf8'))).not.toContain('mammoth');
  });
});

describe('pdf.js has no eval path', () => {
  it.each(['build/pdf.min.mjs', 'build/pdf.worker.min.mjs'])('%s has no eval( nor new Function(', (file) => {
    const code = readFileSync(join(ROOT, 'node_modules/pdfjs-dist', file), 'utf8');
    expect(code.length).toBeGreaterThan(100_000);
    expect(code.match(/\bnew Function\(|\beval\(/g) ?? []).toEqual([]);
  });
  it('is the current major (6)', () => {
    const { version } = JSON.parse(
      readFileSync(join(ROOT, 'node_modules/pdfjs-dist/package.json'), 'utf8'),
    ) as {
      version: string;
    };
    expect(version.split('.')[0]).toBe('6');
  });
});
