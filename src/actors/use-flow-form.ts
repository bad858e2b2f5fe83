// The form helper of the sign-in forms, whose call is a step of the session machine's flow (password, code request,
// code): the same fields and contract checks as useForm (form-fields.ts), with the session's busy flag and refusal
// instead of a submission machine — so /login's first visit carries no second machine.
import { useEffect, useState, type FormEvent } from 'react';
import type { ApiErrorInfo } from '../../machines/shared/error-info';
import { splitRefusal } from '../../machines/submission/submission.refusal';
import type { FieldMessages } from '../../machines/submission/submission.types';
import type { SchemaInput, SchemaName } from '../api/validators';
import { checkRequest, useFields, type FieldsOptions, type FormValues } from './form-fields';

export interface FlowFormOptions<V extends FormValues, N extends SchemaName> extends FieldsOptions<V, N> {
  /** Hands the checked request to the flow (e.g. `session.send(…)`). */
  send: (request: SchemaInput<N>) => void;
  /** The flow is running the call. */
  busy: boolean;
  /** The flow's refusal (the session's error): its field messages go to the fields, the rest above the form. */
  error: ApiErrorInfo | null;
}

export function useFlowForm<V extends FormValues, N extends SchemaName>(options: FlowFormOptions<V, N>) {
  const fields = Object.keys(options.initial);
  /** The form's own messages (the contract's checks), and the fields edited since the flow's refusal. */
  const [own, setOwn] = useState<FieldMessages>({});
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [refusal, setRefusal] = useState(options.error);
  const server = splitRefusal(options.error, fields);
  if (refusal !== options.error) {
    // A new refusal of the flow: its messages show again, the form's own give way.
    setRefusal(options.error);
    setHidden(new Set());
    if (options.error) setOwn({});
  }

  // The flow's messages of the fields edited since give way; the form's own stay until their field is edited.
  const fieldErrors: FieldMessages = { ...server.fieldErrors };
  for (const name of hidden) delete fieldErrors[name];
  Object.assign(fieldErrors, own);
  const form = useFields(options, {
    fieldErrors,
    edit: (field) => {
      setHidden((h) => (h.has(field) ? h : new Set(h).add(field)));
      setOwn((o) => {
        const { [field]: _, ...rest } = o;
        return rest;
      });
    },
    checked: (field, messages) => setOwn((o) => ({ ...o, [field]: messages })),
  });
  const { focusProblem } = form;

  // A refusal that came while this form was shown takes the focus (one from before it does not).
  const [initial] = useState(options.error);
  useEffect(() => {
    if (options.error && options.error !== initial) focusProblem();
  }, [options.error, initial, focusProblem]);

  const busy = options.busy;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const request = form.request();
    const problems = await checkRequest(form.latest.current, request);
    setHidden(new Set(fields));
    setOwn(problems);
    if (Object.keys(problems).length) focusProblem();
    else options.send(request);
  };

  return {
    ...form,
    // method="post": as useForm's (a prerendered form sent before boot.js could hold it).
    props: { ref: form.form, method: 'post', onSubmit, noValidate: true, 'aria-busy': busy || undefined },
    busy,
    /** The message above the form, or null. */
    detail: server.detail,
    /** The flow's refusal still answers what the form shows: no field edited since, no new attempt. */
    refusalStands: options.error !== null && hidden.size === 0,
  };
}
