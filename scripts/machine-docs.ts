// Generates docs/machines/<name>.md for every machine under machines/**/<name>.machine.ts: a Mermaid
// stateDiagram-v2 (nested and parallel states, initial and final states, transitions labelled with their event and
// guard, `after`/`always`/invoke done and error) and a table of the chart's transitions — from the definitions,
// never by hand. Run: npx tsx scripts/machine-docs.ts   (tests/machines/docs-fresh.test.ts fails when stale)
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { StateMachine, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DOCS_DIR = 'docs/machines';
const COMMAND = 'npx tsx scripts/machine-docs.ts';

const posix = (p: string) => p.split(sep).join('/');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.machine.ts') ? [join(dir, e.name)] : [],
    )
    .sort();
}

export interface MachineEntry {
  name: string; // the file's base name: order-list
  file: string; // machines/order-list/order-list.machine.ts
  exportName: string;
  machine: AnyStateMachine;
}

export async function findMachines(root = ROOT): Promise<MachineEntry[]> {
  const entries: MachineEntry[] = [];
  for (const file of walk(join(root, 'machines'))) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod)) {
      if (!(value instanceof StateMachine)) continue;
      const name = basename(file, '.machine.ts');
      entries.push({
        name,
        file: posix(relative(root, file)),
        exportName,
        machine: value as AnyStateMachine,
      });
    }
  }
  return entries;
}

// ---- Names ---------------------------------------------------------------------------------------------------

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>);
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...children(node).flatMap(allNodes)];
}

/** A Mermaid identifier for a state node (its id without dots, brackets or spaces). */
function mermaidId(node: AnyStateNode): string {
  return node.id.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'root';
}

function guardText(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function' && 'guards' in guard) {
    // not()/and()/or(): xstate keeps the operands; the function's name says which
    const operands = (guard as unknown as { guards: unknown[] }).guards.map(guardText);
    return `${guard.name}(${operands.join(', ')})`;
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline guard';
}

function actionText(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action && 'type' in action)
    return String((action as { type: unknown }).type);
  if (typeof action === 'function')
    return action.name && action.name !== 'anonymous' ? action.name : 'inline action';
  return String(action);
}

/** The event as a person reads it: `after 5000`, `always`, `done fetchOrders`, `error fetchOrders`, or its type. */
function eventText(t: AnyTransitionDefinition): string {
  const type = t.eventType;
  if (type === '') return 'always';
  const source = t.source as AnyStateNode;
  if (type.startsWith('xstate.after.')) {
    const rest = type.slice('xstate.after.'.length);
    return `after ${rest.endsWith(`.${source.id}`) ? rest.slice(0, -source.id.length - 1) : rest}`;
  }
  if (type.startsWith('xstate.done.actor.')) return `done ${type.slice('xstate.done.actor.'.length)}`;
  if (type.startsWith('xstate.error.actor.')) return `error ${type.slice('xstate.error.actor.'.length)}`;
  if (type.startsWith('xstate.done.state.')) return `done state ${type.slice('xstate.done.state.'.length)}`;
  return type;
}

/** Mermaid treats a few characters in labels specially. */
const label = (text: string) => text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

// ---- Mermaid -------------------------------------------------------------------------------------------------

function stateLines(node: AnyStateNode, indent: string): string[] {
  const id = mermaidId(node);
  const lines: string[] = [];
  const kids = children(node);
  if (kids.length && node.type !== 'history') {
    lines.push(`${indent}state "${node.key}" as ${id} {`);
    const inner = `${indent}  `;
    if (node.type === 'parallel') {
      kids.forEach((kid, i) => {
        if (i > 0) lines.push(`${inner}--`);
        lines.push(...stateLines(kid, inner));
      });
    } else {
      const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
      if (initial) lines.push(`${inner}[*] --> ${mermaidId(initial)}`);
      for (const kid of kids) lines.push(...stateLines(kid, inner));
    }
    lines.push(`${indent}}`);
  } else {
    lines.push(`${indent}state "${node.key}" as ${id}`);
  }
  for (const inv of node.invoke as { id: string; src: unknown }[]) {
    lines.push(`${indent}${id} : invoke ${label(typeof inv.src === 'string' ? inv.src : inv.id)}`);
  }
  if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
  return lines;
}

function edgeLines(machine: AnyStateMachine): string[] {
  const lines: string[] = [];
  for (const node of allNodes(machine.root)) {
    for (const t of transitionsOf(node)) {
      const guard = guardText(t.guard);
      const text = label(`${eventText(t)}${guard ? ` [${guard}]` : ''}`);
      const targets = (t.target as AnyStateNode[] | undefined) ?? [];
      if (!targets.length) lines.push(`  ${mermaidId(node)} --> ${mermaidId(node)} : ${text}`);
      for (const target of targets) lines.push(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${text}`);
    }
  }
  return lines;
}

export function mermaid(machine: AnyStateMachine): string {
  const root = machine.root;
  return [
    'stateDiagram-v2',
    `  [*] --> ${mermaidId(root)}`,
    ...stateLines(root, '  '),
    ...edgeLines(machine),
  ].join('\n');
}

// ---- The page ------------------------------------------------------------------------------------------------

function transitionRows(machine: AnyStateMachine): string[] {
  const rows: string[] = [];
  for (const node of allNodes(machine.root)) {
    for (const t of transitionsOf(node)) {
      const targets = ((t.target as AnyStateNode[] | undefined) ?? []).map((n) => `\`${n.id}\``).join(', ');
      const actions = (t.actions as unknown[]).map(actionText).filter((a) => !a.startsWith('xstate.'));
      const reenter = (t as { reenter?: boolean }).reenter ? ' (re-enters)' : '';
      rows.push(
        `| \`${cell(eventText(t))}\` | \`${node.id}\` | ${targets ? targets + reenter : '(stays)'} | ${cell(guardText(t.guard))} | ${cell(actions.join(', '))} | ${cell((t as { description?: string }).description ?? '')} |`,
      );
    }
  }
  return rows;
}

function stateRows(machine: AnyStateMachine): string[] {
  return allNodes(machine.root)
    .slice(1)
    .map((node) => {
      const invokes = (node.invoke as { id: string; src: unknown }[]).map((i) =>
        typeof i.src === 'string' ? i.src : i.id,
      );
      const kind = node.type === 'atomic' ? '' : node.type;
      return `| \`${node.id}\` | ${kind} | ${cell(node.tags.join(', '))} | ${cell(invokes.join(', '))} | ${cell(node.description ?? '')} |`;
    });
}

export function renderMachine(entry: MachineEntry): string {
  const { machine } = entry;
  const rows = transitionRows(machine);
  return [
    `# ${entry.name}`,
    '',
    `<!-- Generated by \`${COMMAND}\` from ${entry.file}; do not edit by hand. -->`,
    '',
    `Machine \`${entry.exportName}\` (id \`${machine.id}\`) in [${entry.file}](../../${entry.file}). ` +
      `${allNodes(machine.root).length - 1} states, ${rows.length} transitions.`,
    ...(machine.root.description ? ['', machine.root.description] : []),
    '',
    '```mermaid',
    mermaid(machine),
    '```',
    '',
    '## States',
    '',
    '| State | Kind | Tags | Invokes | Description |',
    '|---|---|---|---|---|',
    ...stateRows(machine),
    '',
    '## Events and transitions',
    '',
    '`after X` is a delayed transition, `always` an eventless one, `done X` / `error X` the outcome of the invoked actor X.',
    '',
    '| Event | From | To | Guard | Actions | Description |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

export function renderIndex(entries: MachineEntry[]): string {
  return [
    '# State machines',
    '',
    `<!-- Generated by \`${COMMAND}\`; do not edit by hand. -->`,
    '',
    'One page per machine: its diagram (Mermaid, rendered by GitHub and most editors) and its transitions.',
    '',
    '| Machine | File | States | Transitions |',
    '|---|---|---|---|',
    ...entries.map((e) => {
      const transitions = allNodes(e.machine.root).reduce((n, node) => n + transitionsOf(node).length, 0);
      return `| [${e.name}](${e.name}.md) | [${e.file}](../../${e.file}) | ${allNodes(e.machine.root).length - 1} | ${transitions} |`;
    }),
    '',
  ].join('\n');
}

/** Every generated file: path relative to the project root → content. */
export async function renderAll(root = ROOT): Promise<Map<string, string>> {
  const entries = await findMachines(root);
  const files = new Map<string, string>();
  for (const entry of entries) {
    const name =
      entries.filter((e) => e.name === entry.name).length > 1
        ? `${entry.name}-${entry.exportName}`
        : entry.name;
    files.set(`${DOCS_DIR}/${name}.md`, renderMachine({ ...entry, name }));
  }
  files.set(`${DOCS_DIR}/README.md`, renderIndex(entries));
  // Formatted as `npm run format` would (tables padded), so `prettier --check .` agrees with the generator.
  for (const [path, content] of files) {
    const options = (await prettier.resolveConfig(join(root, path))) ?? {};
    files.set(path, await prettier.format(content, { ...options, filepath: join(root, path) }));
  }
  return files;
}

export function readCommitted(root = ROOT): Map<string, string> {
  const dir = join(root, DOCS_DIR);
  const files = new Map<string, string>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.md'))) {
    files.set(`${DOCS_DIR}/${name}`, readFileSync(join(dir, name), 'utf8'));
  }
  return files;
}

async function main() {
  const files = await renderAll();
  mkdirSync(join(ROOT, DOCS_DIR), { recursive: true });
  for (const [path, content] of files) writeFileSync(join(ROOT, path), content);
  console.log(`machine docs: wrote ${files.size} files to ${DOCS_DIR}/`);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await main();
