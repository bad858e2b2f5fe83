// The channel between the machine tests (each in its own worker) and the figures printed at the end of the run:
// tests/machines/coverage.ts records, per machine, the transitions of its chart, those the replayed paths took and
// how many paths it replayed; tests/support/machine-figures-reporter.ts reads the records once every file is done.
// Without the reporter (no MACHINE_COVERAGE_DIR) nothing is written.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const COVERAGE_DIR_ENV = 'MACHINE_COVERAGE_DIR';

/**
 * Which machine a record is about. Several machines keep XState's default id '(machine)', so the id alone is not
 * enough: the fingerprint adds the keys of the chart's transitions (state ids + events), which differ per chart.
 */
export function machineFingerprint(id: string, transitionKeys: Iterable<string>): string {
  const hash = createHash('sha1');
  hash.update(id);
  for (const key of [...transitionKeys].sort()) hash.update(`\n${key}`);
  return hash.digest('hex').slice(0, 16);
}

export interface CoverageRecord {
  fingerprint: string;
  machine: string;
  transitions: string[];
  taken: string[];
  paths: number;
}

export interface InventoryRecord {
  machines: {
    id: string;
    fingerprint: string;
    file: string;
    states: number;
    transitions: Record<string, string>;
  }[];
}

interface Tally {
  machine: string;
  transitions: Set<string>;
  taken: Set<string>;
  paths: number;
}

// Per test file (vitest gives every file its own module registry): all coverage objects of one machine add up.
const tallies = new Map<string, Tally>();
const dirty = new Set<string>();
/** The fingerprint of a machine and its transitions, by the transitions' joined keys (hashed once, not per path). */
const fingerprints = new Map<string, string>();
const fileKey = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

function tally(machine: string, keys: Iterable<string>): [string, Tally] {
  const transitions = [...keys];
  const joined = `${machine}\n${transitions.join('\n')}`;
  let fingerprint = fingerprints.get(joined);
  if (!fingerprint) fingerprints.set(joined, (fingerprint = machineFingerprint(machine, transitions)));
  let t = tallies.get(fingerprint);
  if (!t)
    tallies.set(
      fingerprint,
      (t = { machine, transitions: new Set(transitions), taken: new Set(), paths: 0 }),
    );
  return [fingerprint, t];
}

function dir(): string | null {
  const d = process.env[COVERAGE_DIR_ENV];
  if (!d) return null;
  mkdirSync(d, { recursive: true });
  return d;
}

/** One replayed path and the transitions it took (kept in memory; flushReplays() writes them). */
export function recordReplay(machine: string, transitions: Iterable<string>, taken: Iterable<string>) {
  const [fingerprint, t] = tally(machine, transitions);
  t.paths++;
  for (const key of taken) t.taken.add(key);
  dirty.add(fingerprint);
}

/**
 * Writes the records of the machines replayed since the last flush: once per test file (describeModel's afterAll),
 * not once per path — a model with thousands of paths spent a third of its time rewriting its record.
 */
export function flushReplays() {
  const d = dir();
  for (const fingerprint of dirty) {
    const t = tallies.get(fingerprint)!;
    if (!d) continue;
    const record: CoverageRecord = {
      fingerprint,
      machine: t.machine,
      transitions: [...t.transitions],
      taken: [...t.taken].filter((k) => t.transitions.has(k)),
      paths: t.paths,
    };
    writeFileSync(join(d, `coverage-${fingerprint}-${fileKey}.json`), JSON.stringify(record));
  }
  dirty.clear();
}

export function recordInventory(inventory: InventoryRecord) {
  const d = dir();
  if (d) writeFileSync(join(d, 'inventory.json'), JSON.stringify(inventory));
}
