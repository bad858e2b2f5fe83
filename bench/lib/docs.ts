// docs/benchmarks.md, written from the sections' reports: one part per section, each with its machine, load and
// commit. The file is its own store — a run replaces the parts of the sections it measured and keeps the others —
// so the figures never depend on the git-ignored bench/results/ of whoever ran last.
import type { SectionReport, Table } from './report';

/** Where and on what a section ran. */
export interface RunInfo {
  /** ISO time the section finished. */
  at: string;
  /** Short commit hash; `dirty` when the working tree had uncommitted changes. */
  commit: string;
  dirty: boolean;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  /** The higher of the 1-minute load average at the start and at the end of the section. */
  loadAverage: number;
}

export const SECTION_ORDER = [
  'bundle',
  'lighthouse',
  'first-screen',
  'interactions',
  'api',
  'realtime',
  'lists',
  'cluster',
  'preview',
  'analytics',
  'flood',
  'scale',
] as const;

const START = (name: string) => `<!-- bench:section ${name} -->`;
const END = '<!-- /bench:section -->';
const PART = /<!-- bench:section ([a-z-]+) -->\n([\s\S]*?)<!-- \/bench:section -->/g;
const SUMMARY = /<!-- bench:summary (\{.*\}) -->/;

interface Summary {
  at: string;
  commit: string;
  load: number;
  cpus: number;
  pass: number;
  miss: number;
}

/** The parts of an existing docs/benchmarks.md, by section. */
export function readParts(markdown: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const m of markdown.matchAll(PART)) parts.set(m[1]!, m[0]);
  return parts;
}

const cell = (c: string | number | null) =>
  (c === null ? 'n/a' : String(c)).replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function table(t: Table): string {
  const head = t.columns.map((c, i) => (c === '' && i > 0 ? 'verdict' : c));
  return [
    `**${cell(t.title)}**`,
    '',
    `| ${head.map(cell).join(' | ')} |`,
    `| ${head.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...t.rows.map((r) => `| ${head.map((_, i) => cell(r[i] ?? '')).join(' | ')} |`),
  ].join('\n');
}

function verdicts(report: SectionReport): { pass: number; miss: number } {
  const cells = report.tables.flatMap((t) => t.rows.flat());
  return {
    pass: cells.filter((c) => c === 'PASS').length,
    miss: cells.filter((c) => c === 'MISS').length,
  };
}

/** One section's part: its heading, where it ran, its tables and notes, between the markers. */
export function renderPart(report: SectionReport, run: RunInfo): string {
  const { pass, miss } = verdicts(report);
  const summary: Summary = {
    at: run.at,
    commit: run.commit + (run.dirty ? '+' : ''),
    load: run.loadAverage,
    cpus: run.cpus,
    pass,
    miss,
  };
  const perCore = run.loadAverage / run.cpus;
  const where = [
    `Measured ${run.at.slice(0, 16).replace('T', ' ')} UTC on commit \`${run.commit}\``,
    run.dirty ? ' with uncommitted changes' : '',
    ` · ${run.cpus}× ${run.cpuModel}, ${run.memoryGb} GB, Node ${run.node}`,
    ` · load average ${run.loadAverage.toFixed(2)} (${perCore.toFixed(2)} per core${perCore > 0.75 ? ': busy, timings pessimistic' : ''})`,
    ` · ${pass} PASS, ${miss} MISS.`,
  ].join('');
  const notes = report.notes.map((n) => `- ${n.split('\n')[0]}`);
  return [
    START(report.section),
    `## ${report.section}`,
    '',
    `<!-- bench:summary ${JSON.stringify(summary)} -->`,
    '',
    where,
    '',
    ...report.tables.flatMap((t) => [table(t), '']),
    ...(notes.length ? [...notes, ''] : []),
    END,
  ].join('\n');
}

function notMeasured(name: string, why?: string): string {
  return [
    START(name),
    `## ${name}`,
    '',
    `Not measured yet${why ? ` (${why})` : ''}: \`npm run bench -- ${name}\` writes this part.`,
    '',
    END,
  ].join('\n');
}

function summaryRow(name: string, part: string): string {
  const raw = SUMMARY.exec(part)?.[1];
  if (!raw) return `| [${name}](#${name}) | not measured | | | |`;
  const s = JSON.parse(raw) as Summary;
  return `| [${name}](#${name}) | ${s.at.slice(0, 10)} | \`${s.commit}\` | ${s.load.toFixed(2)} on ${s.cpus} cores | ${s.pass} PASS, ${s.miss} MISS |`;
}

/**
 * The whole file: the parts of the sections just run (those with figures) replace the previous ones; every other
 * section keeps its previous part, or says it was not measured yet.
 */
export function renderBenchmarksDoc(
  previous: string,
  ran: { report: SectionReport; run: RunInfo }[],
): string {
  const parts = readParts(previous);
  for (const { report, run } of ran) {
    const measured = report.status === 'ok' || report.status === 'partial';
    if (measured) parts.set(report.section, renderPart(report, run));
    else if (!parts.has(report.section) || !SUMMARY.test(parts.get(report.section)!))
      parts.set(
        report.section,
        notMeasured(report.section, `${report.status}: ${(report.notes[0] ?? '').split('\n')[0]}`),
      );
  }
  const names = [
    ...SECTION_ORDER,
    ...[...parts.keys()].filter((n) => !(SECTION_ORDER as readonly string[]).includes(n)),
  ];
  const body = names.map((n) => parts.get(n) ?? notMeasured(n));
  return [
    '# Benchmarks',
    '',
    '<!-- Written by `npm run bench` (bench/run.ts, bench/lib/docs.ts) from its results; do not edit by hand. -->',
    '',
    'The figures of `npm run bench`: per section, every figure with its goal and PASS or MISS, the machine it ran on,',
    'the load average while it ran and the commit it measured. A run replaces the parts of the sections it measured;',
    'the others keep their last run. How each figure is measured: [bench/README.md](../bench/README.md); what the',
    'figures depend on, and why a goal is missed: [performance.md](performance.md). Timings depend on the machine:',
    'a part says so when its load average exceeded 0.75 per core.',
    '',
    '| section | measured | commit | load average | verdicts |',
    '| --- | --- | --- | --- | --- |',
    ...names.map((n, i) => summaryRow(n, body[i]!)),
    '',
    ...body.flatMap((b) => [b, '']),
  ].join('\n');
}
