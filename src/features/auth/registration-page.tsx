import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import type { RegistrationRequest } from '../../../contract/auth.api';
import { useSendToSession, useSessionBusy } from '../../actors/hooks';
import { FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Checkbox, PasswordField, TextField } from '../../ui/field';
import { registerCustomer } from './api';
import { AuthHeading, AuthLayout } from './auth-layout';
import * as s from './auth.css';
import { compact, useFormErrors, useSubmit } from './form-state';
import { emailProblem, passwordProblem } from './validators';
import { tp } from './page-strings';
import { useQueryValue } from './search';

const FIELDS = ['email', 'password', 'fio', 'phone', 'accept_terms'] as const;

/** /registration: the account is created and signed in at once (201 with tokens). */
export function RegistrationPage() {
  const sendToSession = useSendToSession();
  const sessionBusy = useSessionBusy();
  const redirect = useQueryValue('redirect');
  const [values, setValues] = useState({ email: '', password: '', fio: '', phone: '', accept_terms: false });
  const { state, submit } = useSubmit(registerCustomer);
  const form = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(form, state.status === 'failed' ? state.error : null, FIELDS);
  const busy = state.status === 'submitting' || (state.status === 'done' && sessionBusy);

  const set = <K extends keyof typeof values>(name: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    errors.edit(name);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const email = values.email.trim();
    const ok = errors.check(
      compact({
        email: emailProblem(email),
        password: passwordProblem(values.password),
        accept_terms: values.accept_terms ? undefined : tp.registration.required.acceptTerms,
      }),
    );
    if (!ok) return;
    const body: RegistrationRequest = { email, password: values.password, accept_terms: true };
    if (values.fio.trim()) body.fio = values.fio.trim();
    if (values.phone.trim()) body.phone = values.phone.trim();
    const tokens = await submit(body);
    if (tokens)
      sendToSession({ type: 'session.authenticated', access: tokens.access, expires_in: tokens.expires_in });
  };

  const optional = (label: string) => (
    <>
      {label} <span className={s.lead}>({tp.registration.optional})</span>
    </>
  );

  return (
    <AuthLayout>
      <AuthHeading title={tp.registration.title} lead={tp.registration.lead} />
      <form ref={form} className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <FormErrorSummary detail={errors.detail} focusOnShow={false} />
        <TextField
          label={tp.registration.email}
          hint={tp.registration.emailHint}
          type="email"
          name="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.field('email')}
        />
        <PasswordField
          label={tp.registration.password}
          hint={tp.registration.passwordHint}
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          error={errors.field('password')}
        />
        <TextField
          label={optional(tp.registration.fio)}
          name="fio"
          autoComplete="name"
          value={values.fio}
          onChange={(e) => set('fio', e.target.value)}
          error={errors.field('fio')}
        />
        <TextField
          label={optional(tp.registration.phone)}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          hint={tp.registration.phoneHint}
          value={values.phone}
          onChange={(e) => set('phone', e.target.value)}
          error={errors.field('phone')}
        />
        <Checkbox
          label={tp.registration.acceptTerms}
          name="accept_terms"
          required
          checked={values.accept_terms}
          onChange={(e) => set('accept_terms', e.target.checked)}
          error={errors.field('accept_terms')}
        />
        <div className={s.actions}>
          <Button type="submit" size="lg" block loading={busy}>
            {tp.registration.submit}
          </Button>
        </div>
      </form>
      <p className={s.switchLine}>
        {tp.registration.haveAccount}{' '}
        <Link className={s.textLink} to="/login" search={redirect ? { redirect } : {}}>
          {tp.registration.signIn}
        </Link>
      </p>
    </AuthLayout>
  );
}
