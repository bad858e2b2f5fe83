// The field half of the form helper, shared by useForm (a submission machine sends) and useFlowForm (a flow's machine
// sends: the session's sign-in): values, the bindings of each field (value, onChange, onFocus, onBlur,
// errors) and the contract's checks, per field on blur and all of them on submit. No machine here: /login's first
// visit carries this file, and the contract's schemas (zod) load only on a field's first focus.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
} from 'react';
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
  /** The values with every change so far, rendered or not: a handler of an older render still sends the latest. */
  const current = useRef<V>(options.initial);
  /** Fields changed through the app (the customer's input events, or code): their state is what they hold. */
  const touched = useRef(new Set<string>());
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

  const take = (name: keyof V & string, value: string | boolean) => {
    current.current = { ...current.current, [name]: value };
    setValues(current.current);
    edited.current.add(name);
    store.edit(name);
    latest.current.onValue?.(name, value);
  };
  const set = (name: keyof V & string, value: string | boolean) => {
    touched.current.add(name);
    take(name, value);
  };

  /**
   * The values as the customer sees them. A field the app has not heard from yet may hold more than the state: what
   * was typed into the prerendered page before the app took it over, or what the browser filled in without an input
   * event (autofill shows a saved password to scripts only after the visitor's first gesture). Those are taken from
   * the page; a field changed through the app is controlled, so its state is what the page shows.
   */
  const read = (): V => {
    const el = form.current;
    if (!el) return current.current;
    for (const name of Object.keys(current.current)) {
      if (touched.current.has(name)) continue;
      const shown = shownValue(el, name);
      if (shown !== undefined && shown !== current.current[name]) take(name, shown);
    }
    return current.current;
  };

  // A prerendered page (src/main.tsx hydrates it) may have been typed into before the app took it over. At the
  // commit that takes the form over, in the same task (a layout effect: no click or key can come between the commit
  // and the state catching up), the fields take what the page holds, the form is marked as the app's (boot.js holds
  // a prerendered form's submit until then), and a submit boot.js held is sent again, once the values are in.
  const [resend, setResend] = useState(0);
  useEffect(() => {
    if (resend) form.current?.requestSubmit();
  }, [resend]);
  useLayoutEffect(() => {
    read();
    const w = window as { __cabinetPendingSubmit?: HTMLFormElement };
    if (form.current && w.__cabinetPendingSubmit === form.current) {
      delete w.__cabinetPendingSubmit;
      setResend(1);
    }
    // Once, at the first render's commit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Every form element the fields render is the app's (a form shown again, e.g. after "send another", is a new one).
  useLayoutEffect(() => {
    form.current?.setAttribute('data-ready', '');
  });

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
    const now = current.current;
    if (!check || now[name] === '') return;
    const { schema, refine, toRequest } = latest.current;
    store.checked(name, problemsOf(check, schema, toRequest(now), refine)[name] ?? []);
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
    /** The request the values make now, as the customer sees them (the submit sends it). */
    request: () => latest.current.toRequest(read()),
    focusProblem,
    form,
    /** Starts loading the contract's checks (the fields do it on focus). */
    warm,
    latest,
  };
}

/**
 * The value a text field or checkbox of `form` shows; undefined when no single such control has that name. (A select
 * is left out: one whose value matches no option shows its first option, which the state rightly does not hold.)
 */
function shownValue(form: HTMLFormElement, name: string): string | boolean | undefined {
  const el = form.elements.namedItem(name);
  if (el instanceof HTMLInputElement) return el.type === 'checkbox' ? el.checked : el.value;
  if (el instanceof HTMLTextAreaElement) return el.value;
  return undefined;
}
