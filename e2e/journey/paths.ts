// The journey's paths, from the model with xstate/graph:
//  1. one path per transition: the shortest path to its source state (getShortestPaths), then the transition —
//     so every rule of the model is walked at least once;
//  2. longer journeys from getSimplePaths (no state twice) up to MAX_SIMPLE_LENGTH steps, the longest first, kept
//     only when they walk a pair of consecutive transitions no chosen path has walked yet (at most MAX_SIMPLE);
//  3. a path that is the beginning of another chosen path is dropped: the longer one asserts every state on the way.
import { getInitialSnapshot, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { JOURNEY_EVENTS, journeyMachine, type JourneyEvent } from './journey.machine';

type Snapshot = SnapshotFrom<typeof journeyMachine>;

export interface Step {
  event: JourneyEvent;
  /** The state the model predicts after the event, e.g. 'signedIn.archive'. */
  state: string;
  context: Snapshot['context'];
}

export interface JourneyPath {
  steps: Step[];
  name: string;
}

export const MAX_SIMPLE_LENGTH = 5;
export const MAX_SIMPLE = 4;

export function stateName(snapshot: Snapshot): string {
  const walk = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => walk(v).map((s) => `${k}.${s}`));
  return walk(snapshot.value).join(',');
}

const serialize = (s: Snapshot) => JSON.stringify({ value: s.value, context: s.context });

const traversal = {
  events: JOURNEY_EVENTS.map((type) => ({ type })),
  serializeState: serialize,
};

function toSteps(path: { steps: { event: JourneyEvent; state: Snapshot }[] }): Step[] {
  return path.steps
    .filter((s) => (s.event.type as string) !== 'xstate.init')
    .map((s) => ({ event: s.event, state: stateName(s.state), context: s.state.context }));
}

const key = (steps: Step[]) => steps.map((s) => `${s.event.type}>${s.state}`).join('|');

/** Every transition of the model as `from --event--> to` (targetless and self transitions included). */
export function transitionKeyOf(from: string, step: Step): string {
  return `${from} --${step.event.type}--> ${step.state}`;
}

export function transitionsWalked(steps: Step[], initial: string): string[] {
  let from = initial;
  return steps.map((step) => {
    const k = transitionKeyOf(from, step);
    from = step.state;
    return k;
  });
}

export function generatePaths(): { paths: JourneyPath[]; transitions: Set<string>; initial: string } {
  const shortest = getShortestPaths(journeyMachine, traversal as never) as unknown as {
    state: Snapshot;
    steps: { event: JourneyEvent; state: Snapshot }[];
  }[];
  const initial = stateName(getInitialSnapshot(journeyMachine));
  const toState = new Map(shortest.map((p) => [serialize(p.state), toSteps(p)]));

  // 1. One path per transition.
  const chosen = new Map<string, Step[]>();
  const all = new Set<string>();
  for (const { state } of shortest) {
    const head = toState.get(serialize(state))!;
    for (const type of JOURNEY_EVENTS) {
      if (!state.can({ type })) continue;
      const next = getNextSnapshot(journeyMachine, state, { type });
      const step: Step = { event: { type }, state: stateName(next), context: next.context };
      const steps = [...head, step];
      all.add(transitionKeyOf(stateName(state), step));
      chosen.set(key(steps), steps);
    }
  }

  // 2. Longer journeys that walk new pairs of transitions.
  const pairs = (steps: Step[]) => {
    const walked = transitionsWalked(steps, initial);
    return walked.slice(1).map((k, i) => `${walked[i]} ⇒ ${k}`);
  };
  const seenPairs = new Set([...chosen.values()].flatMap(pairs));
  const simple = (
    getSimplePaths(journeyMachine, traversal as never) as unknown as Parameters<typeof toSteps>[0][]
  )
    .map(toSteps)
    .filter((s) => s.length <= MAX_SIMPLE_LENGTH)
    .sort((a, b) => b.length - a.length || key(a).localeCompare(key(b)));
  let added = 0;
  for (const steps of simple) {
    if (added >= MAX_SIMPLE) break;
    const fresh = pairs(steps).filter((p) => !seenPairs.has(p));
    if (!fresh.length) continue;
    fresh.forEach((p) => seenPairs.add(p));
    chosen.set(key(steps), steps);
    added++;
  }

  // 3. Drop the prefixes of longer paths.
  const keys = [...chosen.keys()];
  const paths = [...chosen.entries()]
    .filter(([k]) => !keys.some((other) => other !== k && other.startsWith(`${k}|`)))
    .map(([, steps]) => ({ steps, name: steps.map((s) => s.event.type).join(' → ') }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { paths, transitions: all, initial };
}
