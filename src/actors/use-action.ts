// Button-level mutations (mark a file reviewed, download a file, start linking a social network, delete an order):
// one call per click through a `submission` machine with no fields and no checks. The machine owns what the
// component used to keep in useState: busy while the call runs (a second click meanwhile is ignored), the refusal
// until the next run, the answer after a success. The component says what a success or a refusal means to it.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
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

/** React: a button's call and its state, from mount to unmount. */
export function useAction<A extends unknown[], T>(options: ActionOptions<A, T>): ActionView<A, T> {
  const [latest] = useState(() => new Latest(options));
  useEffect(() => latest.set(options));
  const [logic] = useState(() => actionLogic(latest));
  const actor = useActorRef(logic, { input: { fields: [] } });
  useEffect(() => watchAction(actor, latest), [actor, latest]);
  const [run] = useState(
    () =>
      (...args: A) =>
        runAction(actor, args),
  );
  return {
    run,
    busy: useSelector(actor, selectIsBusy),
    done: useSelector(actor, selectIsDone),
    result: useSelector(actor, selectResult) as T | null,
    error: useSelector(actor, selectError),
    args: useSelector(actor, selectArgs) as A | null,
  };
}
