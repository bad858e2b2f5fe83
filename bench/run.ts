// `npm run bench [-- <section>…]`: runs the chosen sections (default all), prints a table per section and merges
// the figures into bench/results/latest.json (sections not run keep their previous figures). See bench/README.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import { join } from 'node:path';
import { ROOT, runBundle } from './bundle';
import { EndpointMissing, NotAvailable, renderSection, type SectionReport } from './lib/report';

const SECTIONS: Record<string, () => Promise<SectionReport>> = {
  bundle: runBundle,
  lighthouse: async () => (await import('./lighthouse')).runLighthouse(),
  api: async () => (await import('./api')).runApi(),
  realtime: async () => (await import('./realtime')).runRealtime(),
  lists: async () => (await import('./lists')).runLists(),
  cluster: async () => (await import('./cluster')).runCluster(),
};

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

  const reports: SectionReport[] = [];
  for (const name of chosen) {
    const started = Date.now();
    const load = loadavg()[0]!;
    console.log(`\n… ${name}`);
    let report: SectionReport;
    try {
      report = await SECTIONS[name]!();
    } catch (err) {
      const missing = err instanceof EndpointMissing || err instanceof NotAvailable;
      report = {
        section: name,
        at: new Date().toISOString(),
        status: missing ? 'skipped' : 'error',
        tables: [],
        notes: [
          missing ? (err as Error).message : `failed: ${err instanceof Error ? err.stack : String(err)}`,
        ],
        data: {},
      };
    }
    report.notes.push(`took ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // Timing figures mean little when other work competes for the cores; say so next to them.
    const busy = Math.max(load, loadavg()[0]!);
    report.data.loadAverage = Math.round(busy * 100) / 100;
    if (name !== 'bundle' && busy > m.cpus * 0.75)
      report.notes.push(
        `machine busy: load average ${busy.toFixed(1)} on ${m.cpus} cores during the run, so timings are pessimistic; rerun on an idle machine for figures to publish.`,
      );
    reports.push(report);
    console.log(renderSection(report));
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
  const failed = reports.filter((r) => r.status === 'error').map((r) => r.section);
  if (failed.length) console.log(`Sections that failed: ${failed.join(', ')}`);
  // Benchmarks report; they do not fail the shell on a MISS. A crash of a section exits 1.
  process.exit(failed.length ? 1 : 0);
}

await main();
