// The figures that close `npm test`: computed from the machine coverage records, saved by the vitest reporter,
// read back by the Playwright summary, and printed with the journey's figures.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  computeMachineFigures,
  FIGURES_FILE,
  formatClosingBlock,
  readMachineFigures,
  saveMachineFigures,
  STALE_AFTER_MS,
  type JourneyFigures,
} from './flow-figures';
import type { CoverageRecord, InventoryRecord } from './machine-coverage-store';

const inventory: InventoryRecord = {
  machines: [
    {
      id: 'a',
      fingerprint: 'fa',
      file: 'machines/a/a.machine.ts',
      states: 3,
      transitions: { t1: '#a.idle on "GO" → #a.busy', t2: '#a.busy on "DONE" → #a.idle' },
    },
    {
      id: 'b',
      fingerprint: 'fb',
      file: 'machines/b/b.machine.ts',
      states: 2,
      transitions: { u1: '#b.x on "Y" → #b.y' },
    },
  ],
};
const record = (fingerprint: string, taken: string[], paths: number): CoverageRecord => ({
  fingerprint,
  machine: fingerprint,
  transitions: [],
  taken,
  paths,
});

const journey: JourneyFigures = {
  model: { states: 21, transitions: 44, walked: 44 },
  planned: 30,
  passed: 29,
  failed: 1,
  skipped: 0,
};

const dirs: string[] = [];
const tempRoot = () => {
  const d = mkdtempSync(join(tmpdir(), 'flow-figures-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('machine figures', () => {
  it('add up the records of every test file and name the transitions no path took', () => {
    const f = computeMachineFigures(inventory, [
      record('fa', ['t1'], 2),
      record('fa', ['t1'], 1),
      record('fb', ['u1'], 4),
    ]);
    expect(f).toMatchObject({ machines: 2, states: 5, transitions: 3, covered: 2, paths: 7, notRun: [] });
    expect(f.gaps).toEqual(['machines/a/a.machine.ts: #a.busy on "DONE" → #a.idle']);
  });

  it('count a machine whose path test did not run as not run, not as gaps', () => {
    const f = computeMachineFigures(inventory, [record('fa', ['t1', 't2'], 3)]);
    expect(f).toMatchObject({ covered: 2, paths: 3, notRun: ['machines/b/b.machine.ts'], gaps: [] });
  });
});

describe('the closing block of npm test', () => {
  it('prints the saved machine figures and the journey figures', () => {
    const root = tempRoot();
    const now = 1_000_000_000_000;
    saveMachineFigures(
      root,
      computeMachineFigures(inventory, [record('fa', ['t1', 't2'], 5), record('fb', ['u1'], 1)]),
      now - 3 * 60_000,
    );
    const lines = formatClosingBlock(readMachineFigures(root, now), journey, now);
    expect(lines).toEqual([
      '── flows ──',
      'machines: 2 machines, 5 states, 3 transitions, 3 transitions covered by 6 generated paths (from vitest, 3 min ago)',
      'journey: 21 states, 44 transitions, 44 walked by 30 generated paths',
      'journey: 30 paths run in Chromium — 29 passed, 1 failed',
    ]);
  });

  it('prints which rows of the error catalogue the journey walks', () => {
    const withRows = (notWalked: string[]) => ({
      ...journey,
      model: { ...journey.model!, catalogue: { rows: 12, walked: 12 - notWalked.length, notWalked } },
    });
    const some = formatClosingBlock(
      readMachineFigures(tempRoot()),
      withRows(['Delete or restore order fails']),
    );
    expect(some[3]).toBe(
      'journey: error catalogue (spec 8) — 11 of 12 rows walked; not in the model: Delete or restore order fails',
    );
    const all = formatClosingBlock(readMachineFigures(tempRoot()), withRows([]));
    expect(all[3]).toBe('journey: error catalogue (spec 8) — 12 of 12 rows walked');
  });

  it('names the paths the model generates when the run takes a sample of them', () => {
    const sampled = {
      ...journey,
      model: { ...journey.model!, paths: 49 },
      planned: 12,
      passed: 12,
      failed: 0,
    };
    expect(formatClosingBlock(readMachineFigures(tempRoot()), sampled).slice(2)).toEqual([
      'journey: 21 states, 44 transitions, 44 walked by 49 generated paths',
      'journey: 12 paths run in Chromium — 12 passed, 0 failed',
    ]);
  });

  it('says so when vitest did not run', () => {
    const lines = formatClosingBlock(readMachineFigures(tempRoot()), { ...journey, failed: 0, passed: 30 });
    expect(lines[1]).toMatch(/^machines: no figures — the machine path tests .* did not run$/);
  });

  it('calls old figures, or figures of another checkout, stale', () => {
    const root = tempRoot();
    const now = 2_000_000_000_000;
    saveMachineFigures(root, computeMachineFigures(inventory, []), now - STALE_AFTER_MS - 60_000);
    const old = formatClosingBlock(readMachineFigures(root, now), journey, now);
    expect(old).toContain('machines: the path tests of 2 machines were not part of this run');
    expect(old.some((l) => /^machines: these figures are stale \(made 61 min ago\)/.test(l))).toBe(true);

    const other = tempRoot();
    saveMachineFigures(other, computeMachineFigures(inventory, []), now);
    mkdirSync(dirname(join(root, FIGURES_FILE)), { recursive: true });
    writeFileSync(join(root, FIGURES_FILE), JSON.stringify({ ...readFound(other), root: '/elsewhere' }));
    const moved = readMachineFigures(root, now);
    expect(moved.kind === 'found' && moved.stale).toBe('made in /elsewhere');
  });

  it('says when the saved file is not figures', () => {
    const root = tempRoot();
    mkdirSync(dirname(join(root, FIGURES_FILE)), { recursive: true });
    writeFileSync(join(root, FIGURES_FILE), '{"truncated":');
    expect(formatClosingBlock(readMachineFigures(root), journey)[1]).toMatch(
      /^machines: the saved figures cannot be read/,
    );
  });

  it('says when no journey path was part of the run', () => {
    const lines = formatClosingBlock(
      { kind: 'absent' },
      { model: null, planned: 0, passed: 0, failed: 0, skipped: 0 },
    );
    expect(lines.at(-1)).toBe('journey: no journey paths in this run');
  });
});

function readFound(root: string) {
  const r = readMachineFigures(root);
  if (r.kind !== 'found') throw new Error(`expected saved figures, got ${r.kind}`);
  return r.figures;
}
