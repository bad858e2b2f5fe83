import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** Prints the plain closing line CI reads: "vitest: N passed, N failed, N skipped". */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let moduleFailures = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') {
          failed++;
          moduleFailures++;
        } else skipped++;
      }
      // A file that fails outside its tests (import error, failing beforeAll) counts as one failure.
      if (mod.state() === 'failed' && moduleFailures === 0) failed++;
    }
    if (unhandledErrors.length > 0) failed += unhandledErrors.length;
    console.log(`vitest: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
