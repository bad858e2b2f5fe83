// docs/scaling.md's capacity model is written from the benches' figures: its inputs table names, for each input,
// the bench figure it comes from. This fails when a bench's figure has drifted more than 2× from what the model
// uses (the model must be written again from the new figure), or when a source can no longer be found.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  drift,
  lookup,
  newest,
  numberOf,
  readInputs,
  sectionsOfBenchmarksDoc,
  sectionsOfResults,
  tablesOf,
} from '../../bench/lib/capacity-inputs';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe("the capacity model's inputs", () => {
  it('are each within 2× of the latest stored figure of the bench they come from', () => {
    const scaling = read('docs/scaling.md');
    const inputs = readInputs(scaling);
    expect(inputs.length, 'docs/scaling.md has no inputs table between its markers').toBeGreaterThanOrEqual(
      8,
    );
    // docs/benchmarks.md is committed; bench/results/latest.json is a local run's (git-ignored), used when newer.
    const results = join(ROOT, 'bench/results/latest.json');
    const sections = newest(
      sectionsOfBenchmarksDoc(read('docs/benchmarks.md')),
      ...(existsSync(results) ? [sectionsOfResults(readFileSync(results, 'utf8'))] : []),
    );
    expect(drift(inputs, sections, scaling)).toEqual([]);
  });
});

describe('the drift check', () => {
  const bench = `<!-- bench:section realtime -->
## realtime

<!-- bench:summary {"at":"2026-11-28T04:00:00.000Z","commit":"abc","load":1,"cpus":2,"pass":1,"miss":0} -->

**PostgreSQL: memory and heartbeat, 10,000 sockets**

| figure | value | goal | verdict |
| --- | ---: | ---: | ---: |
| RSS per socket | 12.5 KB | | |
| peak RSS (both runs) | 1,355 MB | ≤ 800 MB | MISS |

<!-- /bench:section -->`;
  const scaling = `
| size | database | users |
| --- | ---: | ---: |
| 10 000 customers | 0.18 GB | 10 000 |
| 1 000 000 | 15.90 GB | 1 000 000 |

<!-- capacity:inputs -->
| input | value | source |
| --- | ---: | --- |
| memory per socket | 12 KB | \`realtime\` › \`PostgreSQL: memory\` › \`RSS per socket\` |
| database at 1 M customers | 16 GB | \`scaling.md\` › \`size\` › \`1 000 000\` › \`database\` |
<!-- /capacity:inputs -->
`;
  const sections = sectionsOfBenchmarksDoc(bench);

  it('reads numbers with separators and units', () => {
    expect(numberOf('1,355 ms')).toEqual({ value: 1355, unit: 'ms' });
    expect(numberOf('15.90 GB')).toEqual({ value: 15.9, unit: 'GB' });
    expect(numberOf('1 000 000')).toEqual({ value: 1_000_000, unit: '' });
    expect(numberOf('n/a')).toBeNull();
    expect(tablesOf(bench)[0]!.title).toBe('PostgreSQL: memory and heartbeat, 10,000 sockets');
  });

  it('finds both kinds of source and passes figures within 2×', () => {
    const inputs = readInputs(scaling);
    expect(inputs.map((i) => [i.name, i.value, i.unit])).toEqual([
      ['memory per socket', 12, 'KB'],
      ['database at 1 M customers', 16, 'GB'],
    ]);
    expect(lookup(inputs[0]!.source, sections, scaling)).toMatchObject({ value: 12.5, unit: 'KB' });
    expect(drift(inputs, sections, scaling)).toEqual([]);
  });

  it('fails on a figure that moved more than 2×, a changed unit, or a source gone', () => {
    const moved = scaling.replace('| 12 KB |', '| 5 KB |').replace('| 16 GB |', '| 16 MB |');
    const problems = drift(readInputs(moved), sections, moved);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/uses 5 KB, the bench now says 12.5 KB \(2.50×\)/);
    expect(problems[1]).toMatch(/the model says MB, the source GB/);

    const gone = scaling.replace('`RSS per socket`', '`RSS per tab`');
    expect(drift(readInputs(gone), sections, gone)[0]).toMatch(/no row "RSS per tab"/);
    expect(drift(readInputs(scaling), new Map(), scaling)[0]).toMatch(
      /no figures of the bench section "realtime"/,
    );
  });

  it('takes the newer of two stores', () => {
    const older = new Map([['realtime', { at: '2026-11-27T00:00:00.000Z', tables: [] }]]);
    expect(newest(sections, older).get('realtime')!.at).toBe('2026-11-28T04:00:00.000Z');
    expect(newest(older, sections).get('realtime')!.at).toBe('2026-11-28T04:00:00.000Z');
  });
});
