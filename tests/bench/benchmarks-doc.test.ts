// docs/benchmarks.md is written by `npm run bench`: each section's part carries its figures with goal and verdict,
// the machine, the load and the commit; a run replaces only the parts it measured.
import { describe, expect, it } from 'vitest';
import { readParts, renderBenchmarksDoc, type RunInfo } from '../../bench/lib/docs';
import { figureRow, type SectionReport } from '../../bench/lib/report';

const run = (over: Partial<RunInfo> = {}): RunInfo => ({
  at: '2026-11-27T18:40:00.000Z',
  commit: 'abc1234',
  dirty: false,
  cpus: 2,
  cpuModel: 'AMD EPYC 7B13',
  memoryGb: 24,
  node: 'v20.20.0',
  loadAverage: 1.1,
  ...over,
});

const report = (section: string, value: number, status: SectionReport['status'] = 'ok'): SectionReport => ({
  section,
  at: '2026-11-27T18:40:00.000Z',
  status,
  tables: [
    {
      title: 'a | table',
      columns: ['figure', 'value', 'goal', ''],
      rows: [figureRow('p99', value, 'ms', { op: '<=', limit: 50, unit: 'ms' }), figureRow('rate', 10, '/s')],
    },
  ],
  notes: ['one note', 'took 3 s'],
  data: {},
});

describe('docs/benchmarks.md', () => {
  it('writes a part per section with the figures, goals, verdicts, machine, load and commit', () => {
    const doc = renderBenchmarksDoc('', [{ report: report('bundle', 42), run: run() }]);
    const part = readParts(doc).get('bundle')!;
    expect(part).toContain('## bundle');
    expect(part).toContain('| p99 | 42 ms | ≤ 50 ms | PASS |');
    expect(part).toContain('| figure | value | goal | verdict |');
    expect(part).toContain('**a \\| table**');
    expect(part).toContain('commit `abc1234`');
    expect(part).toContain('2× AMD EPYC 7B13');
    expect(part).toContain('load average 1.10 (0.55 per core)');
    expect(part).toContain('- one note');
    expect(doc).toContain(
      '| [bundle](#bundle) | 2026-11-27 | `abc1234` | 1.10 on 2 cores | 1 PASS, 0 MISS |',
    );
    // Every section has its heading, so links to its anchor hold before it is first measured.
    for (const s of ['lighthouse', 'api', 'realtime', 'lists', 'cluster', 'preview', 'analytics'])
      expect(readParts(doc).get(s)).toContain(`## ${s}\n\nNot measured yet: \`npm run bench -- ${s}\``);
  });

  it('says when the machine was busy and the tree had uncommitted changes', () => {
    const doc = renderBenchmarksDoc('', [
      { report: report('api', 80), run: run({ loadAverage: 3.5, dirty: true }) },
    ]);
    const part = readParts(doc).get('api')!;
    expect(part).toContain('with uncommitted changes');
    expect(part).toContain('1.75 per core: busy, timings pessimistic');
    expect(part).toContain('| p99 | 80 ms | ≤ 50 ms | MISS |');
    expect(doc).toContain('`abc1234+`');
  });

  it('replaces the parts it measured and keeps the others', () => {
    const first = renderBenchmarksDoc('', [
      { report: report('bundle', 42), run: run() },
      { report: report('api', 45), run: run() },
    ]);
    const second = renderBenchmarksDoc(first, [
      { report: report('api', 60), run: run({ commit: 'def5678' }) },
    ]);
    expect(readParts(second).get('bundle')).toBe(readParts(first).get('bundle'));
    expect(readParts(second).get('api')).toContain('| p99 | 60 ms | ≤ 50 ms | MISS |');
    expect(readParts(second).get('api')).toContain('`def5678`');
    expect(second.match(/## api/g)).toHaveLength(1);
  });

  it('keeps the last good figures when a section is skipped or crashes, and says why when there are none', () => {
    const first = renderBenchmarksDoc('', [{ report: report('cluster', 10), run: run() }]);
    const skipped = { ...report('cluster', 0, 'skipped'), tables: [], notes: ['needs root\nmore'] };
    const kept = renderBenchmarksDoc(first, [{ report: skipped, run: run({ commit: 'def5678' }) }]);
    expect(readParts(kept).get('cluster')).toBe(readParts(first).get('cluster'));
    const fresh = renderBenchmarksDoc('', [{ report: skipped, run: run() }]);
    expect(readParts(fresh).get('cluster')).toContain('Not measured yet (skipped: needs root)');
  });
});
