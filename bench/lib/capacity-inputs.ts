// The capacity model's inputs (docs/scaling.md "Capacity model") and where each comes from: a figure of a bench
// section (docs/benchmarks.md, the committed store, or bench/results/latest.json when a local run is newer) or a
// figure of another table in docs/scaling.md (the data-growth bench's, written there by hand). tests/docs/
// capacity-model.test.ts fails when an input drifts more than 2× from its source.
import type { SectionReport } from './report';

/** One row of the inputs table: `| input | value | source |`, the source as `a` › `b` › `c` in code spans. */
export interface Input {
  name: string;
  value: number;
  unit: string;
  source: string[];
  line: number;
}

/** A table as the model reads it: its title (bold line before it, for benchmarks.md), header and rows. */
export interface MdTable {
  title: string;
  columns: string[];
  rows: string[][];
}

export const INPUTS_START = '<!-- capacity:inputs -->';
export const INPUTS_END = '<!-- /capacity:inputs -->';

const splitRow = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

/** Every pipe table of a markdown text, each with the bold line (`**…**`) or heading that precedes it. */
export function tablesOf(markdown: string): MdTable[] {
  const lines = markdown.split('\n');
  const out: MdTable[] = [];
  let title = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const bold = /^\*\*(.+)\*\*\s*$/.exec(line) ?? /^#+\s+(.+)$/.exec(line);
    if (bold) title = bold[1]!;
    if (!line.startsWith('|') || !/^\|[\s:|-]+\|$/.test(lines[i + 1]?.trim() ?? '')) continue;
    const columns = splitRow(line);
    const rows: string[][] = [];
    for (i += 2; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(splitRow(lines[i]!));
    out.push({ title, columns, rows });
  }
  return out;
}

/** "1,355 ms" → 1355 and "ms"; "15.90 GB" → 15.9 and "GB"; "0.27×" → 0.27. Null when the cell holds no number. */
export function numberOf(cell: string): { value: number; unit: string } | null {
  const m = /(-?[\d\s,\u00a0\u202f]*\d(?:\.\d+)?)\s*([^\d\s].*)?$/.exec(cell.replace(/`/g, '').trim());
  if (!m) return null;
  const value = Number(m[1]!.replace(/[\s,\u00a0\u202f]/g, ''));
  return Number.isFinite(value) ? { value, unit: (m[2] ?? '').trim() } : null;
}

/** The inputs table between the markers of docs/scaling.md. */
export function readInputs(markdown: string): Input[] {
  const start = markdown.indexOf(INPUTS_START);
  const end = markdown.indexOf(INPUTS_END);
  if (start < 0 || end < start) return [];
  const before = markdown.slice(0, start).split('\n').length;
  const lines = markdown.slice(start, end).split('\n');
  const inputs: Input[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('|') || /^\|[\s:|-]+\|$/.test(line.trim())) return;
    const [name = '', value = '', source = ''] = splitRow(line);
    const n = numberOf(value);
    const parts = [...source.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    if (!n || parts.length < 3) return; // the header
    inputs.push({ name, value: n.value, unit: n.unit, source: parts, line: before + i });
  });
  return inputs;
}

/** A bench section's tables and when they were measured. */
export interface SectionFigures {
  at: string;
  tables: MdTable[];
}

/** The sections of docs/benchmarks.md, from their parts (tables and the summary's time). */
export function sectionsOfBenchmarksDoc(markdown: string): Map<string, SectionFigures> {
  const out = new Map<string, SectionFigures>();
  const PART = /<!-- bench:section ([a-z-]+) -->\n([\s\S]*?)<!-- \/bench:section -->/g;
  for (const m of markdown.matchAll(PART)) {
    const at = /<!-- bench:summary (\{.*\}) -->/.exec(m[2]!)?.[1];
    if (!at) continue;
    out.set(m[1]!, { at: (JSON.parse(at) as { at: string }).at, tables: tablesOf(m[2]!) });
  }
  return out;
}

/** The sections of bench/results/latest.json that produced figures. */
export function sectionsOfResults(json: string): Map<string, SectionFigures> {
  const out = new Map<string, SectionFigures>();
  const parsed = JSON.parse(json) as { sections?: Record<string, SectionReport> };
  for (const [name, r] of Object.entries(parsed.sections ?? {})) {
    if (r.status !== 'ok' && r.status !== 'partial') continue;
    out.set(name, {
      at: r.at,
      tables: r.tables.map((t) => ({
        title: t.title,
        columns: t.columns,
        rows: t.rows.map((row) => row.map((c) => (c === null ? 'n/a' : String(c)))),
      })),
    });
  }
  return out;
}

/** Of two stores, the newer figures of each section. */
export function newest(...stores: Map<string, SectionFigures>[]): Map<string, SectionFigures> {
  const out = new Map<string, SectionFigures>();
  for (const store of stores)
    for (const [name, s] of store) if (!out.has(name) || out.get(name)!.at < s.at) out.set(name, s);
  return out;
}

/**
 * The figure a source names. `<section>` › `<table title, its start>` › `<row, its first cell's start>` [›
 * `<column>`, else the second]: a bench section's. `scaling.md` › `<first column's header>` › `<row>` › `<column>`:
 * a table of docs/scaling.md.
 */
export function lookup(
  source: string[],
  sections: Map<string, SectionFigures>,
  scalingDoc: string,
): { value: number; unit: string; cell: string } | { error: string } {
  const [where = '', table = '', row = '', column] = source;
  let tables: MdTable[];
  if (where === 'scaling.md')
    tables = tablesOf(scalingDoc).filter((t) => t.columns[0] === table && !t.columns.includes('source'));
  else {
    const s = sections.get(where);
    if (!s) return { error: `no figures of the bench section "${where}" in any store` };
    tables = s.tables.filter((t) => t.title.startsWith(table));
  }
  if (!tables.length) return { error: `no table "${table}" in ${where}` };
  for (const t of tables) {
    const r = t.rows.find((cells) => cells[0]?.startsWith(row));
    if (!r) continue;
    const col = column === undefined ? 1 : t.columns.indexOf(column);
    if (col < 0) return { error: `no column "${column}" in table "${t.title || t.columns[0]}"` };
    const cell = r[col] ?? '';
    const n = numberOf(cell);
    if (!n) return { error: `"${cell}" in ${source.join(' › ')} is not a number` };
    return { ...n, cell };
  }
  return { error: `no row "${row}" in table "${table}" of ${where}` };
}

/** Each input against its source: drifted more than `factor`×, a unit that differs, or a source not found. */
export function drift(
  inputs: Input[],
  sections: Map<string, SectionFigures>,
  scalingDoc: string,
  factor = 2,
): string[] {
  const problems: string[] = [];
  for (const input of inputs) {
    const found = lookup(input.source, sections, scalingDoc);
    const at = `docs/scaling.md:${input.line} "${input.name}"`;
    if ('error' in found) {
      problems.push(`${at}: ${found.error}`);
      continue;
    }
    if (input.unit && found.unit && input.unit !== found.unit) {
      problems.push(`${at}: the model says ${input.unit}, the source ${found.unit} (${found.cell})`);
      continue;
    }
    const ratio = found.value / input.value;
    if (!(ratio <= factor && ratio >= 1 / factor))
      problems.push(
        `${at}: the model uses ${input.value} ${input.unit}, the bench now says ${found.cell} (${ratio.toFixed(2)}×): update the model`,
      );
  }
  return problems;
}
