// Model-based testing helpers for every machine:
// - `transitionPaths` uses xstate/graph to reach every state (getShortestPaths) and then takes every edge the
//   traversal found from it (getAdjacencyMap), so each transition the events can trigger gets its own path;
// - `createCoverage` replays those paths on a live actor (with its real scheduler and provided actions), checks
//   that the live actor agrees with the model after every step, records the transitions it took through the
//   inspection API (`@xstate.microstep` carries them), and fails naming every transition of the definition that
//   no path reached;
// - `describeModel` is the test every machine file declares with them: its events, input and invariants in, one test
//   per path and a coverage test out.
import { afterAll, describe, expect, it } from 'vitest';
import {
  createActor,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath, type TraversalOptions } from 'xstate/graph';
import { flushReplays, recordReplay } from '../support/machine-coverage-store';

type Snapshot<M extends AnyStateMachine> = SnapshotFrom<M>;
type MachineEvent = EventObject;

// ---- The transitions of a definition ---------------------------------------------------------------------------

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}

function guardName(t: AnyTransitionDefinition): string {
  const guard = t.guard as unknown;
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard && 'type' in guard)
    return ` [${String((guard as { type: unknown }).type)}]`;
  return ' [inline guard]';
}

/** A stable key: the source state, the event and the position among that source's transitions for the event. */
export function transitionKey(t: AnyTransitionDefinition): string | null {
  const source = t.source as AnyStateNode;
  const list: AnyTransitionDefinition[] | undefined =
    t.eventType === '' ? source.always : source.transitions.get(t.eventType);
  const index = list?.indexOf(t) ?? -1;
  if (index === -1) return null; // the initial transition of a compound state: not a transition of the chart
  return `${source.id}|${t.eventType || 'always'}|${index}`;
}

function describeTransition(t: AnyTransitionDefinition): string {
  const targets = t.target?.length ? t.target.map((n: AnyStateNode) => `#${n.id}`).join(', ') : '(no target)';
  return `#${(t.source as AnyStateNode).id} on "${t.eventType || 'always'}"${guardName(t)} → ${targets}`;
}

/** Every transition of the machine: `on`, `after`, `always`, invoke onDone/onError, at every level. */
export function collectTransitions(machine: AnyStateMachine): Map<string, string> {
  const all = new Map<string, string>();
  for (const node of allStateNodes(machine.root)) {
    for (const list of node.transitions.values()) {
      for (const t of list) all.set(transitionKey(t)!, describeTransition(t));
    }
    for (const t of node.always ?? []) all.set(transitionKey(t)!, describeTransition(t));
  }
  return all;
}

// ---- Paths -----------------------------------------------------------------------------------------------------

export interface PathOptions<M extends AnyStateMachine> {
  /** The events to try, with their payloads (done/error events of invoked actors included). */
  events: (snapshot: Snapshot<M>) => MachineEvent[];
  input?: unknown;
  /** What makes two snapshots the same state of the model (default: value + context). */
  serializeState?: (snapshot: Snapshot<M>) => string;
  /** Events not to try in a snapshot (bounds the model, e.g. at most two open dialogs). */
  filterEvents?: (snapshot: Snapshot<M>, event: MachineEvent) => boolean;
}

export interface ModelPath<M extends AnyStateMachine> {
  events: MachineEvent[];
  /** The state the model predicts after each event. */
  states: Snapshot<M>[];
  final: Snapshot<M>;
  description: string;
}

function defaultSerialize(snapshot: { value: unknown; context: unknown }) {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}

/** One path per edge of the model: the shortest way to its source state, then the edge. */
export function transitionPaths<M extends AnyStateMachine>(
  machine: M,
  options: PathOptions<M>,
): ModelPath<M>[] {
  const serialize = (options.serializeState ?? defaultSerialize) as (s: Snapshot<M>) => string;
  const traversal = {
    // Only the events some active state node has a transition for (xstate/graph's default, except that it also
    // skips transitions without target and actions: those document a deliberate no-op and are covered too).
    events: (s: Snapshot<M>) => {
      const nodes = (s as unknown as { _nodes: AnyStateNode[] })._nodes;
      const own = new Set<string>(nodes.flatMap((n) => [...n.transitions.keys()]));
      return options.events(s).filter((e) => own.has(e.type));
    },
    stopWhen: (s: Snapshot<M>) => (s as AnyMachineSnapshot).status !== 'active',
    serializeState: (s: Snapshot<M>) => serialize(s),
    ...(options.filterEvents ? { filterEvents: options.filterEvents } : {}),
    ...(options.input !== undefined ? { input: options.input } : {}),
    limit: 10_000,
  } as unknown as TraversalOptions<Snapshot<M>, MachineEvent, unknown>;

  const shortest = getShortestPaths(machine as never, traversal as never) as unknown as StatePath<
    Snapshot<M>,
    MachineEvent
  >[];
  const toState = new Map<string, StatePath<Snapshot<M>, MachineEvent>>();
  for (const path of shortest) toState.set(serialize(path.state), path);

  const adjacency = getAdjacencyMap(machine as never, traversal as never) as unknown as Record<
    string,
    { state: Snapshot<M>; transitions: Record<string, { event: MachineEvent; state: Snapshot<M> }> }
  >;

  const paths: ModelPath<M>[] = [];
  for (const { state, transitions } of Object.values(adjacency)) {
    const head = toState.get(serialize(state));
    if (!head) continue;
    // StatePath.steps: each step holds the event and the state it led to; the first one is xstate.init.
    const steps = head.steps.filter((s) => s.event.type !== 'xstate.init');
    const headEvents = steps.map((s) => s.event);
    const headStates = steps.map((s) => s.state);
    for (const { event, state: next } of Object.values(transitions)) {
      const events = [...headEvents, event];
      paths.push({
        events,
        states: [...headStates, next],
        final: next,
        description: events.map((e) => e.type).join(' → ') || '(initial)',
      });
    }
  }
  return paths;
}

// ---- Replay and coverage ---------------------------------------------------------------------------------------

export interface Coverage<M extends AnyStateMachine> {
  /** Runs the path on a live actor, checks it step by step against the model, returns the stopped actor's snapshot. */
  replay: (path: ModelPath<M>) => Snapshot<M>;
  /** Throws naming every transition of the definition that no replayed path took. */
  assertAllCovered: () => void;
  taken: Set<string>;
}

export function createCoverage<M extends AnyStateMachine>(
  machine: M,
  options: { input?: unknown; compare?: (live: Snapshot<M>, model: Snapshot<M>) => void } = {},
): Coverage<M> {
  const all = collectTransitions(machine);
  const taken = new Set<string>();

  function replay(path: ModelPath<M>): Snapshot<M> {
    const actor: AnyActorRef = createActor(machine as AnyStateMachine, {
      ...(options.input !== undefined ? { input: options.input } : {}),
      inspect: (event) => {
        // Only the machine's own microsteps (not its children's); this also runs inside createActor (`always`).
        if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return;
        for (const t of (event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
          const key = transitionKey(t);
          if (key) taken.add(key);
        }
      },
    });
    actor.start();
    path.events.forEach((event, i) => {
      actor.send(event);
      const live = actor.getSnapshot() as AnyMachineSnapshot;
      const model = path.states[i] as AnyMachineSnapshot;
      if (JSON.stringify(live.value) !== JSON.stringify(model.value)) {
        throw new Error(
          `Path "${path.description}": after step ${i + 1} (${event.type}) the actor is in ` +
            `${JSON.stringify(live.value)}, the model says ${JSON.stringify(model.value)}`,
        );
      }
      options.compare?.(live as Snapshot<M>, model as Snapshot<M>);
    });
    const final = actor.getSnapshot() as Snapshot<M>;
    actor.stop();
    recordReplay(machine.id, all.keys(), taken);
    return final;
  }

  function assertAllCovered() {
    const missing = [...all.entries()].filter(([key]) => !taken.has(key)).map(([, text]) => text);
    if (missing.length) {
      throw new Error(`Transitions no generated path reaches:\n  ${missing.join('\n  ')}`);
    }
  }

  return { replay, assertAllCovered, taken };
}

// ---- One model-based test per machine --------------------------------------------------------------------------

/** An event with its payload (the index signature lets a list be written inline, payloads and all). */
export type ModelEvent = MachineEvent & { readonly [payload: string]: unknown };

/** The events to try: one fixed list, or a list read from the snapshot (e.g. a dismiss for every open item). */
export type ModelEvents<M extends AnyStateMachine> =
  readonly ModelEvent[] | ((snapshot: Snapshot<M>) => readonly ModelEvent[]);

/** One way the machine can start: the test has several when the input decides the first steps. */
export interface ModelStart<M extends AnyStateMachine> {
  /** The title of its describe block. */
  name: string;
  input: InputFrom<M>;
  /**
   * What this start alone cannot reach (another start does): its coverage test expects this gap, and one more test
   * asserts that all the starts together take every transition.
   */
  misses?: RegExp;
}

export type ModelOptions<M extends AnyStateMachine> = {
  /** The title of the describe block. */
  name: string;
  serializeState?: PathOptions<M>['serializeState'];
  filterEvents?: PathOptions<M>['filterEvents'];
  /** What the live actor must agree on with the model besides the state value (e.g. the whole context). */
  agreeOn?: (snapshot: Snapshot<M>) => unknown;
  /** What must hold in the state a path ends in (the input is the one the path started from). */
  invariants?: (final: Snapshot<M>, path: ModelPath<M>, input: InputFrom<M> | undefined) => void;
  /** Bounds on the number of paths: a model that grows or collapses by accident fails here. */
  pathCount?: { moreThan?: number; fewerThan?: number };
} & (
  | { events: ModelEvents<M>; eventSets?: never }
  | {
      /** Several event lists, each traversed as its own model (parallel regions would multiply otherwise). */
      eventSets: readonly ModelEvents<M>[];
      events?: never;
    }
) &
  ({ input?: InputFrom<M>; inputs?: never } | { inputs: readonly ModelStart<M>[]; input?: never });

/**
 * The model-based test of a machine: per start, one test per generated path (replayed on a live actor that must
 * agree with the model, then the invariants) and a test that the paths take every transition of the chart.
 */
export function describeModel<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>): void {
  const lists = options.eventSets ?? [options.events];
  // Both forms become the function transitionPaths takes (a fresh, mutable array per snapshot).
  const eventsOf = (list: ModelEvents<M>) => (s: Snapshot<M>) => [
    ...(typeof list === 'function' ? list(s) : list),
  ];
  const pathsFrom = (input: InputFrom<M> | undefined) =>
    lists.flatMap((list) =>
      transitionPaths(machine, {
        events: eventsOf(list),
        input,
        serializeState: options.serializeState,
        filterEvents: options.filterEvents,
      }),
    );
  const starts: readonly { name?: string; input: InputFrom<M> | undefined; misses?: RegExp }[] =
    options.inputs ?? [{ input: options.input }];

  describe(options.name, () => {
    afterAll(flushReplays); // the figures printed at the end of `npm test`
    const generated: { input: InputFrom<M> | undefined; paths: ModelPath<M>[] }[] = [];
    for (const start of starts) {
      const paths = pathsFrom(start.input);
      generated.push({ input: start.input, paths });
      const tests = () => {
        const coverage = createCoverage(machine, { input: start.input });
        const bounds = options.pathCount;
        if (bounds)
          it('generates paths', () => {
            if (bounds.moreThan !== undefined) expect(paths.length).toBeGreaterThan(bounds.moreThan);
            if (bounds.fewerThan !== undefined) expect(paths.length).toBeLessThan(bounds.fewerThan);
          });

        it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
          const final = coverage.replay(path);
          expect((final as AnyMachineSnapshot).value).toEqual((path.final as AnyMachineSnapshot).value);
          if (options.agreeOn) expect(options.agreeOn(final)).toEqual(options.agreeOn(path.final));
          options.invariants?.(final, path, start.input);
        });

        it('covers every transition of the chart', () => {
          if (start.misses) expect(() => coverage.assertAllCovered()).toThrow(start.misses);
          else coverage.assertAllCovered();
        });
      };
      // One start needs no describe block of its own: the test names stay those of a plain model.
      if (start.name === undefined) tests();
      else describe(start.name, tests);
    }

    if (starts.some((start) => start.misses))
      it('covers every transition of the chart with all its starts together', () => {
        // Replayed afresh, so the claim does not rest on the tests above having run (e.g. under -t).
        const together = createCoverage(machine);
        for (const { input, paths } of generated) {
          const run = createCoverage(machine, { input });
          for (const path of paths) run.replay(path);
          for (const key of run.taken) together.taken.add(key);
        }
        together.assertAllCovered();
      });
  });
}
