import { Link } from '@tanstack/react-router';
import { useSendToSession, useSessionBusy } from '../../actors/hooks';
import { useForm } from '../../actors/use-form';
import { FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Checkbox, PasswordField, TextField } from '../../ui/field';
import { registerCustomer } from './api';
import { AuthHeading, AuthLayout } from './auth-layout';
import * as s from './auth.css';
import { tp } from './page-strings';
import { useQueryValue } from './search';

/** /registration: the account is created and signed in at once (201 with tokens). */
export function RegistrationPage() {
  const sendToSession = useSendToSession();
  const sessionBusy = useSessionBusy();
  const redirect = useQueryValue('redirect');
  const form = useForm({
    initial: { email: '', password: '', fio: '', phone: '', accept_terms: false },
    schema: 'RegistrationRequest',
    toRequest: (v) => ({
      email: v.email.trim(),
      password: v.password,
      // The schema says 'Необходимо принять условия…' to anything but true.
      accept_terms: v.accept_terms as true,
      ...(v.fio.trim() ? { fio: v.fio.trim() } : {}),
      ...(v.phone.trim() ? { phone: v.phone.trim() } : {}),
    }),
    submit: (body) => registerCustomer(body),
    onDone: (tokens) =>
      sendToSession({ type: 'session.authenticated', access: tokens.access, expires_in: tokens.expires_in }),
  });
  const busy = form.busy || (form.done && sessionBusy);

  const optional = (label: string) => (
    <>
      {label} <span className={s.lead}>({tp.registration.optional})</span>
    </>
  );

  return (
    <AuthLayout>
      <AuthHeading title={tp.registration.title} lead={tp.registration.lead} />
      <form {...form.props} className={s.form} aria-busy={busy || undefined}>
        <FormErrorSummary detail={form.detail} focusOnShow={false} />
        <TextField
          label={tp.registration.email}
          hint={tp.registration.emailHint}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.text('email')}
        />
        <PasswordField
          label={tp.registration.password}
          hint={tp.registration.passwordHint}
          autoComplete="new-password"
          required
          {...form.text('password')}
        />
        <TextField label={optional(tp.registration.fio)} autoComplete="name" {...form.text('fio')} />
        <TextField
          label={optional(tp.registration.phone)}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint={tp.registration.phoneHint}
          {...form.text('phone')}
        />
        <Checkbox label={tp.registration.acceptTerms} required {...form.checkbox('accept_terms')} />
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
