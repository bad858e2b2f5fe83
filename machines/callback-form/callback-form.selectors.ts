import type { SnapshotFrom } from 'xstate';
import type { callbackFormMachine } from './callback-form.machine';
import type { CallbackRequestValues } from './callback-form.types';

type CallbackFormSnapshot = SnapshotFrom<typeof callbackFormMachine>;

export const selectIsSending = (s: CallbackFormSnapshot) => s.hasTag('busy');
export const selectIsSent = (s: CallbackFormSnapshot) => s.matches('sent');
/** The hourly limit was reached (429): its own notice, not a field error. */
export const selectTooMany = (s: CallbackFormSnapshot) => s.context.error?.status === 429;
export const selectError = (s: CallbackFormSnapshot) => s.context.error;
/** The message at a field, if any (a missing phone is known before sending). */
export const selectFieldError =
  (field: keyof CallbackRequestValues, phoneRequired: string) => (s: CallbackFormSnapshot) =>
    field === 'phone' && s.context.phoneMissing ? phoneRequired : s.context.error?.fields?.[field];
/** A refusal that belongs to no field and is not the hourly limit: shown in the summary. */
export function selectDetail(s: CallbackFormSnapshot): string | null {
  const error = s.context.error;
  if (!error || error.status === 429) return null;
  const fields: (keyof CallbackRequestValues)[] = ['phone', 'name', 'time', 'comment'];
  return fields.some((f) => error.fields?.[f]) ? null : error.message;
}
