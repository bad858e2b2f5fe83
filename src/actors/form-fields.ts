// The field half of the form helper, shared by useForm (a submission machine sends) and useFlowForm (a flow's machine
// sends: the session's sign-in): values, the bindings of each field (value, onChange, onFocus, onBlur,
// errors) and the contract's checks, per field on blur and all of them on submit. No machine here: /login's first
// visit carries this file, and the contract's schemas (zod) load only on a field's first focus.
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import type { FieldMessages } from '../../machines/submission/submission.types';
import {
  loadChecks,
  loadedChecks,
  type Checker,
  type FieldProblems,
  type SchemaInput,
  type SchemaName,
} from '../api/validators';

/** A form's values by field name; a name is the field's path in the request where it has one (`recipient.fio`). */
export type FormValues = Record<string, string | boolean>;

export interface FieldsOptions<V extends FormValues, N extends SchemaName> {
  initial: V;
  /** The contract's request schema (contract/*.api.ts) that checks what `toRequest` builds. */
  schema: N;
  /** The request body from the values: trimmed, optional fields left out. */
  toRequest: (values: V) => SchemaInput<N>;
  /** Checks the schema cannot make (they need the page's data: a sum no larger than what was paid). */
  refine?: (request: SchemaInput<N>) => FieldProblems;
  /** Every change of a value (a value the page shares between two forms). */
  onValue?: (name: keyof V & string, value: string | boolean) => void;
}

/** Where a form's messages live (a submission machine, or the form's own state) and how they change. */
export interface FieldStore {
  fieldErrors: FieldMessages;
  /** The customer changed a field: its message hides. */
  edit: (field: string) => void;
  /** One field was checked on blur: its messages, [] when fine. */
  checked: (field: string, messages: string[]) => void;
}

/** The contract's messages and the form's own, one list per field (the schema's first). */
export function problemsOf<N extends SchemaName>(
  check: Checker | null,
  schema: N,
  request: SchemaInput<N>,
  refine: ((request: SchemaInput<N>) => FieldProblems) | undefined,
): FieldProblems {
  return { ...refine?.(request), ...check?.(schema, request) };
}

/** Every check of a request, waiting for the schemas; should they fail to load, the form's own still run. */
export async function checkRequest<N extends SchemaName>(
  options: Pick<FieldsOptions<FormValues, N>, 'schema' | 'refine'>,
  request: SchemaInput<N>,
): Promise<FieldProblems> {
  const check = await loadChecks().catch(() => null);
  return problemsOf(check, options.schema, request, options.refine);
}

export function useFields<V extends FormValues, N extends SchemaName>(
  options: FieldsOptions<V, N>,
  store: FieldStore,
) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [values, setValues] = useState<V>(options.initial);
  /** Fields edited since their last check: a blur checks only those. */
  const edited = useRef(new Set<string>());
  const form = useRef<HTMLFormElement>(null);
  const warm = () => void loadChecks().catch(() => {});
  /** After a refusal: focus the first field to fix, else the message above the form — once it has rendered. */
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (!focusRequest) return;
    const root = form.current;
    (
      root?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      root?.querySelector<HTMLElement>('[role="alert"]')
    )?.focus();
  }, [focusRequest]);
  const focusProblem = useCallback(() => setFocusRequest((n) => n + 1), []);

  const set = (name: keyof V & string, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    edited.current.add(name);
    store.edit(name);
    latest.current.onValue?.(name, value);
  };

  // A prerendered page (src/main.tsx hydrates it) may have been typed into before the app took it over: the fields
  // take what the page holds (elsewhere the DOM holds the initial values and nothing changes), the form is marked
  // as the app's (boot.js holds a prerendered form's submit until then), and a submit boot.js held is sent again,
  // once the values are in.
  const [resend, setResend] = useState(0);
  useEffect(() => {
    if (resend) form.current?.requestSubmit();
  }, [resend]);
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    el.setAttribute('data-ready', '');
    const w = window as { __cabinetPendingSubmit?: HTMLFormElement };
    if (w.__cabinetPendingSubmit === el) {
      delete w.__cabinetPendingSubmit;
      setResend(1);
    }
    const elements = el.elements;
    for (const name of Object.keys(latest.current.initial)) {
      const el = elements.namedItem(name);
      if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) continue;
      const typed = el instanceof HTMLInputElement && el.type === 'checkbox' ? el.checked : el.value;
      if (typed !== latest.current.initial[name]) set(name, typed);
    }
    // Once, at the first render's commit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const blur = (name: keyof V & string, next: EventTarget | null) => {
    if (!edited.current.has(name)) return;
    // On the way to the submit button: the submit checks everything, and a message now would move the button
    // from under the pointer before the click ends.
    if (
      next instanceof HTMLElement &&
      next.closest('form') === form.current &&
      next.matches('[type="submit"]')
    )
      return;
    edited.current.delete(name);
    const check = loadedChecks();
    // Not loaded yet: the submit checks everything. An emptied field is told on submit, not on leaving it (its
    // message would shift the page under a click that is on its way to the submit button).
    if (!check || values[name] === '') return;
    const { schema, refine, toRequest } = latest.current;
    store.checked(name, problemsOf(check, schema, toRequest(values), refine)[name] ?? []);
  };

  return {
    values,
    /** Sets a value from code (e.g. a phone reformatted on blur); the field counts as edited. */
    set,
    /** Props of a text input, password, select or textarea. */
    text: (name: keyof V & string) => ({
      name,
      value: String(values[name] ?? ''),
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
        set(name, e.target.value),
      onFocus: warm,
      onBlur: (e?: FocusEvent) => blur(name, e?.relatedTarget ?? null),
      error: store.fieldErrors[name],
    }),
    /** Props of a checkbox. */
    checkbox: (name: keyof V & string) => ({
      name,
      checked: Boolean(values[name]),
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.checked),
      onFocus: warm,
      onBlur: (e?: FocusEvent) => blur(name, e?.relatedTarget ?? null),
      error: store.fieldErrors[name],
    }),
    /** The messages at a field (also one that is not a value, like a list of checkboxes). */
    error: (name: string): string[] | undefined => store.fieldErrors[name],
    /** The request the values make now (the submit sends it). */
    request: () => latest.current.toRequest(values),
    focusProblem,
    form,
    /** Starts loading the contract's checks (the fields do it on focus). */
    warm,
    latest,
  };
}
