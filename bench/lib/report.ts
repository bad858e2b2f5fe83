// Shared shapes of the benchmark report: every section returns tables of figures, each figure judged against its goal.

export type Verdict = 'PASS' | 'MISS' | 'n/a' | '';

/** A goal such as `≤ 30 ms`: the figure passes when it compares as stated with the limit. */
export interface Goal {
  op: '<=' | '>=' | '<' | '>' | '==';
  limit: number;
  unit?: string;
}

export interface Table {
  title: string;
  columns: string[];
  rows: (string | number | null)[][];
}

export interface SectionReport {
  section: string;
  /** ISO time the section finished. */
  at: string;
  /** 'ok' ran fully; 'partial' some figures are n/a; 'skipped' nothing could be measured; 'error' it crashed. */
  status: 'ok' | 'partial' | 'skipped' | 'error';
  tables: Table[];
  notes: string[];
  /** Machine-readable figures for bench/results/latest.json. */
  data: Record<string, unknown>;
}

/** Thrown when an endpoint the section needs answers 404/405: the section reports n/a instead of crashing. */
export class EndpointMissing extends Error {
  constructor(readonly endpoint: string) {
    super(`n/a (endpoint missing: ${endpoint})`);
  }
}

/** Thrown when the SPA lacks what a section drives (a selector, a page): reported as n/a. */
export class NotAvailable extends Error {}

export function judge(value: number | null | undefined, goal: Goal | undefined): Verdict {
  if (!goal) return '';
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  const ok =
    goal.op === '<='
      ? value <= goal.limit
      : goal.op === '>='
        ? value >= goal.limit
        : goal.op === '<'
          ? value < goal.limit
          : goal.op === '>'
            ? value > goal.limit
            : value === goal.limit;
  return ok ? 'PASS' : 'MISS';
}

export function goalText(goal: Goal | undefined): string {
  if (!goal) return '';
  const op = { '<=': '≤', '>=': '≥', '<': '<', '>': '>', '==': '=' }[goal.op];
  return `${op} ${goal.limit}${goal.unit ? ` ${goal.unit}` : ''}`;
}

/** One figure row: name, value, goal, verdict. */
export function figureRow(
  name: string,
  value: number | null | undefined,
  unit: string,
  goal?: Goal,
  digits = 1,
): (string | number | null)[] {
  const shown =
    value === null || value === undefined ? 'n/a' : `${fmt(value, digits)}${unit ? ` ${unit}` : ''}`;
  return [name, shown, goalText(goal), judge(value, goal)];
}

export function fmt(n: number, digits = 1): string {
  if (!Number.isFinite(n)) return String(n);
  return Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(digits);
}

export function kb(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? null;
}

/** Status of a section from its tables: any n/a figure makes it partial. */
export function statusOf(tables: Table[]): SectionReport['status'] {
  const cells = tables.flatMap((t) => t.rows.flat());
  if (cells.length === 0) return 'skipped';
  return cells.some((c) => typeof c === 'string' && c.startsWith('n/a')) ? 'partial' : 'ok';
}

export function renderTable(t: Table): string {
  const cells = [t.columns, ...t.rows.map((r) => r.map((c) => (c === null ? 'n/a' : String(c))))];
  const widths = t.columns.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const sep = widths.map((w) => '─'.repeat(w)).join('  ');
  return [
    `  ${t.title}`,
    `  ${line(cells[0]!)}`,
    `  ${sep}`,
    ...cells.slice(1).map((r) => `  ${line(r)}`),
  ].join('\n');
}

export function renderSection(r: SectionReport): string {
  const head = `\n━━ ${r.section} (${r.status}) ━━`;
  const body = r.tables.map(renderTable).join('\n\n');
  const notes = r.notes.map((n) => `  • ${n}`).join('\n');
  return [head, body, notes].filter(Boolean).join('\n');
}
