// The figures of the model-based tests, as plain data and text (no vitest, no Playwright here): the vitest reporter
// (machine-figures-reporter.ts) computes the machine figures and saves them to FIGURES_FILE; the Playwright
// summary reporter (e2e/support/summary-reporter.ts), which closes `npm test`, reads them back and prints them with
// the figures of the journey, so the whole picture is the last thing on the screen.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CoverageRecord, InventoryRecord } from './machine-coverage-store';

/** Outside Playwright's output dir (cleared at its start) and ignored by git, prettier and eslint. */
export const FIGURES_FILE = join('node_modules', '.cache', 'cabinet', 'machine-figures.json');

/** The project root (both reporters load this file from tests/support). */
export const PROJECT_ROOT = join(import.meta.dirname, '..', '..');

/** Figures older than this are called stale (npm test runs vitest, the build and Playwright within minutes). */
export const STALE_AFTER_MS = 60 * 60 * 1000;

export interface MachineFigures {
  machines: number;
  states: number;
  transitions: number;
  covered: number;
  paths: number;
  /** Machines whose path tests were not part of the run (their transitions count as not covered). */
  notRun: string[];
  /** `file: transition` for every transition no path took. */
  gaps: string[];
}

export interface SavedMachineFigures extends MachineFigures {
  /** The project root the run was made in (several checkouts may share one node_modules). */
  root: string;
  /** When vitest finished, ms since the epoch. */
  writtenAt: number;
}

export function computeMachineFigures(inventory: InventoryRecord, records: CoverageRecord[]): MachineFigures {
  const taken = new Map<string, Set<string>>();
  const paths = new Map<string, number>();
  for (const record of records) {
    const set = taken.get(record.fingerprint) ?? new Set<string>();
    for (const key of record.taken) set.add(key);
    taken.set(record.fingerprint, set);
    paths.set(record.fingerprint, (paths.get(record.fingerprint) ?? 0) + record.paths);
  }
  const figures: MachineFigures = {
    machines: inventory.machines.length,
    states: 0,
    transitions: 0,
    covered: 0,
    paths: 0,
    notRun: [],
    gaps: [],
  };
  for (const m of inventory.machines) {
    const keys = Object.keys(m.transitions);
    const took = taken.get(m.fingerprint);
    figures.states += m.states;
    figures.transitions += keys.length;
    figures.paths += paths.get(m.fingerprint) ?? 0;
    if (!took) {
      figures.notRun.push(m.file);
      continue;
    }
    const missing = keys.filter((k) => !took.has(k));
    figures.covered += keys.length - missing.length;
    for (const k of missing) figures.gaps.push(`${m.file}: ${m.transitions[k]}`);
  }
  return figures;
}

export function formatMachineFigures(f: MachineFigures): string[] {
  const lines = [
    `machines: ${f.machines} machines, ${f.states} states, ${f.transitions} transitions, ` +
      `${f.covered} transitions covered by ${f.paths} generated paths`,
  ];
  if (f.notRun.length)
    lines.push(`machines: the path tests of ${f.notRun.length} machines were not part of this run`);
  if (f.gaps.length) lines.push(`machines: transitions no path took:`, ...f.gaps.map((g) => `  ${g}`));
  return lines;
}

export function saveMachineFigures(root: string, figures: MachineFigures, now = Date.now()) {
  const file = join(root, FIGURES_FILE);
  mkdirSync(dirname(file), { recursive: true });
  const saved: SavedMachineFigures = { ...figures, root, writtenAt: now };
  writeFileSync(file, JSON.stringify(saved, null, 2));
}

export type ReadFigures =
  | { kind: 'absent' }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'found'; figures: SavedMachineFigures; stale: string | null };

/**
 * The machine figures of the last vitest run of this project root. `stale` says why they may not describe the
 * code being tested: made in another checkout, or too long ago.
 */
export function readMachineFigures(root: string, now = Date.now()): ReadFigures {
  const file = join(root, FIGURES_FILE);
  if (!existsSync(file)) return { kind: 'absent' };
  let figures: SavedMachineFigures;
  try {
    figures = JSON.parse(readFileSync(file, 'utf8')) as SavedMachineFigures;
    if (typeof figures.writtenAt !== 'number' || typeof figures.machines !== 'number')
      return { kind: 'unreadable', reason: 'not the figures of a machine run' };
  } catch (e) {
    return { kind: 'unreadable', reason: (e as Error).message };
  }
  let stale: string | null = null;
  if (figures.root !== root) stale = `made in ${figures.root}`;
  else if (now - figures.writtenAt > STALE_AFTER_MS) stale = `made ${age(now - figures.writtenAt)} ago`;
  return { kind: 'found', figures, stale };
}

function age(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

/** The annotation e2e/journey/journey.spec.ts puts on every generated path test. */
export const JOURNEY_PATH = 'journey path';
/** The annotation on the journey's own check: the model's figures (JourneyFigures['model']) as JSON. */
export const JOURNEY_MODEL = 'journey model';

export interface JourneyFigures {
  /** From the journey spec's own check; null when journey.spec.ts was not part of the run. */
  model: {
    states: number;
    transitions: number;
    walked: number;
    /** How many paths the model generates (a run may take a sample of them: e2e/support/sample.ts). */
    paths?: number;
    /** The rows of the error catalogue (spec point 8) the generated paths walk, and those the model lacks. */
    catalogue?: { rows: number; walked: number; notWalked: string[] };
  } | null;
  planned: number;
  passed: number;
  failed: number;
  skipped: number;
}

/** The closing block of `npm test`: the machine figures of the vitest run and the journey figures of this run. */
export function formatClosingBlock(
  machines: ReadFigures,
  journey: JourneyFigures,
  now = Date.now(),
): string[] {
  const lines = ['── flows ──'];
  if (machines.kind === 'absent')
    lines.push('machines: no figures — the machine path tests (npx vitest run tests/machines) did not run');
  else if (machines.kind === 'unreadable')
    lines.push(`machines: the saved figures cannot be read (${machines.reason})`);
  else {
    const when = `from vitest, ${age(now - machines.figures.writtenAt)} ago`;
    lines.push(...formatMachineFigures(machines.figures).map((l, i) => (i === 0 ? `${l} (${when})` : l)));
    if (machines.stale)
      lines.push(`machines: these figures are stale (${machines.stale}); run npx vitest run tests/machines`);
  }
  if (journey.model)
    lines.push(
      `journey: ${journey.model.states} states, ${journey.model.transitions} transitions, ` +
        `${journey.model.walked} walked by ${journey.model.paths ?? journey.planned} generated paths`,
    );
  const catalogue = journey.model?.catalogue;
  if (catalogue)
    lines.push(
      `journey: error catalogue (spec 8) — ${catalogue.walked} of ${catalogue.rows} rows walked` +
        (catalogue.notWalked.length ? `; not in the model: ${catalogue.notWalked.join(', ')}` : ''),
    );
  if (journey.planned === 0) lines.push('journey: no journey paths in this run');
  else
    lines.push(
      `journey: ${journey.planned} paths run in Chromium — ${journey.passed} passed, ${journey.failed} failed` +
        (journey.skipped ? `, ${journey.skipped} skipped` : ''),
    );
  return lines;
}
