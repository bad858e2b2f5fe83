// The contract fuzzer (tests/fuzz/engine.ts) in `npm test`: every row of the endpoint table, a fixed seed and a few
// cases per row (each sent as a customer, as nobody and with the bootstrap staff token — a staff row also with a key
// of each role — plus another customer's ids), against
// the real server on a real socket. `npm run fuzz -- --seed S --runs N` runs it longer (docs/security.md
// "Doors").
import { expect, it } from 'vitest';
import { formatReport, runFuzz } from '../fuzz/engine';
import { routes } from '../../server/endpoints';

const SEED = 20_261_126;
const CASES_PER_ROW = 4;

it(
  'every row of the endpoint table holds against valid and hostile requests',
  async () => {
    const report = await runFuzz({ seed: SEED, runsPerRow: CASES_PER_ROW });
    console.log(formatReport(report));
    expect(
      report.failures.map((f) => `${f.row} as ${f.who} (case ${f.caseIndex}): ${f.problem}\n  ${f.request}`),
    ).toEqual([]);
    expect(report.rows).toBe(routes.length);
    // Each case went out three times (customer, nobody, staff); the answers covered success and refusal both.
    expect(report.requests).toBeGreaterThanOrEqual(routes.length * CASES_PER_ROW * 3);
    expect(Object.keys(report.statuses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
  },
  // The run is bounded (≈ 30–60 s on two shared cores); vitest's default of 20 s is for single requests.
  240_000,
);
