// The customer's journey model (journey.machine.ts) driving the real app: every generated path is one test,
// named by its steps; after every step the page must look like the state the model predicts. `npm test` runs a
// sample of the paths (e2e/support/sample.ts), `.ci/run` the rest of them too.
import { JOURNEY_MODEL, JOURNEY_PATH } from '../../tests/support/flow-figures';
import { expect, test } from '../support/fixtures';
import { assertions, executors } from './driver';
import { ERROR_CATALOGUE, journeyMachine } from './journey.machine';
import { generatePaths, transitionsWalked } from './paths';
import { sampleAnnotation, sampleOf } from '../support/sample';

/** How many paths `npm test` takes (~2.5 s each); the structural test below checks all of them against the model. */
const JOURNEY_SAMPLE = 12;

const { paths, transitions, initial } = generatePaths();
const walked = new Set(paths.flatMap((p) => transitionsWalked(p.steps, initial)));

/** The model's states a customer can be in (the atomic ones: signedIn.home, signedOut.login, …). */
function atomicStates(node: { states: Record<string, unknown> }): number {
  const children = Object.values(node.states) as { states: Record<string, unknown> }[];
  return children.length ? children.reduce((n, child) => n + atomicStates(child), 0) : 1;
}
const eventsWalked = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
const catalogueRows = Object.entries(ERROR_CATALOGUE);
const notWalked = catalogueRows
  .filter(([, events]) => !events.some((e) => eventsWalked.has(e)))
  .map(([row]) => row);
// Read by e2e/support/summary-reporter.ts for the figures at the end of the run.
const model = {
  states: atomicStates(journeyMachine.root),
  transitions: transitions.size,
  walked: [...transitions].filter((t) => walked.has(t)).length,
  paths: paths.length,
  catalogue: { rows: catalogueRows.length, walked: catalogueRows.length - notWalked.length, notWalked },
};

test.describe('customer journey (model-based)', () => {
  const sampled = sampleOf('journey paths', paths, JOURNEY_SAMPLE);
  const modelNote = {
    annotation: [{ type: JOURNEY_MODEL, description: JSON.stringify(model) }, sampleAnnotation(sampled.note)],
  };
  test('the generated paths walk every transition of the journey model', modelNote, () => {
    expect([...transitions].filter((t) => !walked.has(t))).toEqual([]);
    for (const state of new Set(paths.flatMap((p) => p.steps.map((s) => s.state)))) {
      expect(assertions[state], `an assertion for ${state}`).toBeDefined();
    }
  });

  for (const path of sampled.items) {
    const note = { annotation: { type: JOURNEY_PATH, description: `${path.steps.length} steps` } };
    test(path.name, note, async ({ page, request, customer }) => {
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
