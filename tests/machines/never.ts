import { fromPromise } from 'xstate';

/** An invoked actor that never settles: the model test drives its outcome with xstate.done/error.actor events. */
export const never = <TOutput = unknown, TInput = unknown>() =>
  fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
