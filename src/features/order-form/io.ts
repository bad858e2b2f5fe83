// The order-form machine's IO: the real actors (machine.provide) and the conversions between the form's typed
// strings and the API's bodies.
import { fromPromise } from 'xstate';
import { emptyValues, orderFormMachine } from '../../../machines/order-form/order-form.machine';
import { withRules, hasContent, mskDay, numberOf } from './rules';
import {
  FORM_FIELDS,
  type FormValues,
  type LoadedForm,
  type PriceQuote,
  type SubmitResult,
} from '../../../machines/order-form/order-form.types';
import type { WorkType } from '../../../contract/orders';
import type {
  CreateOrderRequest,
  Draft,
  DraftFields,
  EditOrderRequest,
  OrderDetail,
} from '../../../contract/orders.api';
import * as orders from './api';

// ---- Conversions -----------------------------------------------------------------------------------------------

export function draftToValues(draft: Draft): FormValues {
  const values = emptyValues();
  for (const f of FORM_FIELDS) {
    const v = draft[f];
    values[f] = v === null || v === undefined ? '' : String(v);
  }
  return values;
}

export function orderToValues(order: OrderDetail): FormValues {
  return {
    work_type: order.work_type,
    subject: order.subject,
    topic: order.topic,
    deadline: mskDay(new Date(order.deadline)),
    pages: String(order.pages),
    originality: String(order.originality),
    requirements: order.requirements,
    link: order.link,
  };
}

/** The draft keeps what was typed: numbers when they are numbers, the text otherwise, empty as null. */
export function valuesToDraft(values: FormValues): DraftFields {
  const fields: Record<string, string | number | null> = {};
  for (const f of FORM_FIELDS) {
    const v = values[f];
    if (v.trim() === '') fields[f] = null;
    else if (f === 'pages' || f === 'originality') fields[f] = numberOf(v) ?? v.slice(0, 20);
    else fields[f] = v;
  }
  return fields as DraftFields;
}

/** One field as the order API takes it; undefined for an empty optional field. */
function apiValue(values: FormValues, f: keyof FormValues): string | number | undefined {
  const v = values[f];
  if (f === 'pages' || f === 'originality') return v.trim() === '' ? undefined : (numberOf(v) ?? Number(v));
  if (f === 'work_type' || f === 'topic' || f === 'deadline') return v.trim();
  return v.trim() === '' ? undefined : v;
}

export function valuesToCreate(
  values: FormValues,
  draftId: number | null,
  promoCode = '',
): CreateOrderRequest {
  const body: Record<string, unknown> = {};
  for (const f of FORM_FIELDS) {
    const v = apiValue(values, f);
    if (v !== undefined) body[f] = v;
  }
  if (promoCode.trim()) body.promo_code = promoCode.trim();
  if (draftId !== null) body.draft_id = draftId;
  return body as unknown as CreateOrderRequest;
}

/** A promo code as the server compares it (it stores them upper case). */
const normalPromo = (code: string) => code.trim().toUpperCase();

/**
 * Edit mode sends only what changed (so a paid order's price fields are not touched), plus new files; the promo
 * code only when it differs from the stored one ('' removes it, absent keeps it).
 */
export function valuesToEdit(
  values: FormValues,
  initial: FormValues,
  fileIds: number[],
  promo: { code: string; initial: string } = { code: '', initial: '' },
): EditOrderRequest {
  const body: Record<string, unknown> = {};
  for (const f of FORM_FIELDS) {
    if (values[f] === initial[f]) continue;
    const v = apiValue(values, f);
    // A cleared optional text is sent as '' so the server clears it too; a cleared number keeps the old one.
    if (v !== undefined) body[f] = v;
    else if (f !== 'pages' && f !== 'originality') body[f] = '';
  }
  if (fileIds.length) body.file_ids = fileIds;
  if (normalPromo(promo.code) !== normalPromo(promo.initial)) body.promo_code = promo.code.trim();
  return body as EditOrderRequest;
}

// ---- The actors ------------------------------------------------------------------------------------------------

async function loadForm(
  mode: 'new' | 'continue' | 'edit',
  id: number | null,
  signal: AbortSignal,
): Promise<LoadedForm> {
  if (mode === 'edit') {
    const order = await orders.getOrder(id ?? 0, signal);
    return {
      draftId: null,
      orderId: order.id,
      values: orderToValues(order),
      files: [],
      restored: false,
      isEditable: order.is_editable,
      filesWithoutQc: order.files_without_qc,
      promoCode: order.promo_code ?? '',
    };
  }
  const draft = await orders.getDraft(id, signal);
  const values = draftToValues(draft);
  return {
    draftId: draft.id,
    orderId: null,
    values,
    files: draft.files,
    restored: hasContent(values) || draft.files.length > 0,
    isEditable: true,
    filesWithoutQc: false,
    promoCode: '',
  };
}

async function calculatePrice(
  input: { values: FormValues; promoCode: string; useBonus: boolean },
  bonusAvailable: number,
  signal: AbortSignal,
): Promise<PriceQuote> {
  const { values } = input;
  const originality = numberOf(values.originality);
  const { cost } = await orders.calculateCost(
    {
      // Only a work type of the list gets here (the machine's canPrice checks the form's rules first).
      work_type: values.work_type as WorkType,
      pages: numberOf(values.pages) ?? 0,
      deadline: values.deadline,
      ...(originality === undefined ? {} : { originality }),
    },
    signal,
  );
  if (cost === null) {
    return { cost: null, discount: 0, bonusUsed: 0, total: null, promoValid: false, promoDetail: null };
  }
  const promo = input.promoCode.trim();
  const discount = await orders.calculateDiscount(
    {
      cost,
      ...(promo ? { promo_code: promo } : {}),
      ...(input.useBonus && bonusAvailable > 0 ? { use_bonus: bonusAvailable } : {}),
    },
    signal,
  );
  return {
    cost,
    discount: discount.discount,
    bonusUsed: discount.bonus_used,
    total: discount.total,
    promoValid: discount.promo_valid,
    promoDetail: discount.detail ?? null,
  };
}

export interface FormIo {
  /** The customer's bonus balance (the price uses at most this much). */
  bonusAvailable: () => number;
}

/** The machine with its real IO. */
export function provideOrderForm(io: FormIo) {
  return withRules(orderFormMachine).provide({
    actors: {
      loadForm: fromPromise(({ input, signal }) => loadForm(input.mode, input.id, signal)),
      // No signal: a save that has started finishes even when the page (and the machine) goes away.
      saveDraft: fromPromise(({ input }) => orders.patchDraft(input.draftId, valuesToDraft(input.values))),
      // Best effort: the form has let the file go; a refused delete leaves an orphan the server cleans up.
      deleteFile: fromPromise(async ({ input }) => {
        await (
          input.draftId !== null
            ? orders.deleteDraftFile(input.draftId, input.fileId)
            : orders.deleteAjaxFile(input.fileId)
        ).catch(() => {});
      }),
      resetDraft: fromPromise(async ({ input }) => {
        await orders.patchDraft(input.draftId, valuesToDraft(emptyValues()));
        await Promise.all(
          input.files.map((f) => orders.deleteDraftFile(input.draftId, f.id).catch(() => {})),
        );
      }),
      calculatePrice: fromPromise(({ input, signal }) => calculatePrice(input, io.bonusAvailable(), signal)),
      submitOrder: fromPromise(async ({ input }): Promise<SubmitResult> => {
        if (input.mode === 'edit') {
          const id = input.orderId ?? 0;
          const order = await orders.editOrder(
            id,
            valuesToEdit(
              input.values,
              input.initial,
              input.files.map((f) => f.id),
              { code: input.promoCode, initial: input.initialPromoCode },
            ),
          );
          return { orderId: order.id, isFirstOrder: false };
        }
        const created = await orders.createOrder(
          valuesToCreate(input.values, input.draftId, input.promoCode),
        );
        return { orderId: created.order.id, isFirstOrder: created.is_first_order };
      }),
    },
  });
}
