import { assign, emit, fromPromise, setup } from 'xstate';
import { newAttemptSeed } from '../shared/attempt-seed';
import { errorOf, toErrorInfo, type ApiErrorInfo } from '../shared/error-info';
import { splitRefusal } from './submission.refusal';
import type {
  FieldMessages,
  SubmissionContext,
  SubmissionEmitted,
  SubmissionEvent,
  SubmissionInput,
  SubmissionRequest,
  SubmitInput,
  ValidateInput,
} from './submission.types';

export const attemptKey = (seed: string, attempt: number) => `form-${seed}-${attempt}`;

const sameRequest = (a: SubmissionRequest | null, b: SubmissionRequest | null) =>
  a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);

export { splitRefusal };

const withoutField = (errors: FieldMessages, field: string): FieldMessages => {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
};

/**
 * One submission of a small form (sign-in, registration, restore, refund claim, call-back …): the contract's
 * schema checks the request first, then it is sent; a refusal comes back as messages at the fields and one above
 * the form. Every attempt has its Idempotency-Key; a retry of an unchanged failed request reuses it.
 */
export const submissionMachine = setup({
  types: {
    context: {} as SubmissionContext,
    events: {} as SubmissionEvent,
    input: {} as SubmissionInput,
    emitted: {} as SubmissionEmitted,
  },
  actors: {
    /**
     * The form's own check of the request with the contract's schema: messages per field, {} when it may be sent.
     * Provided by the form helper (the schemas load lazily); without it there are no checks before sending.
     */
    validate: fromPromise<FieldMessages, ValidateInput>(async () => ({})),
    /** The call itself; provided by the form (its feature's API function). */
    submit: fromPromise<unknown, SubmitInput>(() =>
      Promise.reject(new Error('submission: "submit" is not provided')),
    ),
  },
  actions: {
    assignRequest: assign((_, { request }: { request: SubmissionRequest }) => ({
      request,
      fieldErrors: {},
      detail: null,
      error: null,
    })),
    assignProblems: assign((_, fieldErrors: FieldMessages) => ({ fieldErrors })),
    startAttempt: assign(({ context }) => ({
      attempt: sameRequest(context.failedRequest, context.request) ? context.attempt : context.attempt + 1,
      failedRequest: null,
    })),
    assignResult: assign((_, { output }: { output: unknown }) => ({ result: output })),
    assignRefusal: assign(({ context }, error: unknown) => {
      const info = toErrorInfo(error);
      return { error: info, failedRequest: context.request, ...splitRefusal(info, context.fields) };
    }),
    assignOuterRefusal: assign(({ context }, error: ApiErrorInfo) => ({
      error,
      ...splitRefusal(error, context.fields),
    })),
    clearRefusal: assign({ detail: null, error: null }),
    clearField: assign(({ context }, field: string) => ({
      fieldErrors: withoutField(context.fieldErrors, field),
    })),
    assignFieldCheck: assign(({ context }, check: { field: string; messages: string[] }) => ({
      fieldErrors: check.messages.length
        ? { ...context.fieldErrors, [check.field]: check.messages }
        : withoutField(context.fieldErrors, check.field),
    })),
    forget: assign({
      request: null,
      failedRequest: null,
      result: null,
      fieldErrors: {},
      detail: null,
      error: null,
    }),
    /** The form moves focus to what to fix (after rendering). */
    reportProblem: emit({ type: 'submission.problem' } as const),
    reportDone: emit((_, { output }: { output: unknown }) => ({ type: 'submission.done', output }) as const),
  },
  guards: {
    hasProblems: (_, problems: FieldMessages) => Object.keys(problems).length > 0,
    isShownField: ({ context }, field: string) => context.fields.includes(field),
  },
}).createMachine({
  id: 'submission',
  context: ({ input }) => ({
    fields: input.fields,
    seed: input.seed ?? newAttemptSeed(),
    attempt: 0,
    request: null,
    failedRequest: null,
    result: null,
    ...splitRefusal(input.error ?? null, input.fields),
    error: input.error ?? null,
  }),
  initial: 'idle',
  on: {
    'submission.edit': { actions: { type: 'clearField', params: ({ event }) => event.field } },
  },
  states: {
    idle: {
      description:
        'The form is being filled in; messages of the last check or refusal stay until their field is edited.',
      on: {
        'submission.submit': {
          target: 'validating',
          actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) },
        },
        'submission.refused': {
          target: 'failed',
          actions: [{ type: 'assignOuterRefusal', params: ({ event }) => event.error }, 'reportProblem'],
        },
        'submission.checked': {
          guard: { type: 'isShownField', params: ({ event }) => event.field },
          actions: { type: 'assignFieldCheck', params: ({ event }) => event },
        },
      },
    },

    validating: {
      description: "The contract's schema checks the request (its module may still be loading).",
      tags: ['busy'],
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ request: context.request }),
        onDone: [
          {
            guard: { type: 'hasProblems', params: ({ event }) => event.output },
            target: 'idle',
            actions: [{ type: 'assignProblems', params: ({ event }) => event.output }, 'reportProblem'],
            description: 'Something to fix: the messages go to their fields; nothing is sent.',
          },
          { target: 'submitting', actions: 'startAttempt' },
        ],
        onError: {
          target: 'submitting',
          actions: 'startAttempt',
          description: 'The checks could not load (a lost chunk): the server checks the request alone.',
        },
      },
    },

    submitting: {
      description: 'The call runs; further submits are ignored.',
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          request: context.request,
          idempotencyKey: attemptKey(context.seed, context.attempt),
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignResult', params: ({ event }) => ({ output: event.output }) },
            { type: 'reportDone', params: ({ event }) => ({ output: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: [{ type: 'assignRefusal', params: errorOf }, 'reportProblem'],
        },
      },
    },

    failed: {
      description: 'Refused or unanswered: the form keeps what was typed, with the messages.',
      on: {
        'submission.submit': {
          target: 'validating',
          actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) },
          description: 'Checked again; sent with the same key when unchanged, a new one when changed.',
        },
        'submission.retry': { target: 'submitting', actions: ['clearRefusal', 'startAttempt'] },
        'submission.refused': {
          target: 'failed',
          reenter: true,
          actions: [{ type: 'assignOuterRefusal', params: ({ event }) => event.error }, 'reportProblem'],
        },

        'submission.checked': {
          guard: { type: 'isShownField', params: ({ event }) => event.field },
          actions: { type: 'assignFieldCheck', params: ({ event }) => event },
        },
      },
    },

    done: {
      on: { 'submission.reset': { target: 'idle', actions: 'forget' } },
    },
  },
});
