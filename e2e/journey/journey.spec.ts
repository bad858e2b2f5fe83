// The customer's journey model (journey.machine.ts) driving the real app: every generated path is one test,
// named by its steps; after every step the page must look like the state the model predicts.
import { expect, test } from '../support/fixtures';
import { assertions, executors } from './driver';
import { generatePaths, transitionsWalked } from './paths';

const { paths, transitions, initial } = generatePaths();

test.describe('customer journey (model-based)', () => {
  test('the generated paths walk every transition of the journey model', () => {
    const walked = new Set(paths.flatMap((p) => transitionsWalked(p.steps, initial)));
    expect([...transitions].filter((t) => !walked.has(t))).toEqual([]);
    for (const state of new Set(paths.flatMap((p) => p.steps.map((s) => s.state)))) {
      expect(assertions[state], `an assertion for ${state}`).toBeDefined();
    }
  });

  for (const path of paths) {
    test(path.name, async ({ page, request, customer }) => {
      test.setTimeout(30_000 + path.steps.length * 10_000);
      const world = { page, request, customer };
      await test.step(`start: ${initial}`, async () => {
        await page.goto('/');
        await assertions[initial]!(world, { returnTo: null });
      });
      for (const [i, step] of path.steps.entries()) {
        await test.step(`${i + 1}. ${step.event.type} → ${step.state}`, async () => {
          await executors[step.event.type](world);
          await assertions[step.state]!(world, step.context);
        });
      }
    });
  }
});
