// The README is a front door (≤ 200 lines), and every relative link in it and in docs/ leads somewhere.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, brokenLinks, links, markdownFiles, slug } from './markdown-links';

const ROOT = resolve(import.meta.dirname, '../..');

describe('the documentation', () => {
  it('keeps the README at 200 lines or fewer', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines, 'README.md is the front door: move detail into docs/').toBeLessThanOrEqual(200);
  });

  it('has no broken relative link or anchor in README.md and docs/**/*.md', () => {
    const files = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];
    expect(files.length).toBeGreaterThan(5);
    const broken = brokenLinks(files, ROOT).map((b) => `${b.file}:${b.line} (${b.target}): ${b.reason}`);
    expect(broken).toEqual([]);
  });
});

describe('the link checker', () => {
  it('makes the anchors GitHub makes', () => {
    expect(slug('Proving it: `npm run e2e:cluster`')).toBe('proving-it-npm-run-e2ecluster');
    expect(slug('Design system (`src/ui`)')).toBe('design-system-srcui');
    expect(slug('Choices where the spec says "not shown"')).toBe('choices-where-the-spec-says-not-shown');
    expect(slug('«Мои данные» и закрытие')).toBe('мои-данные-и-закрытие');
    expect(slug('See [the docs](x.md) now')).toBe('see-the-docs-now');
    expect([...anchors('# A\n## A\n```\n# not a heading\n```\n### B c')]).toEqual(['a', 'a-1', 'b-c']);
  });

  it('reads links outside code only', () => {
    const md =
      'see [a](a.md#x) and ![img](i.png "t")\n`[not](code.md)`\n```\n[no](fence.md)\n```\n[b](<b.md>)';
    expect(links(md)).toEqual([
      { line: 1, target: 'a.md#x' },
      { line: 1, target: 'i.png' },
      { line: 6, target: 'b.md' },
    ]);
  });

  it('reports a missing file, a missing heading and an absolute path, and passes good links', () => {
    const dir = mkdtempSync(join(tmpdir(), 'links-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs/b.md'), '# Title\n\n## Second part\n');
    writeFileSync(
      join(dir, 'README.md'),
      [
        '[ok](docs/b.md) [ok](docs/b.md#second-part) [ok](#top) [web](https://example.com/x.md)',
        '[gone](docs/none.md) [bad anchor](docs/b.md#third) [abs](/docs/b.md)',
        '# Top',
      ].join('\n'),
    );
    const found = brokenLinks([join(dir, 'README.md'), join(dir, 'docs/b.md')], dir);
    expect(found.map((b) => [b.line, b.target, b.reason])).toEqual([
      [2, 'docs/none.md', 'no file docs/none.md'],
      [2, 'docs/b.md#third', 'no heading #third in docs/b.md'],
      [2, '/docs/b.md', 'an absolute path: write it relative to the file'],
    ]);
  });
});
