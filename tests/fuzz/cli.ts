// `npm run fuzz -- --seed S --runs N [--row 'KEY']`: the contract fuzzer (tests/fuzz/engine.ts) for longer than
// `npm test` runs it. N is the number of cases in all, spread over the rows; without --seed a random one is taken
// and printed. A failure prints its row, seed and case, and the command that replays it; the exit code is 1.
import { parseArgs } from 'node:util';
import { routes } from '../../server/endpoints';
import { formatReport, runFuzz } from './engine';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    runs: { type: 'string', default: '2000' },
    row: { type: 'string', multiple: true },
    verbose: { type: 'boolean', default: false },
  },
});
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const rows = values.row?.length ? values.row : undefined;
const rowCount = rows?.length ?? routes.length;
const runsPerRow = Math.max(1, Math.ceil(Number(values.runs) / rowCount));
console.log(`contract fuzzer: seed ${seed}, ${runsPerRow} cases per row over ${rowCount} rows`);
const report = await runFuzz({
  seed,
  runsPerRow,
  rows,
  log: (line) => {
    if (values.verbose || line.startsWith('FAIL')) console.log(line);
  },
});
console.log(formatReport(report));
if (report.failures.length) {
  const failedRows = [...new Set(report.failures.map((f) => f.row))];
  console.log(`\nfailed rows (${failedRows.length}); replay one with:`);
  for (const row of failedRows)
    console.log(`  npm run fuzz -- --seed ${seed} --runs ${runsPerRow} --row '${row}'`);
  process.exit(1);
}
process.exit(0);
