import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  DRAFT_DEBOUNCE_MS,
  DRAFT_RETRY_MS,
  PRICE_DEBOUNCE_MS,
  emptyValues,
  orderFormMachine,
} from '../../machines/order-form/order-form.machine';
import { addDays, withRules, mskDay } from '../../src/features/order-form/rules';
import {
  selectDraftStatus,
  selectHasUnsavedDraft,
  selectIsCalculating,
  selectIsLoading,
  selectIsSubmitting,
  selectPhase,
} from '../../machines/order-form/order-form.selectors';
import type {
  DeleteFileInput,
  LoadedForm,
  PriceInput,
  PriceQuote,
  SaveDraftInput,
  SubmitInput,
  SubmitResult,
} from '../../machines/order-form/order-form.types';
import { describeModel } from './coverage';
import { never } from './never';

// The rules read the clock: the deadline is counted from today (the model is built before any test runs).
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const deadline = addDays(mskDay(new Date()), 10);
const draftLoaded: LoadedForm = {
  draftId: 7,
  orderId: null,
  values: { ...emptyValues(), work_type: 'Реферат', topic: 'Тема', deadline },
  files: [{ id: 3, name: 'план.docx', size: 10, mime: 'application/msword' }],
  restored: true,
  isEditable: true,
  filesWithoutQc: false,
  promoCode: '',
};
const orderLoaded: LoadedForm = {
  ...draftLoaded,
  draftId: null,
  orderId: 42,
  values: { ...draftLoaded.values, pages: '12' },
  files: [],
  restored: false,
  promoCode: 'STUDENT10',
};
const quote: PriceQuote = {
  cost: 1200,
  discount: 120,
  bonusUsed: 0,
  total: 1080,
  promoValid: true,
  promoDetail: 'Скидка студента 10 %',
};
const topicError = {
  status: 400,
  message: 'Тема — не короче 3 символов.',
  fields: { topic: ['Тема — не короче 3 символов.'] },
};
const notEditable = { status: 400, message: 'Заказ уже нельзя изменить.' };

const model = withRules(orderFormMachine).provide({
  actors: {
    loadForm: never(),
    saveDraft: never(),
    deleteFile: never(),
    resetDraft: never(),
    calculatePrice: never(),
    submitOrder: never(),
  },
});
type Snap = SnapshotFrom<typeof model>;
const after = (delay: string, state: string) => ({ type: `xstate.after.${delay}.orderForm.${state}` });
const events = [
  { type: 'xstate.done.actor.loadForm', output: draftLoaded },
  { type: 'xstate.error.actor.loadForm', error: { status: 404, message: 'Черновик не найден.' } },
  { type: 'form.retry' },
  { type: 'form.change', field: 'pages', value: '10' },
  { type: 'form.change', field: 'pages', value: '' },
  { type: 'form.promo', code: 'STUDENT10' },
  { type: 'form.bonus', use: true },
  { type: 'form.fileAdded', file: { id: 9, name: 'a.pdf', size: 1, mime: 'application/pdf' } },
  { type: 'form.fileRemoved', id: 3 },
  {
    type: 'xstate.error.actor.deleteFile.3',
    error: { status: 500, message: 'Ошибка сервера. Попробуйте позже.' },
  },
  { type: 'form.submit' },
  { type: 'draft.flush' },
  { type: 'draft.reset' },
  after('draftDelay', 'editing.draft.debouncing'),
  after('draftRetryDelay', 'editing.draft.saveFailed'),
  after('priceDelay', 'editing.price.debouncing'),
  { type: 'xstate.done.actor.saveDraft', output: {} },
  { type: 'xstate.error.actor.saveDraft', error: { message: 'Сервер не отвечает' } },
  { type: 'xstate.done.actor.resetDraft', output: {} },
  { type: 'xstate.error.actor.resetDraft', error: { message: 'Сервер не отвечает' } },
  { type: 'xstate.done.actor.calculatePrice', output: quote },
  { type: 'xstate.error.actor.calculatePrice', error: { status: 400, message: 'Укажите срок сдачи.' } },
  { type: 'xstate.done.actor.submitOrder', output: { orderId: 42, isFirstOrder: true } },
  { type: 'xstate.error.actor.submitOrder', error: topicError },
  { type: 'xstate.error.actor.submitOrder', error: notEditable },
];
// The model's state: the chart, plus what the guards read (draft or order, the typed values, typed while saving).
const serializeState = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    draftId: s.context.draftId,
    values: s.context.values,
    dirty: s.context.draftDirty,
  });
// The three regions are independent but for the values: an event of one region is tried while the other two
// rest, so the model stays small and still takes every transition.
const region = (e: { type: string }) =>
  /draft\.|saveDraft|resetDraft|draftDelay|draftRetryDelay/.test(e.type)
    ? 'draft'
    : /priceDelay|calculatePrice/.test(e.type)
      ? 'price'
      : /form\.submit|submitOrder|form\.retry/.test(e.type)
        ? 'submit'
        : /form\.(promo|bonus|file)/.test(e.type)
          ? 'rare'
          : 'any';
const resting = {
  draft: ['idle', 'debouncing', 'saved'],
  price: ['idle', 'debouncing', 'ready', 'failed'],
  submit: ['idle', 'invalid'],
} as const;
const rests = (s: Snap, name: keyof typeof resting) => {
  const value = (s.value as { editing?: Record<string, string> }).editing;
  return !value || (resting[name] as readonly string[]).includes(value[name] ?? '');
};
const filterEvents = (s: Snap, e: { type: string }) => {
  const r = region(e);
  if (r === 'any') return true;
  if (r === 'rare') return s.matches({ editing: { draft: 'idle', price: 'debouncing', submit: 'idle' } });
  return (['draft', 'price', 'submit'] as const).every((name) => name === r || rests(s, name));
};

describeModel(model, {
  name: 'order-form machine (model-based)',
  events,
  serializeState,
  filterEvents,
  input: { mode: 'new' },
  pathCount: { moreThan: 50 },
  invariants: (final, path) => {
    const phase = selectPhase(final);
    expect(selectIsLoading(final)).toBe(phase === 'loading');
    expect(selectIsSubmitting(final)).toBe(phase === 'submitting');
    if (phase === 'loadFailed') expect(final.context.error?.status).toBe(404);
    if (phase === 'done') expect(final.context.result).toEqual({ orderId: 42, isFirstOrder: true });
    if (phase === 'failed') expect(final.context.error?.message).toBe(notEditable.message);
    const last = path.events.at(-1)?.type;
    if (phase === 'invalid' && (last === 'form.submit' || last === 'xstate.error.actor.submitOrder')) {
      const problems = Object.keys(final.context.problems).length;
      const fields = Object.keys(final.context.fieldErrors).length;
      expect(problems + fields).toBeGreaterThan(0);
    }
    if (final.matches('editing')) {
      expect(selectIsCalculating(final)).toBe(final.matches({ editing: { price: 'calculating' } }));
      const draft = selectDraftStatus(final);
      if (final.context.draftId === null) expect(draft).toBeNull();
      else expect(draft).not.toBeNull();
      if (final.matches({ editing: { price: 'ready' } })) expect(final.context.quote).toEqual(quote);
      if (final.matches({ editing: { price: 'idle' } })) expect(final.context.quote).toBeNull();
      if (final.matches({ editing: { draft: 'debouncing' } }))
        expect(selectHasUnsavedDraft(final)).toBe(true);
      if (final.matches({ editing: { draft: 'saved' } })) expect(selectHasUnsavedDraft(final)).toBe(false);
    }
  },
});

// ---- Timing and IO --------------------------------------------------------------------------------------------

function start(loaded: LoadedForm = draftLoaded, mode: 'new' | 'edit' = 'new') {
  const saves: SaveDraftInput[] = [];
  const resets: unknown[] = [];
  const deletes: DeleteFileInput[] = [];
  const prices: { input: PriceInput; signal: AbortSignal; resolve: (q: PriceQuote) => void }[] = [];
  const submits: { input: SubmitInput; resolve: (r: SubmitResult) => void; reject: (e: unknown) => void }[] =
    [];
  let saveResult: () => Promise<unknown> = () => Promise.resolve({});
  const actor = createActor(
    withRules(orderFormMachine).provide({
      actors: {
        loadForm: fromPromise(async () => loaded),
        saveDraft: fromPromise(async ({ input }) => {
          saves.push(input);
          return saveResult();
        }),
        resetDraft: fromPromise(async ({ input }) => {
          resets.push(input);
          return {};
        }),
        deleteFile: fromPromise(async ({ input }) => {
          deletes.push(input);
        }),
        calculatePrice: fromPromise(
          ({ input, signal }) =>
            new Promise<PriceQuote>((resolve) => prices.push({ input, signal, resolve })),
        ),
        submitOrder: fromPromise(
          ({ input }) =>
            new Promise<SubmitResult>((resolve, reject) => submits.push({ input, resolve, reject })),
        ),
      },
    }),
    { input: { mode, id: mode === 'edit' ? 42 : null } },
  ).start();
  return {
    actor,
    saves,
    resets,
    deletes,
    prices,
    submits,
    failSavesWith: (error: unknown) => {
      saveResult = () => Promise.reject(error);
    },
    succeedSaves: () => {
      saveResult = () => Promise.resolve({});
    },
  };
}

const type = (actor: ReturnType<typeof start>['actor'], field: 'topic' | 'pages' | 'link', value: string) =>
  actor.send({ type: 'form.change', field, value });

describe('order-form machine (timing and IO)', () => {
  it('saves the draft once, after a pause in typing, with the latest values', async () => {
    const { actor, saves } = start();
    await vi.advanceTimersByTimeAsync(0);
    type(actor, 'topic', 'Те');
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS - 100);
    type(actor, 'topic', 'Тема курсовой');
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS - 100);
    expect(saves).toHaveLength(0);
    expect(selectHasUnsavedDraft(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(saves).toEqual([{ draftId: 7, values: expect.objectContaining({ topic: 'Тема курсовой' }) }]);
    expect(selectDraftStatus(actor.getSnapshot())).toBe('saved');
  });

  it('saves at once when the page is left (draft.flush)', async () => {
    const { actor, saves } = start();
    await vi.advanceTimersByTimeAsync(0);
    type(actor, 'topic', 'Тема для закрытой вкладки');
    actor.send({ type: 'draft.flush' });
    expect(saves).toHaveLength(1);
    expect(saves[0]?.values.topic).toBe('Тема для закрытой вкладки');
  });

  it('saves again when typed during a save, and retries a failed save', async () => {
    const { actor, saves, failSavesWith, succeedSaves } = start();
    await vi.advanceTimersByTimeAsync(0);
    failSavesWith({ message: 'Сервер не отвечает' });
    type(actor, 'topic', 'Первая');
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS);
    expect(selectDraftStatus(actor.getSnapshot())).toBe('saveFailed');
    expect(actor.getSnapshot().context.draftError?.message).toBe('Сервер не отвечает');
    succeedSaves();
    await vi.advanceTimersByTimeAsync(DRAFT_RETRY_MS);
    expect(saves).toHaveLength(2);
    expect(selectDraftStatus(actor.getSnapshot())).toBe('saved');
  });

  it('does not save a draft in edit mode', async () => {
    const { actor, saves } = start(orderLoaded, 'edit');
    await vi.advanceTimersByTimeAsync(0);
    type(actor, 'topic', 'Новая тема');
    await vi.advanceTimersByTimeAsync(DRAFT_DEBOUNCE_MS * 2);
    expect(saves).toHaveLength(0);
    expect(selectDraftStatus(actor.getSnapshot())).toBeNull();
  });

  it('prices after a pause, and a new calculation cancels the running one through its AbortSignal', async () => {
    const { actor, prices } = start(orderLoaded, 'edit');
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(prices).toHaveLength(1);
    expect(selectIsCalculating(actor.getSnapshot())).toBe(true);
    type(actor, 'pages', '20');
    expect(prices[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(prices).toHaveLength(2);
    expect(prices[1]?.input.values.pages).toBe('20');
    prices[1]?.resolve(quote);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.quote).toEqual(quote);
    expect(selectIsCalculating(actor.getSnapshot())).toBe(false);
  });

  it('re-prices with the promo code and the bonus', async () => {
    const { actor, prices } = start(orderLoaded, 'edit');
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    prices[0]?.resolve(quote);
    actor.send({ type: 'form.promo', code: 'SESSION15' });
    actor.send({ type: 'form.bonus', use: true });
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(prices[1]?.input).toMatchObject({ promoCode: 'SESSION15', useBonus: true });
  });

  it('does not ask for a price until work type, pages and a good deadline are typed', async () => {
    const { actor, prices } = start();
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(prices).toHaveLength(0);
    type(actor, 'pages', '10');
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(prices).toHaveLength(1);
  });

  it('refuses to send an incomplete form and shows the problems at the fields', async () => {
    const { actor, submits } = start();
    await vi.advanceTimersByTimeAsync(0);
    type(actor, 'link', 'example.ru');
    actor.send({ type: 'form.submit' });
    expect(submits).toHaveLength(0);
    expect(selectPhase(actor.getSnapshot())).toBe('invalid');
    expect(actor.getSnapshot().context.problems).toEqual({ pages: 'required', link: 'url' });
    type(actor, 'link', 'https://example.ru');
    expect(actor.getSnapshot().context.problems).toEqual({ pages: 'required' });
  });

  it("shows the server's field errors at their fields; a change clears that field's error", async () => {
    const { actor, submits } = start();
    await vi.advanceTimersByTimeAsync(0);
    type(actor, 'pages', '10');
    actor.send({ type: 'form.submit' });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    expect(submits[0]?.input).toMatchObject({ mode: 'new', draftId: 7, values: { pages: '10' } });
    submits[0]?.reject(topicError);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectPhase(actor.getSnapshot())).toBe('invalid');
    expect(actor.getSnapshot().context.fieldErrors).toEqual(topicError.fields);
    type(actor, 'topic', 'Правильная тема');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('sends the promo code with the order; a refused code shows at its field until it is changed', async () => {
    const { actor, submits } = start();
    await vi.advanceTimersByTimeAsync(0);
    type(actor, 'pages', '10');
    actor.send({ type: 'form.promo', code: 'OLD2020' });
    actor.send({ type: 'form.submit' });
    expect(submits[0]?.input).toMatchObject({ mode: 'new', promoCode: 'OLD2020' });
    const refused = { promo_code: ['Промокод не найден или больше не действует.'] };
    submits[0]?.reject({ status: 400, message: refused.promo_code[0], fields: refused });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectPhase(actor.getSnapshot())).toBe('invalid');
    expect(actor.getSnapshot().context.fieldErrors).toEqual(refused);
    actor.send({ type: 'form.promo', code: 'STUDENT10' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(submits[1]?.input.promoCode).toBe('STUDENT10');
  });

  it("edit mode starts with the order's promo code, prices with it and sends what the customer made of it", async () => {
    const { actor, prices, submits } = start(orderLoaded, 'edit');
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(actor.getSnapshot().context.promoCode).toBe('STUDENT10');
    expect(prices[0]?.input.promoCode).toBe('STUDENT10');
    prices[0]?.resolve(quote);
    actor.send({ type: 'form.promo', code: '' });
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(prices[1]?.input.promoCode).toBe('');
    actor.send({ type: 'form.submit' });
    expect(submits[0]?.input).toMatchObject({ mode: 'edit', promoCode: '', initialPromoCode: 'STUDENT10' });
  });

  it('a draft has no stored promo code', async () => {
    const { actor, submits } = start();
    await vi.advanceTimersByTimeAsync(0);
    type(actor, 'pages', '10');
    actor.send({ type: 'form.submit' });
    expect(submits[0]?.input).toMatchObject({ mode: 'new', promoCode: '', initialPromoCode: '' });
  });

  it('keeps a refused edit with the server message and sends again on retry', async () => {
    const { actor, submits } = start(orderLoaded, 'edit');
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'form.submit' });
    submits[0]?.reject(notEditable);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectPhase(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.error?.message).toBe(notEditable.message);
    actor.send({ type: 'form.retry' });
    expect(submits).toHaveLength(2);
    submits[1]?.resolve({ orderId: 42, isFirstOrder: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual({ orderId: 42, isFirstOrder: false });
  });

  it("'Начать заново' empties the form and removes the draft's files", async () => {
    const { actor, resets } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'draft.reset' });
    expect(actor.getSnapshot().context.values).toEqual(emptyValues());
    expect(actor.getSnapshot().context.files).toEqual([]);
    expect(resets).toEqual([{ draftId: 7, files: draftLoaded.files }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectDraftStatus(actor.getSnapshot())).toBe('saved');
  });

  it("a removed file leaves the form at once and is deleted on the server (the draft's, or an upload)", async () => {
    const { actor, deletes } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'form.fileRemoved', id: 3 });
    expect(actor.getSnapshot().context.files).toEqual([]);
    expect(deletes).toEqual([{ draftId: 7, fileId: 3 }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.error).toBeNull();
    type(actor, 'topic', 'Тема курсовой');
    expect(actor.getSnapshot().context.values.topic).toBe('Тема курсовой');

    const edit = start(orderLoaded, 'edit');
    await vi.advanceTimersByTimeAsync(0);
    edit.actor.send({
      type: 'form.fileAdded',
      file: { id: 9, name: 'a.pdf', size: 1, mime: 'application/pdf' },
    });
    edit.actor.send({ type: 'form.fileRemoved', id: 9 });
    expect(edit.deletes).toEqual([{ draftId: null, fileId: 9 }]);
  });
});
