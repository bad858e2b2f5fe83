import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Reporter } from 'vitest/node';
import {
  computeMachineFigures,
  formatMachineFigures,
  PROJECT_ROOT,
  saveMachineFigures,
} from './flow-figures';
import { COVERAGE_DIR_ENV, type CoverageRecord, type InventoryRecord } from './machine-coverage-store';

/**
 * Prints the figures of the model-based machine tests once every test file is done: machines, states,
 * transitions, transitions the generated paths took, and paths. The inventory comes from
 * tests/machines/all-machines.test.ts, the coverage from tests/machines/coverage.ts (through the store).
 * The figures are also saved (flow-figures.ts) for the Playwright summary, which prints them again at the very end
 * of `npm test`.
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
    const records = readdirSync(this.dir)
      .filter((f) => f.startsWith('coverage-'))
      .map((name) => JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as CoverageRecord);
    const figures = computeMachineFigures(inventory, records);
    for (const line of formatMachineFigures(figures)) console.log(line);
    saveMachineFigures(PROJECT_ROOT, figures);
  }
}
