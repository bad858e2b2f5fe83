// The profile form's fields: each reads only its own value and messages from the profile machine.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { profileFormMachine } from '../../../machines/profile-form/profile-form.machine';
import { selectFieldError, selectValue } from '../../../machines/profile-form/profile-form.selectors';
import type { ProfileField, ProfileFormValues } from '../../../machines/profile-form/profile-form.types';
import { Checkbox, Select, TextField } from '../../ui/field';

export type ProfileFormRef = ActorRefFrom<typeof profileFormMachine>;

const FormContext = createContext<ProfileFormRef | null>(null);

export function ProfileFormProvider({ actor, children }: { actor: ProfileFormRef; children: ReactNode }) {
  return <FormContext.Provider value={actor}>{children}</FormContext.Provider>;
}

export function useProfileForm(): ProfileFormRef {
  const actor = useContext(FormContext);
  if (!actor) throw new Error('useProfileForm() needs <ProfileFormProvider> above it');
  return actor;
}

type TextKey = { [K in ProfileField]: ProfileFormValues[K] extends boolean ? never : K }[ProfileField];
type BoolKey = { [K in ProfileField]: ProfileFormValues[K] extends boolean ? K : never }[ProfileField];

function useField<F extends ProfileField>(field: F) {
  const actor = useProfileForm();
  const valueOf = useMemo(() => selectValue(field), [field]);
  const errorOf = useMemo(() => selectFieldError(field), [field]);
  const value = useSelector(actor, valueOf);
  const error = useSelector(actor, errorOf);
  const change = (v: string | boolean) => actor.send({ type: 'profile.change', field, value: v });
  return { value, error, change };
}

type InputProps = Omit<React.ComponentProps<typeof TextField>, 'value' | 'onChange' | 'error' | 'name'>;

export function ProfileText({
  field,
  normalize,
  ...rest
}: InputProps & {
  field: TextKey;
  /** Tidies the value when the field loses focus. */ normalize?: (v: string) => string;
}) {
  const { value, error, change } = useField(field);
  const text = typeof value === 'string' ? value : '';
  return (
    <TextField
      {...rest}
      id={`profile-${field}`}
      name={field}
      value={text}
      error={error}
      onChange={(e) => change(e.target.value)}
      onBlur={normalize ? () => text !== normalize(text) && change(normalize(text)) : undefined}
    />
  );
}

export function ProfileSelect({
  field,
  ...rest
}: Omit<React.ComponentProps<typeof Select>, 'value' | 'onChange' | 'error' | 'name'> & { field: TextKey }) {
  const { value, error, change } = useField(field);
  return (
    <Select
      {...rest}
      id={`profile-${field}`}
      name={field}
      value={typeof value === 'string' ? value : ''}
      error={error}
      onChange={(e) => change(e.target.value)}
    />
  );
}

export function ProfileCheck({ field, label, hint }: { field: BoolKey; label: ReactNode; hint?: ReactNode }) {
  const { value, error, change } = useField(field);
  return (
    <Checkbox
      id={`profile-${field}`}
      name={field}
      label={label}
      hint={hint}
      checked={value === true}
      error={error}
      onChange={(e) => change(e.target.checked)}
    />
  );
}
