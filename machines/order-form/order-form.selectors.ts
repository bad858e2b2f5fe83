import type { SnapshotFrom } from 'xstate';
import type { orderFormMachine } from './order-form.machine';
import type { FormField } from './order-form.types';

type OrderFormSnapshot = SnapshotFrom<typeof orderFormMachine>;

export type DraftStatus = 'idle' | 'debouncing' | 'saving' | 'saved' | 'saveFailed' | 'resetting';
export type FormPhase = 'loading' | 'loadFailed' | 'editing' | 'submitting' | 'invalid' | 'failed' | 'done';

export const selectIsLoading = (s: OrderFormSnapshot) => s.hasTag('loading');
export const selectIsCalculating = (s: OrderFormSnapshot) => s.hasTag('calculating');
export const selectIsSubmitting = (s: OrderFormSnapshot) => s.hasTag('submitting');
export const selectIsSavingDraft = (s: OrderFormSnapshot) => s.hasTag('savingDraft');

export function selectPhase(s: OrderFormSnapshot): FormPhase {
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('done')) return 'done';
  if (s.matches({ editing: { submit: 'submitting' } })) return 'submitting';
  if (s.matches({ editing: { submit: 'invalid' } })) return 'invalid';
  if (s.matches({ editing: { submit: 'failed' } })) return 'failed';
  return 'editing';
}

/** The draft region's state; null outside editing or without a draft (edit mode). */
export function selectDraftStatus(s: OrderFormSnapshot): DraftStatus | null {
  if (!s.matches('editing') || s.context.draftId === null) return null;
  const value = s.value as { editing: { draft: DraftStatus } };
  return value.editing.draft;
}

/** Typed but not yet on the server: the page saves it on leaving (keepalive). */
export const selectHasUnsavedDraft = (s: OrderFormSnapshot) => {
  const status = selectDraftStatus(s);
  return status === 'debouncing' || status === 'saveFailed' || (status === 'saving' && s.context.draftDirty);
};

export const selectValue = (field: FormField) => (s: OrderFormSnapshot) => s.context.values[field];
export const selectProblem = (field: FormField) => (s: OrderFormSnapshot) => s.context.problems[field];
export const selectFieldErrors = (s: OrderFormSnapshot) => s.context.fieldErrors;
export const selectProblems = (s: OrderFormSnapshot) => s.context.problems;
export const selectFiles = (s: OrderFormSnapshot) => s.context.files;
export const selectQuote = (s: OrderFormSnapshot) => s.context.quote;
export const selectQuoteError = (s: OrderFormSnapshot) => s.context.quoteError;
export const selectPromoCode = (s: OrderFormSnapshot) => s.context.promoCode;
export const selectUseBonus = (s: OrderFormSnapshot) => s.context.useBonus;
export const selectError = (s: OrderFormSnapshot) => s.context.error;
export const selectDraftError = (s: OrderFormSnapshot) => s.context.draftError;
export const selectResult = (s: OrderFormSnapshot) => s.context.result;
export const selectRestored = (s: OrderFormSnapshot) => s.context.restored;
export const selectDraftId = (s: OrderFormSnapshot) => s.context.draftId;
export const selectOrderId = (s: OrderFormSnapshot) => s.context.orderId;
export const selectIsEditable = (s: OrderFormSnapshot) => s.context.isEditable;
export const selectFilesWithoutQc = (s: OrderFormSnapshot) => s.context.filesWithoutQc;
