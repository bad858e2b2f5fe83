// Button-level mutations (mark a file reviewed, download a file, start linking a social network, delete an order):
// one call per click through a `submission` machine with no fields and no checks. The machine owns what the
// component used to keep in useState: busy while the call runs (a second click meanwhile is ignored), the refusal
// until the next run, the answer after a success. The component says what a success or a refusal means to it.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createActor, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ApiErrorInfo } from '../../machines/shared/error-info';
import { submissionMachine } from '../../machines/submission/submission.machine';
import type { SubmitInput } from '../../machines/submission/submission.types';
import {
  selectError,
  selectIsBusy,
  selectIsDone,
  selectResult,
} from '../../machines/submission/submission.selectors';
// From the form helper on purpose: the form and the action then share one chunk with the machine and the login
// visit's chunks stay as they were (a module of its own made Rolldown split the refusal helper off, +0.2 KB there).
import { Latest } from './use-form';

/** The call; its arguments are those of `run`. */
type Call<A extends unknown[], T> =
  | { call: (...args: A) => Promise<T>; keyed?: never }
  /**
   * A call that takes an Idempotency-Key: the same for a run again with the same arguments after a failure, a new
   * one for other arguments or after a success.
   */
  | { keyed: (idempotencyKey: string, ...args: A) => Promise<T>; call?: never };

export type ActionOptions<A extends unknown[], T> = Call<A, T> & {
  /** The call succeeded: its answer and the arguments it was run with. */
  onDone?: (result: T, args: A) => void;
  /** The call was refused or not answered: the error (its message is the one to show) and the arguments. */
  onError?: (error: ApiErrorInfo, args: A) => void;
};

export type ActionActor = ActorRefFrom<typeof submissionMachine>;
type Snapshot = SnapshotFrom<typeof submissionMachine>;

/** The submission machine whose "submit" is the action's call (the latest one given). */
export function actionLogic<A extends unknown[], T>(latest: Latest<ActionOptions<A, T>>) {
  return submissionMachine.provide({
    actors: {
      submit: fromPromise<unknown, SubmitInput>(({ input }) => {
        const args = input.request as A;
        const options = latest.value;
        return options.keyed ? options.keyed(input.idempotencyKey, ...args) : options.call(...args);
      }),
    },
  });
}

/** A started action actor outside React (the hook's own, and the tests'). */
export function createAction<A extends unknown[], T>(latest: Latest<ActionOptions<A, T>>): ActionActor {
  return createActor(actionLogic(latest), { input: { fields: [] } }).start();
}

/** Runs the call with `args` unless one is running (then nothing happens and it answers false). */
export function runAction(actor: ActionActor, args: unknown[]): boolean {
  const snapshot = actor.getSnapshot();
  if (selectIsBusy(snapshot)) return false;
  if (selectIsDone(snapshot)) actor.send({ type: 'submission.reset' });
  actor.send({ type: 'submission.submit', request: args });
  return selectIsBusy(actor.getSnapshot());
}

/** Calls `onDone` / `onError` of the latest options as the actor reports; returns the unsubscribe. */
export function watchAction<A extends unknown[], T>(actor: ActionActor, latest: Latest<ActionOptions<A, T>>) {
  const done = actor.on('submission.done', (event) =>
    latest.value.onDone?.(event.output as T, actor.getSnapshot().context.request as A),
  );
  const problem = actor.on('submission.problem', () => {
    const { error, request } = actor.getSnapshot().context;
    if (error) latest.value.onError?.(error, request as A);
  });
  return () => {
    done.unsubscribe();
    problem.unsubscribe();
  };
}

/** The arguments of the running call, or of the last one (after it finished), or null before the first run. */
export const selectArgs = (s: Snapshot) => s.context.request as unknown[] | null;

export interface ActionView<A extends unknown[], T> {
  /** Runs the call (ignored while one runs): true when it started. */
  run: (...args: A) => boolean;
  /** The call runs. */
  busy: boolean;
  /** The last call succeeded; `result` is its answer. */
  done: boolean;
  result: T | null;
  /** Why the last call failed (its `message` is the text to show), or null. */
  error: ApiErrorInfo | null;
  /** The arguments of the running or last call: which of a list's buttons is busy or failed. */
  args: A | null;
}

let idle: Snapshot | undefined;
/** The machine's initial snapshot: the view of any action not run yet (no call, no answer). */
function idleSnapshot(): Snapshot {
  idle ??= createActor(submissionMachine, { input: { fields: [] } }).getSnapshot();
  return idle;
}

/**
 * One action of a component: its actor is made and started at the first run, not at mount. A page shows several
 * actions that are rarely used (an order's header has three, each attached file one), and each actor's start is a
 * machine's initial step on the click that opens the page; until the first run the view is the machine's initial
 * snapshot. `stop` (the unmount) stops the actor, and runs after it start nothing until `mount` (React's
 * StrictMode mounts a component's effects again after a first clean-up).
 */
export class LazyAction<A extends unknown[], T> {
  private actor: ActionActor | null = null;
  private off: (() => void) | null = null;
  private stopped = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly latest: Latest<ActionOptions<A, T>>) {}

  /** The actor once run, else null (nothing made). */
  get current(): ActionActor | null {
    return this.actor;
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): Snapshot => this.actor?.getSnapshot() ?? idleSnapshot();

  readonly run = (...args: A): boolean => {
    if (this.stopped) return false;
    if (!this.actor) {
      const actor = createAction(this.latest);
      const watch = watchAction(actor, this.latest);
      const sub = actor.subscribe(() => this.listeners.forEach((l) => l()));
      this.actor = actor;
      this.off = () => {
        watch();
        sub.unsubscribe();
      };
    }
    const started = runAction(this.actor, args);
    this.listeners.forEach((l) => l());
    return started;
  };

  mount() {
    this.stopped = false;
  }

  stop() {
    this.stopped = true;
    this.off?.();
    this.actor?.stop();
    this.actor = null;
    this.off = null;
  }
}

/** React: a button's call and its state, from mount to unmount (the actor from the first run on: LazyAction). */
export function useAction<A extends unknown[], T>(options: ActionOptions<A, T>): ActionView<A, T> {
  const [latest] = useState(() => new Latest(options));
  useEffect(() => latest.set(options));
  const [action] = useState(() => new LazyAction(latest));
  useEffect(() => {
    action.mount();
    return () => action.stop();
  }, [action]);
  const snapshot = useSyncExternalStore(action.subscribe, action.getSnapshot, action.getSnapshot);
  return {
    run: action.run,
    busy: selectIsBusy(snapshot),
    done: selectIsDone(snapshot),
    result: selectResult(snapshot) as T | null,
    error: selectError(snapshot),
    args: selectArgs(snapshot) as A | null,
  };
}
