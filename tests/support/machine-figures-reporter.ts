import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Reporter } from 'vitest/node';
import { COVERAGE_DIR_ENV, type CoverageRecord, type InventoryRecord } from './machine-coverage-store';

/**
 * Prints the figures of the model-based machine tests once every test file is done: machines, states,
 * transitions, transitions the generated paths took, and paths. The inventory comes from
 * tests/machines/all-machines.test.ts, the coverage from tests/machines/coverage.ts (through the store).
 */
export default class MachineFiguresReporter implements Reporter {
  private readonly dir = mkdtempSync(join(tmpdir(), 'machine-coverage-'));

  constructor() {
    // Set before the pool starts, so every test worker inherits it.
    process.env[COVERAGE_DIR_ENV] = this.dir;
  }

  onTestRunEnd() {
    try {
      this.print();
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }

  private print() {
    const inventoryFile = join(this.dir, 'inventory.json');
    if (!existsSync(inventoryFile)) return; // the machine tests were not part of this run
    const inventory = JSON.parse(readFileSync(inventoryFile, 'utf8')) as InventoryRecord;
    const taken = new Map<string, Set<string>>();
    const paths = new Map<string, number>();
    for (const name of readdirSync(this.dir).filter((f) => f.startsWith('coverage-'))) {
      const record = JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as CoverageRecord;
      const set = taken.get(record.fingerprint) ?? new Set<string>();
      for (const key of record.taken) set.add(key);
      taken.set(record.fingerprint, set);
      paths.set(record.fingerprint, (paths.get(record.fingerprint) ?? 0) + record.paths);
    }

    let states = 0;
    let transitions = 0;
    let covered = 0;
    let pathCount = 0;
    const gaps: string[] = [];
    const notRun: string[] = [];
    for (const m of inventory.machines) {
      const keys = Object.keys(m.transitions);
      const took = taken.get(m.fingerprint);
      states += m.states;
      transitions += keys.length;
      pathCount += paths.get(m.fingerprint) ?? 0;
      if (!took) {
        notRun.push(m.file);
        continue;
      }
      const missing = keys.filter((k) => !took.has(k));
      covered += keys.length - missing.length;
      for (const k of missing) gaps.push(`  ${m.file}: ${m.transitions[k]}`);
    }
    console.log(
      `machines: ${inventory.machines.length} machines, ${states} states, ${transitions} transitions, ` +
        `${covered} transitions covered by ${pathCount} generated paths`,
    );
    if (notRun.length)
      console.log(`machines: the path tests of ${notRun.length} machines were not part of this run`);
    if (gaps.length) console.log(`machines: transitions no path took:\n${gaps.join('\n')}`);
  }
}
