import type { FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import {
  formatClosingBlock,
  JOURNEY_MODEL,
  JOURNEY_PATH,
  PROJECT_ROOT,
  readMachineFigures,
  type JourneyFigures,
} from '../../tests/support/flow-figures';
import { SAMPLE_ANNOTATION, type SampleNote } from './sample';

/**
 * Prints the plain closing line CI reads: "e2e: N passed, N failed, N skipped", then the figures of the flows —
 * the machine figures saved by the vitest run (tests/support/machine-figures-reporter.ts) and the journey model's
 * paths run in this one — so they close `npm test`.
 */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  private readonly journey: JourneyFigures = { model: null, planned: 0, passed: 0, failed: 0, skipped: 0 };
  private readonly samples = new Map<string, SampleNote>();

  onBegin(_config: unknown, suite: Suite) {
    for (const test of suite.allTests()) {
      if (test.annotations.some((a) => a.type === JOURNEY_PATH)) this.journey.planned++;
      const model = test.annotations.find((a) => a.type === JOURNEY_MODEL);
      if (model?.description) this.journey.model = JSON.parse(model.description) as JourneyFigures['model'];
      for (const a of test.annotations.filter((a) => a.type === SAMPLE_ANNOTATION && a.description)) {
        const note = JSON.parse(a.description!) as SampleNote;
        this.samples.set(note.set, note);
      }
    }
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const isPath = test.annotations.some((a) => a.type === JOURNEY_PATH);
    if (result.status === 'skipped') {
      this.skipped++;
      if (isPath) this.journey.skipped++;
    } else if (test.outcome() === 'flaky' || result.status === 'passed') {
      if (result.status === 'passed') {
        this.passed++;
        if (isPath) this.journey.passed++;
      }
    } else if (result.retry === test.retries) {
      this.failed++;
      if (isPath) this.journey.failed++;
    }
  }

  onEnd(_result: FullResult) {
    console.log(`e2e: ${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped`);
    for (const line of formatClosingBlock(readMachineFigures(PROJECT_ROOT), this.journey)) console.log(line);
    const notes = [...this.samples.values()];
    if (notes.length) {
      const { seed, mode } = notes[0]!;
      const what = { sample: 'a sample', rest: 'the rest of the sample', all: 'every path' }[mode];
      console.log(
        `sampled sets: ${what}, E2E_SEED=${seed} — ${notes.map((n) => `${n.set} ${n.run} of ${n.of}`).join(', ')}`,
      );
      if (mode !== 'all')
        console.log(
          `  the same again: E2E_SEED=${seed} npx playwright test; the rest: E2E_SEED=${seed} E2E_SAMPLE=rest …; ` +
            'every path: E2E_SAMPLE=all … (.ci/run runs the rest after npm test)',
        );
    }
  }
}
