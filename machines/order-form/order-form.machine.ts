import {
  type DoneActorEvent,
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  setup,
  spawnChild,
} from 'xstate';
import { errorOf, toErrorInfo } from '../shared/error-info';
import {
  FORM_FIELDS,
  PRICING_FIELDS,
  type DeleteFileInput,
  type FormValues,
  type LoadFormInput,
  type LoadedForm,
  type OrderFormContext,
  type OrderFormEvent,
  type OrderFormInput,
  type PriceInput,
  type PriceQuote,
  type ResetDraftInput,
  type SaveDraftInput,
  type SubmitInput,
  type SubmitResult,
} from './order-form.types';

/** Typing pauses this long before the price is asked for. */
export const PRICE_DEBOUNCE_MS = 400;
/** Typing pauses this long before the draft is saved. */
export const DRAFT_DEBOUNCE_MS = 800;
/** A failed draft save is tried again after this pause (or at the next keystroke). */
export const DRAFT_RETRY_MS = 5000;

export function emptyValues(): FormValues {
  return Object.fromEntries(FORM_FIELDS.map((f) => [f, ''])) as FormValues;
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`order-form: actor "${name}" is not provided`));

export const orderFormMachine = setup({
  types: {
    context: {} as OrderFormContext,
    events: {} as OrderFormEvent,
    input: {} as OrderFormInput,
  },
  actors: {
    /** GET continue/ (or continue/?id=) for a draft, GET {id}/ for an order; provided in the feature. */
    loadForm: fromPromise<LoadedForm, LoadFormInput>(notProvided('loadForm')),
    /** PATCH fake/{id}/ with keepalive, so a save started as the tab closes still arrives. */
    saveDraft: fromPromise<unknown, SaveDraftInput>(notProvided('saveDraft')),
    /**
     * Deletes a file the customer removed from the form (the draft's, or an upload not yet attached): best effort,
     * the form has already let it go. It must not reject (a spawned child's failure would fail the form): the
     * provided one swallows a refusal, which leaves an orphan for the server to clean up.
     */
    deleteFile: fromPromise<void, DeleteFileInput>(async () => {}),
    /** Empties the draft (PATCH with nulls) and deletes its files. */
    resetDraft: fromPromise<unknown, ResetDraftInput>(notProvided('resetDraft')),
    /** POST calculate-cost/ then calculate-discount/, both with the actor's AbortSignal. */
    calculatePrice: fromPromise<PriceQuote, PriceInput>(notProvided('calculatePrice')),
    /** POST / (create, with draft_id) or PATCH {id}/ (edit: the changed fields only). */
    submitOrder: fromPromise<SubmitResult, SubmitInput>(notProvided('submitOrder')),
  },
  actions: {
    assignLoaded: assign((_, loaded: LoadedForm) => ({
      draftId: loaded.draftId,
      orderId: loaded.orderId,
      initial: loaded.values,
      values: loaded.values,
      files: loaded.files,
      restored: loaded.restored,
      isEditable: loaded.isEditable,
      filesWithoutQc: loaded.filesWithoutQc,
      promoCode: loaded.promoCode,
      initialPromoCode: loaded.promoCode,
      error: null,
    })),
    assignError: assign((_, error: unknown) => ({ error: toErrorInfo(error) })),
    clearError: assign({ error: null }),
    /** Keeps the typed value, forgets that field's errors, and tells the draft and price regions. */
    applyChange: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'form.change');
      const { [event.field]: _problem, ...problems } = context.problems;
      const { [event.field]: _errors, ...fieldErrors } = context.fieldErrors;
      enqueue.assign({ values: { ...context.values, [event.field]: event.value }, problems, fieldErrors });
      enqueue.raise({ type: 'draft.changed' });
      if (PRICING_FIELDS.includes(event.field)) enqueue.raise({ type: 'price.changed' });
    }),
    applyPromo: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'form.promo');
      const { promo_code: _refused, ...fieldErrors } = context.fieldErrors;
      enqueue.assign({ promoCode: event.code, fieldErrors });
      enqueue.raise({ type: 'price.changed' });
    }),
    applyBonus: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'form.bonus');
      enqueue.assign({ useBonus: event.use });
      enqueue.raise({ type: 'price.changed' });
    }),
    addFile: assign(({ context, event }) => {
      assertEvent(event, 'form.fileAdded');
      return { files: [...context.files, event.file] };
    }),
    removeFile: assign(({ context, event }) => {
      assertEvent(event, 'form.fileRemoved');
      return { files: context.files.filter((f) => f.id !== event.id) };
    }),
    discardFile: spawnChild('deleteFile', {
      id: ({ event }) => {
        assertEvent(event, 'form.fileRemoved');
        return `deleteFile.${event.id}`;
      },
      input: ({ context, event }) => {
        assertEvent(event, 'form.fileRemoved');
        return { draftId: context.draftId, fileId: event.id };
      },
    }),
    markDraftDirty: assign({ draftDirty: true }),
    startDraftSave: assign({ draftDirty: false }),
    assignDraftError: assign((_, error: unknown) => ({ draftError: toErrorInfo(error) })),
    clearDraftError: assign({ draftError: null }),
    /** Empties the form (keeping the files to delete) and re-prices: an empty form has no price. */
    emptyDraft: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({
        values: emptyValues(),
        files: [],
        discardedFiles: context.files,
        restored: false,
        problems: {},
        fieldErrors: {},
      });
      enqueue.raise({ type: 'price.changed' });
    }),
    assignQuote: assign((_, quote: PriceQuote) => ({ quote, quoteError: null })),
    clearQuote: assign({ quote: null, quoteError: null }),
    assignQuoteError: assign((_, error: unknown) => ({ quoteError: toErrorInfo(error).message })),
    /** Runs the client rules into `problems`; provided by the feature (src/features/order-form/rules.ts). */
    assignProblems: assign({ problems: {} }),
    clearProblems: assign({ problems: {}, fieldErrors: {}, error: null }),
    assignFieldErrors: assign((_, error: unknown) => ({ fieldErrors: toErrorInfo(error).fields ?? {} })),
    assignResult: assign((_, result: SubmitResult) => ({ result })),
  },
  guards: {
    hasDraft: ({ context }) => context.draftId !== null,
    isDraftDirty: ({ context }) => context.draftDirty,
    /** Enough is typed to ask for a price; provided by the feature (the rules of src/features/order-form). */
    canPrice: () => false,
    /** The client rules pass; provided by the feature. */
    isValid: () => false,
    hasFieldErrors: (_, error: unknown) => Object.keys(toErrorInfo(error).fields ?? {}).length > 0,
  },
  delays: {
    priceDelay: PRICE_DEBOUNCE_MS,
    draftDelay: DRAFT_DEBOUNCE_MS,
    draftRetryDelay: DRAFT_RETRY_MS,
  },
}).createMachine({
  id: 'orderForm',
  context: ({ input }) => ({
    mode: input.mode,
    id: input.id ?? null,
    draftId: null,
    orderId: null,
    initial: emptyValues(),
    values: emptyValues(),
    files: [],
    discardedFiles: [],
    restored: false,
    isEditable: true,
    filesWithoutQc: false,
    promoCode: '',
    initialPromoCode: '',
    useBonus: false,
    quote: null,
    quoteError: null,
    problems: {},
    fieldErrors: {},
    error: null,
    draftDirty: false,
    draftError: null,
    result: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The draft (new, continue) or the order (edit) is loaded into the form.',
      tags: ['loading'],
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ mode: context.mode, id: context.id }),
        onDone: {
          target: 'editing',
          actions: {
            type: 'assignLoaded',
            params: ({ event }: { event: DoneActorEvent<LoadedForm> }) => event.output,
          },
        },
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    loadFailed: {
      description: 'The form could not be loaded; the page offers a retry (a missing order goes to /404).',
      on: { 'form.retry': { target: 'loading', actions: 'clearError' } },
    },
    editing: {
      type: 'parallel',
      description:
        'The customer types; the draft saves itself, the price follows, the order is sent on submit.',
      on: {
        'form.change': { actions: 'applyChange' },
        'form.promo': { actions: 'applyPromo' },
        'form.bonus': { actions: 'applyBonus' },
        'form.fileAdded': { actions: 'addFile' },
        'form.fileRemoved': { actions: ['removeFile', 'discardFile'] },
      },
      states: {
        draft: {
          description:
            'Saving the draft as the customer types (new and continue modes; an order has no draft).',
          initial: 'idle',
          states: {
            idle: {
              on: {
                'draft.changed': { guard: 'hasDraft', target: 'debouncing' },
                'draft.reset': { guard: 'hasDraft', target: 'resetting' },
              },
            },
            debouncing: {
              description: 'Waits for a pause in typing.',
              after: { draftDelay: { target: 'saving' } },
              on: {
                'draft.changed': { target: 'debouncing', reenter: true },
                'draft.flush': { target: 'saving', description: 'The page is hidden or left: save at once.' },
                'draft.reset': { target: 'resetting' },
              },
            },
            saving: {
              tags: ['savingDraft'],
              entry: 'startDraftSave',
              invoke: {
                id: 'saveDraft',
                src: 'saveDraft',
                input: ({ context }) => ({ draftId: context.draftId ?? 0, values: context.values }),
                onDone: [
                  {
                    guard: 'isDraftDirty',
                    target: 'debouncing',
                    description: 'Typed while saving: save again after the next pause.',
                  },
                  { target: 'saved', actions: 'clearDraftError' },
                ],
                onError: { target: 'saveFailed', actions: { type: 'assignDraftError', params: errorOf } },
              },
              on: {
                'draft.changed': { actions: 'markDraftDirty' },
                'draft.flush': { description: 'The running save carries the values: nothing more to send.' },
              },
            },
            saved: {
              on: {
                'draft.changed': { target: 'debouncing' },
                'draft.reset': { target: 'resetting' },
              },
            },
            saveFailed: {
              description:
                'The draft is not saved; tried again after a pause, at the next keystroke or on leaving.',
              after: { draftRetryDelay: { target: 'saving' } },
              on: {
                'draft.changed': { target: 'debouncing' },
                'draft.flush': { target: 'saving' },
                'draft.reset': { target: 'resetting' },
              },
            },
            resetting: {
              description: "'Начать заново': the draft is emptied and its files deleted.",
              tags: ['savingDraft'],
              entry: 'emptyDraft',
              invoke: {
                id: 'resetDraft',
                src: 'resetDraft',
                input: ({ context }) => ({ draftId: context.draftId ?? 0, files: context.discardedFiles }),
                onDone: { target: 'saved', actions: 'clearDraftError' },
                onError: { target: 'saveFailed', actions: { type: 'assignDraftError', params: errorOf } },
              },
              on: { 'draft.changed': { actions: 'markDraftDirty' } },
            },
          },
        },
        price: {
          description: 'The live cost and discount.',
          initial: 'debouncing',
          states: {
            idle: {
              description: 'Not enough is typed for a price.',
              on: { 'price.changed': { target: 'debouncing' } },
            },
            debouncing: {
              after: {
                priceDelay: [
                  { guard: 'canPrice', target: 'calculating' },
                  { target: 'idle', actions: 'clearQuote' },
                ],
              },
              on: { 'price.changed': { target: 'debouncing', reenter: true } },
            },
            calculating: {
              tags: ['calculating'],
              invoke: {
                id: 'calculatePrice',
                src: 'calculatePrice',
                input: ({ context }) => ({
                  values: context.values,
                  promoCode: context.promoCode,
                  useBonus: context.useBonus,
                }),
                onDone: {
                  target: 'ready',
                  actions: {
                    type: 'assignQuote',
                    params: ({ event }: { event: DoneActorEvent<PriceQuote> }) => event.output,
                  },
                },
                onError: { target: 'failed', actions: { type: 'assignQuoteError', params: errorOf } },
              },
              on: {
                'price.changed': {
                  target: 'debouncing',
                  description: 'Leaving stops the running calculation: its AbortSignal cancels the request.',
                },
              },
            },
            ready: { on: { 'price.changed': { target: 'debouncing' } } },
            failed: { on: { 'price.changed': { target: 'debouncing' } } },
          },
        },
        submit: {
          initial: 'idle',
          on: {
            'form.submit': [
              { guard: 'isValid', target: '.submitting', actions: 'clearProblems' },
              {
                target: '.invalid',
                actions: 'assignProblems',
                description: 'The client checks failed: their problems show at the fields.',
              },
            ],
          },
          states: {
            idle: {},
            submitting: {
              tags: ['submitting'],
              invoke: {
                id: 'submitOrder',
                src: 'submitOrder',
                input: ({ context }) => ({
                  mode: context.mode,
                  draftId: context.draftId,
                  orderId: context.orderId,
                  values: context.values,
                  initial: context.initial,
                  files: context.files,
                  promoCode: context.promoCode,
                  initialPromoCode: context.initialPromoCode,
                }),
                onDone: {
                  target: '#orderForm.done',
                  actions: {
                    type: 'assignResult',
                    params: ({ event }: { event: DoneActorEvent<SubmitResult> }) => event.output,
                  },
                },
                onError: [
                  {
                    guard: { type: 'hasFieldErrors', params: errorOf },
                    target: 'invalid',
                    actions: { type: 'assignFieldErrors', params: errorOf },
                  },
                  { target: 'failed', actions: { type: 'assignError', params: errorOf } },
                ],
              },
              on: { 'form.submit': { description: 'Already sending: a second click sends nothing.' } },
            },
            invalid: { description: 'Field errors (client or server) show at their fields.' },
            failed: {
              description: 'The server refused (e.g. the order is no longer editable) or did not answer.',
              on: { 'form.retry': { target: 'submitting', actions: 'clearError' } },
            },
          },
        },
      },
    },
    done: {
      type: 'final',
      description: 'The order is created or saved; the page navigates on.',
    },
  },
});
