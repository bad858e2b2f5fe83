import {
  forwardRef,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import { Icon } from './icon';
import * as s from './field.css';
import { uiStrings } from './strings';

/** Field errors arrive from the API as a list of messages per field; one or many are shown. */
export type FieldError = string | readonly string[] | null | undefined;

const messagesOf = (e: FieldError): readonly string[] => (e == null ? [] : typeof e === 'string' ? [e] : e);

type Described = { hint?: ReactNode; error?: FieldError };

/** Ids of the hint and the error, wired to the control with aria-describedby. */
function useDescribed(idProp: string | undefined, { hint, error }: Described) {
  const auto = useId();
  const id = idProp ?? auto;
  const errors = messagesOf(error);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, errors, describedBy, invalid: errors.length > 0 };
}

function FieldMessages({
  hintId,
  hint,
  errorId,
  errors,
}: {
  hintId?: string;
  hint?: ReactNode;
  errorId?: string;
  errors: readonly string[];
}) {
  return (
    <>
      {errorId && (
        <div id={errorId} className={s.error}>
          <Icon name="alertCircle" size={16} className={s.errorIcon} />
          <span>{errors.join(' ')}</span>
        </div>
      )}
      {hint && (
        <div id={hintId} className={s.hint}>
          {hint}
        </div>
      )}
    </>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> &
  Described & {
    label: ReactNode;
    /** Something right of the label, e.g. a "forgot password?" link. */
    labelAside?: ReactNode;
    trailing?: ReactNode;
    inputClassName?: string;
  };

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, labelAside, hint, error, trailing, inputClassName, id: idProp, className, ...input },
  ref,
) {
  const d = useDescribed(idProp, { hint, error });
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      <div className={s.labelRow}>
        <label htmlFor={d.id} className={s.label}>
          {label}
        </label>
        {labelAside}
      </div>
      <div className={s.inputWrap}>
        <input
          ref={ref}
          id={d.id}
          className={[s.control, trailing && s.withTrailing, inputClassName].filter(Boolean).join(' ')}
          aria-invalid={d.invalid || undefined}
          aria-describedby={d.describedBy}
          {...input}
        />
        {trailing}
      </div>
      <FieldMessages {...d} hint={hint} />
    </div>
  );
});

/** A password input with a show/hide toggle (aria-pressed), so people can check what they typed. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'trailing'>>(
  function PasswordField(props, ref) {
    const [shown, setShown] = useState(false);
    return (
      <TextField
        ref={ref}
        type={shown ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...props}
        trailing={
          <button
            type="button"
            className={s.trailing}
            aria-pressed={shown}
            aria-label={uiStrings.showPassword}
            title={shown ? uiStrings.hidePassword : uiStrings.showPassword}
            onClick={() => setShown((v) => !v)}
          >
            <Icon name={shown ? 'eyeOff' : 'eye'} size={18} />
          </button>
        }
      />
    );
  },
);

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & Described & { label: ReactNode };

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, hint, error, id: idProp, className, ...input },
  ref,
) {
  const d = useDescribed(idProp, { hint, error });
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      <div className={s.checkboxRow}>
        <input
          ref={ref}
          id={d.id}
          type="checkbox"
          className={s.checkbox}
          aria-invalid={d.invalid || undefined}
          aria-describedby={d.describedBy}
          {...input}
        />
        <label htmlFor={d.id} className={s.checkboxText}>
          {label}
        </label>
      </div>
      <FieldMessages {...d} hint={hint} />
    </div>
  );
});

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> &
  Described & {
    label: ReactNode;
    options: readonly { value: string; label: string; disabled?: boolean }[];
    placeholder?: string;
  };

/** The native select (best on phones and for assistive tech), styled to match the text fields. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, hint, error, options, placeholder, id: idProp, className, ...select },
  ref,
) {
  const d = useDescribed(idProp, { hint, error });
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={d.id} className={s.label}>
        {label}
      </label>
      <div className={s.inputWrap}>
        <select
          ref={ref}
          id={d.id}
          className={`${s.control} ${s.select}`}
          aria-invalid={d.invalid || undefined}
          aria-describedby={d.describedBy}
          {...select}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <Icon name="chevronDown" size={18} className={s.selectChevron} />
      </div>
      <FieldMessages {...d} hint={hint} />
    </div>
  );
});
