// docs/machines/ is generated from the machine definitions; a chart change without regenerating fails here.
import { describe, expect, it } from 'vitest';
import { readCommitted, renderAll } from '../../scripts/machine-docs';

const HINT = 'docs/machines is stale: run npx tsx scripts/machine-docs.ts';

describe('docs/machines', () => {
  it('matches the machine definitions', async () => {
    const generated = await renderAll();
    const committed = readCommitted();
    expect([...committed.keys()].sort(), HINT).toEqual([...generated.keys()].sort());
    for (const [path, content] of generated) {
      expect(committed.get(path), `${path}: ${HINT}`).toBe(content);
    }
  });

  it('draws every machine with its states and transitions', async () => {
    for (const [path, content] of await renderAll()) {
      if (path.endsWith('README.md')) continue;
      expect(content, path).toMatch(/```mermaid\nstateDiagram-v2\n/);
      expect(content, path).toMatch(/\| Event +\| From +\| To +\| Guard +\| Actions +\| Description +\|/);
    }
  });
});
