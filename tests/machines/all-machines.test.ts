// Every machine under machines/**/<name>.machine.ts, found on disk (a new machine cannot be forgotten), must have a
// model-based test in tests/machines/ that generates its paths and asserts that they take every transition
// (describeModel from ./coverage). A machine without one fails here, naming the transitions that the generic
// traversal below (its own events, no payloads) cannot reach — the list its test must cover.
// The inventory written here feeds the figures printed at the end of the run (tests/support/machine-figures-reporter).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { machineFingerprint, recordInventory, type InventoryRecord } from '../support/machine-coverage-store';
import { collectTransitions, createCoverage, transitionPaths } from './coverage';
import { never } from './never';

const root = join(import.meta.dirname, '..', '..');

function walk(dir: string, match: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, match);
    return match(entry.name) ? [full] : [];
  });
}

const posix = (p: string) => p.split(sep).join('/');
const machineFiles = walk(join(root, 'machines'), (n) => n.endsWith('.machine.ts')).sort();
const testFiles = walk(join(root, 'tests', 'machines'), (n) => n.endsWith('.test.ts')).map((file) => ({
  file: posix(relative(root, file)),
  source: readFileSync(file, 'utf8'),
}));

interface Found {
  file: string; // machines/x/x.machine.ts
  exportName: string;
  machine: AnyStateMachine;
}

const found: Found[] = [];
const withoutMachine: string[] = [];
for (const file of machineFiles) {
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const machines = Object.entries(mod).filter(([, v]) => v instanceof StateMachine);
  if (!machines.length) withoutMachine.push(posix(relative(root, file)));
  for (const [exportName, machine] of machines) {
    found.push({ file: posix(relative(root, file)), exportName, machine: machine as AnyStateMachine });
  }
}

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((n) => [n, ...stateNodes(n)]);
}

/** The test files that import this export from its module and declare its model test (which asserts coverage). */
function pathTestsOf({ file, exportName }: Found): string[] {
  const module = file.replace(/\.ts$/, '');
  const importLine = new RegExp(
    `import\\s*\\{[^}]*\\b${exportName}\\b[^}]*\\}\\s*from\\s*['"][./]*${module}['"]`,
  );
  return testFiles
    .filter(({ source }) => importLine.test(source))
    .filter(({ source }) => /\bdescribeModel\(/.test(source))
    .map(({ file: f }) => f);
}

/** The coverage helper run with nothing but the event types of the chart (no payloads) and silent actors. */
function genericGaps(machine: AnyStateMachine): string[] {
  const all = collectTransitions(machine);
  const eventTypes = new Set<string>();
  for (const node of [machine.root, ...stateNodes(machine.root)]) {
    for (const type of node.transitions.keys()) eventTypes.add(type);
  }
  const events = [...eventTypes].map((type) =>
    type.startsWith('xstate.error.actor.') ? { type, error: { message: 'error' } } : { type },
  );
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((id) => [id, never()]));
  const model = machine.provide({ actors }) as AnyStateMachine;
  try {
    const coverage = createCoverage(model);
    for (const path of transitionPaths(model, { events: () => events as never })) {
      try {
        coverage.replay(path);
      } catch {
        // a payload the chart needs is missing: that path does not count
      }
    }
    return [...all.entries()].filter(([key]) => !coverage.taken.has(key)).map(([, text]) => text);
  } catch (error) {
    return [`(the chart cannot be traversed without payloads: ${String(error)})`, ...all.values()];
  }
}

const inventory: InventoryRecord = { machines: [] };

describe('every machine, every transition', () => {
  it('finds the machines on disk, each file exporting its machine', () => {
    expect(found.length).toBeGreaterThanOrEqual(5);
    expect(withoutMachine, 'machine files that export no machine').toEqual([]);
  });

  describe.each(found.map((f) => [`${f.file} (${f.exportName})`, f] as const))('%s', (_, entry) => {
    const transitions = collectTransitions(entry.machine);
    inventory.machines.push({
      id: entry.machine.id,
      fingerprint: machineFingerprint(entry.machine.id, transitions.keys()),
      file: entry.file,
      states: stateNodes(entry.machine.root).length,
      transitions: Object.fromEntries(transitions),
    });

    it('has a model-based path test that asserts transition coverage', () => {
      if (pathTestsOf(entry).length) return;
      const gaps = genericGaps(entry.machine);
      expect.fail(
        `${entry.file}: no test in tests/machines imports ${entry.exportName} and declares its model test ` +
          `with describeModel (see tests/machines/coverage.ts).\n` +
          (gaps.length
            ? `Transitions a path test must reach (the generic traversal without payloads misses them):\n  ${gaps.join('\n  ')}`
            : 'Even the generic traversal reaches every transition: write the test with its events and assertions.'),
      );
    });

    it('names every guard, action and actor (the visualizer and docs/machines show the names)', () => {
      const anonymous = [...transitions.values()].filter((t) => t.includes('[inline guard]'));
      expect(anonymous, 'transitions with an inline guard').toEqual([]);
    });

    // A promise actor fails by rejecting: the chart must catch it. Callback actors report failure as events.
    it('handles the failure of every invoked promise actor (onError)', () => {
      const actors = entry.machine.implementations.actors as Record<string, { transition?: unknown }>;
      const isPromise = (src: unknown) =>
        typeof src === 'string' &&
        /XSTATE_PROMISE_RESOLVE|xstate\.promise\.resolve/.test(String(actors[src]?.transition));
      const missing = [entry.machine.root, ...stateNodes(entry.machine.root)].flatMap((node) =>
        node.invoke
          .filter((inv: { id: string; src: unknown }) => isPromise(inv.src))
          .filter((inv: { id: string }) => !node.transitions.has(`xstate.error.actor.${inv.id}`))
          .map(
            (inv: { id: string; src: unknown }) => `#${node.id} invokes ${String(inv.src)} (id ${inv.id})`,
          ),
      );
      expect(missing, 'invokes without onError').toEqual([]);
    });
  });

  afterAll(() => recordInventory(inventory));
});
