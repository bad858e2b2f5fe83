// `npm run bench [-- <section>…]`: runs the chosen sections (default all), prints a table per section and merges
// the figures into bench/results/latest.json (sections not run keep their previous figures) and writes
// docs/benchmarks.md from them (`--no-docs`: not). See bench/README.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import { join } from 'node:path';
import { ROOT, runBundle } from './bundle';
import { renderBenchmarksDoc, type RunInfo } from './lib/docs';
import { EndpointMissing, NotAvailable, renderSection, type SectionReport } from './lib/report';

const SECTIONS: Record<string, () => Promise<SectionReport>> = {
  bundle: runBundle,
  lighthouse: async () => (await import('./lighthouse')).runLighthouse(),
  'first-screen': async () => (await import('./first-screen')).runFirstScreen(),
  interactions: async () => (await import('./interactions')).runInteractions(),
  api: async () => (await import('./api')).runApi(),
  realtime: async () => (await import('./realtime')).runRealtime(),
  lists: async () => (await import('./lists')).runLists(),
  cluster: async () => (await import('./cluster')).runCluster(),
  preview: async () => (await import('./preview')).runPreview(),
  analytics: async () => (await import('./analytics')).runAnalytics(),
  flood: async () => (await import('./flood')).runFlood(),
  scale: async () => (await import('./scale')).runScale(),
};

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 3);

function failedReport(name: string, err: unknown): SectionReport {
  const missing = err instanceof EndpointMissing || err instanceof NotAvailable;
  return {
    section: name,
    at: new Date().toISOString(),
    status: missing ? 'skipped' : 'error',
    tables: [],
    notes: [missing ? (err as Error).message : `failed: ${err instanceof Error ? err.stack : String(err)}`],
    data: {},
  };
}

function finish(
  name: string,
  report: SectionReport,
  started: number,
  load: number,
  cpus: number,
): SectionReport & { loadAverage: number } {
  report.notes.push(`took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  // Timing figures mean little when other work competes for the cores; say so next to them.
  const busy = Math.max(load, loadavg()[0]!);
  report.data.loadAverage = Math.round(busy * 100) / 100;
  if (name !== 'bundle' && busy > cpus * 0.75)
    report.notes.push(
      `machine busy: load average ${busy.toFixed(1)} on ${cpus} cores during the run, so timings are pessimistic; rerun on an idle machine for figures to publish.`,
    );
  console.log(renderSection(report));
  return Object.assign(report, { loadAverage: report.data.loadAverage as number });
}

/** The commit the figures measure, and whether the working tree differed from it (the bench's own file aside). */
function commit(): { commit: string; dirty: boolean } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      dirty: git('status', '--porcelain', '--', '.', ':!docs/benchmarks.md') !== '',
    };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

async function writeDocs(ran: { report: SectionReport; run: RunInfo }[]) {
  const file = join(ROOT, 'docs/benchmarks.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const prettier = await import('prettier');
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  writeFileSync(file, await prettier.format(renderBenchmarksDoc(previous, ran), options));
  console.log(`Written to ${file}`);
}

function machine() {
  const list = cpus();
  return {
    os: `${osType()} ${release()}`,
    cpus: list.length,
    cpuModel: list[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

async function main() {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const docs = !process.argv.includes('--no-docs');
  const unknown = asked.filter((a) => !(a in SECTIONS));
  if (unknown.length) {
    console.error(
      `Unknown section(s): ${unknown.join(', ')}. Sections: ${Object.keys(SECTIONS).join(', ')}.`,
    );
    process.exit(2);
  }
  const chosen = asked.length ? asked : Object.keys(SECTIONS);
  const m = machine();
  console.log(`Benchmarks on ${m.os}, ${m.cpus}× ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}`);

  const reports: (SectionReport & { loadAverage: number })[] = [];
  for (const name of chosen) {
    const started = Date.now();
    const load = loadavg()[0]!;
    console.log(`\n… ${name}`);
    let report: SectionReport | undefined;
    const failures: string[] = [];
    // A section that crashes (a server that would not start, a tool's transient error) is run again: it fails
    // only when it cannot produce figures after its retries, and the report says what the failed tries met.
    for (let attempt = 1; attempt <= ATTEMPTS && !report; attempt++) {
      try {
        report = await SECTIONS[name]!();
      } catch (err) {
        if (err instanceof EndpointMissing || err instanceof NotAvailable || attempt === ATTEMPTS) {
          report = failedReport(name, err);
          break;
        }
        const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
        failures.push(`try ${attempt} failed (${reason}); run again`);
        console.log(`  ${name}: try ${attempt} failed (${reason}); running it again`);
      }
    }
    report!.notes.unshift(...failures);
    reports.push(finish(name, report!, started, load, m.cpus));
  }

  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'latest.json');
  const previous = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { sections?: Record<string, SectionReport> })
    : {};
  const sections = { ...(previous.sections ?? {}) };
  for (const r of reports) sections[r.section] = r;
  writeFileSync(
    file,
    JSON.stringify({ timestamp: new Date().toISOString(), machine: m, sections }, null, 2) + '\n',
  );
  console.log(`\nFigures written to ${file}`);
  if (docs) {
    const at = commit();
    await writeDocs(
      reports.map((report) => ({
        report,
        run: { ...at, ...m, at: report.at, loadAverage: report.loadAverage },
      })),
    );
  }
  const failed = reports.filter((r) => r.status === 'error').map((r) => r.section);
  if (failed.length) console.log(`Sections that failed: ${failed.join(', ')}`);
  // Benchmarks report; they do not fail the shell on a MISS. A crash of a section exits 1.
  process.exit(failed.length ? 1 : 0);
}

await main();
