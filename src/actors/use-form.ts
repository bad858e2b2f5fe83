// The one form helper of the small forms (registration, restore, new password, social e-mail, call-back, e-mail
// change, storno, refund claim): the fields and the contract's checks (form-fields.ts), sent through a `submission`
// machine, whose failure state carries the server's field errors and detail. The sign-in forms, whose call the
// session machine makes, use the same fields through useFlowForm (use-flow-form.ts).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import type { ApiErrorInfo } from '../../machines/shared/error-info';
import { submissionMachine } from '../../machines/submission/submission.machine';
import {
  selectDetail,
  selectError,
  selectFieldErrors,
  selectIsBusy,
  selectIsDone,
  selectResult,
} from '../../machines/submission/submission.selectors';
import type { FieldProblems, SchemaInput, SchemaName } from '../api/validators';
import { checkRequest, useFields, type FieldsOptions, type FormValues } from './form-fields';

export type { FormValues } from './form-fields';

export interface FormOptions<V extends FormValues, N extends SchemaName, T> extends FieldsOptions<V, N> {
  /** The call; `idempotencyKey` is the same for a retry of an unchanged failed request. */
  submit: (request: SchemaInput<N>, attempt: { idempotencyKey: string }) => Promise<T>;
  /** Request fields the form shows that are not values (a list of checkboxes): their server messages stay there. */
  fields?: readonly string[];
  onDone?: (result: T, request: SchemaInput<N>) => void;
}

/** A box for the latest options: an actor or a handler created once reads them (they change every render). */
export class Latest<T> {
  constructor(public value: T) {}
  set(value: T) {
    this.value = value;
  }
}

export function useForm<V extends FormValues, N extends SchemaName, T>(options: FormOptions<V, N, T>) {
  const [latest] = useState(() => new Latest(options));
  useEffect(() => latest.set(options));
  const [machine] = useState(() =>
    submissionMachine.provide({
      actors: {
        validate: fromPromise<FieldProblems, { request: unknown }>(({ input }) =>
          checkRequest(latest.value, input.request as SchemaInput<N>),
        ),
        submit: fromPromise<unknown, { request: unknown; idempotencyKey: string }>(({ input }) =>
          latest.value.submit(input.request as SchemaInput<N>, { idempotencyKey: input.idempotencyKey }),
        ),
      },
    }),
  );
  const actor = useActorRef(machine, {
    input: { fields: [...Object.keys(options.initial), ...(options.fields ?? [])] },
  });
  const busy = useSelector(actor, selectIsBusy);
  const fields = useFields(options, {
    fieldErrors: useSelector(actor, selectFieldErrors),
    edit: (field) => actor.send({ type: 'submission.edit', field }),
    checked: (field, messages) => actor.send({ type: 'submission.checked', field, messages }),
  });
  const { focusProblem } = fields;

  useEffect(() => {
    const problem = actor.on('submission.problem', focusProblem);
    const done = actor.on('submission.done', (e) =>
      latest.value.onDone?.(e.output as T, actor.getSnapshot().context.request as SchemaInput<N>),
    );
    return () => {
      problem.unsubscribe();
      done.unsubscribe();
    };
  }, [actor, latest, focusProblem]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    fields.warm();
    actor.send({ type: 'submission.submit', request: fields.request() });
  };

  return {
    ...fields,
    /**
     * Props of the <form>: its ref (focus after a refusal), submit, noValidate, aria-busy, and method="post": a
     * prerendered form sent before boot.js could hold it carries what was typed in a body, never in the address.
     */
    props: { ref: fields.form, method: 'post', onSubmit, noValidate: true, 'aria-busy': busy || undefined },
    /** Checking or sending. */
    busy,
    done: useSelector(actor, selectIsDone),
    result: useSelector(actor, selectResult) as T | null,
    /** The message above the form, or null. */
    detail: useSelector(actor, selectDetail),
    /** The whole refusal (status, Retry-After) of the last attempt, or null. */
    failure: useSelector(actor, selectError),
    /** After a success: the form again (the values stay). */
    reset: () => actor.send({ type: 'submission.reset' }),
    /** A call the form did not make was refused: shown like its own refusal. */
    refuse: (error: ApiErrorInfo) => actor.send({ type: 'submission.refused', error }),
  };
}
