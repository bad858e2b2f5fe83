import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { toErrorInfo, type ApiErrorInfo } from '../../../machines/shared/error-info';

/** The life of one form submission: failure is a state with the server's messages, success keeps the answer. */
export type SubmitState<T> =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'failed'; error: ApiErrorInfo }
  | { status: 'done'; result: T };

/** Runs a page's own API call (registration, restore …) and keeps its state; ignores answers after unmount. */
export function useSubmit<A extends unknown[], T>(call: (...args: A) => Promise<T>) {
  const [state, setState] = useState<SubmitState<T>>({ status: 'idle' });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const submit = useCallback(
    async (...args: A): Promise<T | undefined> => {
      setState({ status: 'submitting' });
      try {
        const result = await call(...args);
        if (alive.current) setState({ status: 'done', result });
        return result;
      } catch (error) {
        if (alive.current) setState({ status: 'failed', error: toErrorInfo(error) });
        return undefined;
      }
    },
    [call],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, submit, reset };
}

export type FieldMessages = Partial<Record<string, string[]>>;

/**
 * Splits a server error for a form: messages of the fields the form shows go to those fields; the detail and
 * the messages of any other field go above the form.
 */
export function splitErrors(
  error: ApiErrorInfo | null | undefined,
  formFields: readonly string[],
): { fields: FieldMessages; detail: string | null } {
  if (!error) return { fields: {}, detail: null };
  const fields: FieldMessages = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    if (formFields.includes(name)) fields[name] = messages;
    else other.push(...messages);
  }
  const hasFields = Object.keys(fields).length > 0;
  return { fields, detail: other.length ? other.join(' ') : hasFields ? null : error.message };
}

/**
 * The errors a form shows: its own checks (made on submit) and the server's answer. A field's message hides as
 * soon as the customer edits that field. After a failed submit focus goes to the first invalid field, or to the
 * message above the form, so keyboard and screen-reader users land on what to fix.
 */
export function useFormErrors(
  form: RefObject<HTMLFormElement | null>,
  serverError: ApiErrorInfo | null | undefined,
  formFields: readonly string[],
) {
  const [client, setClient] = useState<FieldMessages>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [attempt, setAttempt] = useState(0);
  const server = splitErrors(serverError, formFields);
  // An error left from before this form was shown (e.g. back on /login) is displayed but does not grab focus.
  const initialError = useRef(serverError);

  useEffect(() => {
    if (!form.current || (!attempt && (!serverError || serverError === initialError.current))) return;
    const target =
      form.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [attempt, serverError, form]);

  return {
    /** Messages of one field, or undefined. */
    field: (name: string) => (edited.has(name) ? undefined : (client[name] ?? server.fields[name])),
    /** The message above the form (server detail or an error of a field the form does not show). */
    detail: server.detail,
    edit: (name: string) => setEdited((prev) => (prev.has(name) ? prev : new Set(prev).add(name))),
    /** Call on submit with the form's own checks; true when the form may be sent. */
    check: (errors: FieldMessages) => {
      setClient(errors);
      setEdited(new Set());
      const ok = Object.keys(errors).length === 0;
      if (!ok) setAttempt((n) => n + 1);
      return ok;
    },
  };
}

/** Drops undefined entries so `Object.keys(errors).length` says whether the form is valid. */
export function compact(errors: Record<string, string | undefined>): FieldMessages {
  const out: FieldMessages = {};
  for (const [k, v] of Object.entries(errors)) if (v) out[k] = [v];
  return out;
}
