import type { ApiErrorInfo } from '../shared/error-info';
import type { FieldMessages } from './submission.types';

// Apart from the machine so a form can show a refusal it was handed (the session's) before the machine has loaded.

/**
 * Splits a server refusal for a form: the messages of the fields it shows go to them; its detail and the messages
 * of any other field go above the form (a refusal with field messages only for shown fields has no detail).
 */
export function splitRefusal(
  error: ApiErrorInfo | null,
  fields: readonly string[],
): { fieldErrors: FieldMessages; detail: string | null } {
  if (!error) return { fieldErrors: {}, detail: null };
  const fieldErrors: FieldMessages = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    if (fields.includes(name)) fieldErrors[name] = messages;
    else other.push(...messages);
  }
  const shown = Object.keys(fieldErrors).length > 0;
  return { fieldErrors, detail: other.length ? other.join(' ') : shown ? null : error.message };
}
