import { useSelector } from '@xstate/react';
import { useMemo, type TextareaHTMLAttributes } from 'react';
import { deadlineBounds } from './rules';
import { selectProblem, selectValue } from '../../../machines/order-form/order-form.selectors';
import type { FormField } from '../../../machines/order-form/order-form.types';
import { ORDER_LIMITS, WORK_TYPES } from '../../../contract/orders';
import { Select, TextField } from '../../ui/field';
import * as fieldCss from '../../ui/field.css';
import { Icon } from '../../ui/icon';
import { useOrderForm } from './form-context';
import * as s from './order-form.css';
import { t } from './strings';

export const fieldId = (field: string) => `order-${field}`;

/** One field's value, its client problem and the server's messages, each through its own narrow selector. */
function useField(field: FormField) {
  const actor = useOrderForm();
  const value = useSelector(
    actor,
    useMemo(() => selectValue(field), [field]),
  );
  const problem = useSelector(
    actor,
    useMemo(() => selectProblem(field), [field]),
  );
  const serverErrors = useSelector(actor, (st) => st.context.fieldErrors[field]);
  const error = serverErrors?.length ? serverErrors : problem ? t.problems[problem](field) : undefined;
  const onChange = (next: string) => actor.send({ type: 'form.change', field, value: next });
  return { value, error, onChange, id: fieldId(field) };
}

function WorkTypeField() {
  const f = useField('work_type');
  return (
    <Select
      id={f.id}
      label={t.labels.work_type}
      placeholder={t.placeholders.work_type}
      options={WORK_TYPES.map((w) => ({ value: w, label: w }))}
      value={f.value}
      onChange={(e) => f.onChange(e.target.value)}
      error={f.error}
      required
    />
  );
}

function TextInput({ field, hint, ...rest }: { field: FormField; hint?: string } & Record<string, unknown>) {
  const f = useField(field);
  return (
    <TextField
      id={f.id}
      label={t.labels[field]}
      value={f.value}
      onChange={(e) => f.onChange(e.target.value)}
      error={f.error}
      hint={hint}
      {...rest}
    />
  );
}

function DeadlineField() {
  // Bounds of today: a page left open over midnight is re-checked on submit anyway.
  const { min, max } = useMemo(() => deadlineBounds(new Date()), []);
  return (
    <TextInput
      field="deadline"
      type="date"
      min={min}
      // The input's max is inclusive, the rule's is exclusive (spec 5): the last allowed day is the day before.
      max={new Date(Date.parse(`${max}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)}
      hint={t.hints.deadline(min, max)}
      required
    />
  );
}

function TextArea({ field, ...rest }: { field: FormField } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const f = useField(field);
  const errorId = `${f.id}-error`;
  const messages = f.error === undefined ? [] : typeof f.error === 'string' ? [f.error] : f.error;
  return (
    <div className={fieldCss.field}>
      <label htmlFor={f.id} className={fieldCss.label}>
        {t.labels[field]}
      </label>
      <textarea
        id={f.id}
        className={s.textarea}
        value={f.value}
        onChange={(e) => f.onChange(e.target.value)}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={messages.length ? errorId : undefined}
        {...rest}
      />
      {messages.length > 0 && (
        <div id={errorId} className={fieldCss.error}>
          <Icon name="alertCircle" size={16} className={fieldCss.errorIcon} />
          <span>{messages.join(' ')}</span>
        </div>
      )}
    </div>
  );
}

/** The fields of the order: what, about what, when, how much. */
export function WorkFields() {
  return (
    <>
      <WorkTypeField />
      <div className={s.row}>
        <TextInput field="subject" placeholder={t.placeholders.subject} maxLength={ORDER_LIMITS.subjectMax} />
        <DeadlineField />
      </div>
      <TextInput
        field="topic"
        placeholder={t.placeholders.topic}
        maxLength={ORDER_LIMITS.topicMax}
        required
      />
      <div className={s.row}>
        <TextInput field="pages" inputMode="numeric" autoComplete="off" hint={t.hints.pages} required />
        <TextInput field="originality" inputMode="numeric" autoComplete="off" hint={t.hints.originality} />
      </div>
    </>
  );
}

export function DetailFields() {
  return (
    <>
      <TextArea
        field="requirements"
        placeholder={t.placeholders.requirements}
        maxLength={ORDER_LIMITS.requirementsMax}
      />
      <TextInput
        field="link"
        type="url"
        inputMode="url"
        placeholder={t.placeholders.link}
        hint={t.hints.link}
        maxLength={ORDER_LIMITS.linkMax}
      />
    </>
  );
}
