import { useRef, useState, type FormEvent } from 'react';
import { useSendToSession, useSessionBusy } from '../../actors/hooks';
import { FormErrorSummary } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { TextField } from '../../ui/field';
import { socialEmailAuth } from './api';
import { AuthHeading, AuthLayout } from './auth-layout';
import * as s from './auth.css';
import { compact, useFormErrors, useSubmit } from './form-state';
import { emailProblem } from './validators';
import { tp } from './page-strings';

/** /socials-email-auth?token=…: the social network gave no e-mail; the customer adds one and is signed in. */
export function SocialsEmailAuthPage({ token }: { token: string }) {
  const sendToSession = useSendToSession();
  const sessionBusy = useSessionBusy();
  const [email, setEmail] = useState('');
  const { state, submit } = useSubmit(socialEmailAuth);
  const form = useRef<HTMLFormElement>(null);
  const failed = state.status === 'failed' ? state.error : null;
  const errors = useFormErrors(form, failed, ['email']);
  const busy = state.status === 'submitting' || (state.status === 'done' && sessionBusy);
  // 400 { detail } (not { email }) means the social token is dead: only a new social sign-in helps.
  const tokenDead = failed !== null && failed.status === 400 && !failed.fields?.email;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = email.trim();
    const ok = errors.check(
      compact({
        email: emailProblem(value),
      }),
    );
    if (!ok) return;
    const tokens = await submit({ token, email: value });
    if (tokens)
      sendToSession({ type: 'session.authenticated', access: tokens.access, expires_in: tokens.expires_in });
  };

  if (tokenDead) {
    return (
      <AuthLayout>
        <div className={s.stateBox}>
          <AuthHeading
            icon="clock"
            tone="danger"
            title={tp.socialEmail.deadTitle}
            lead={failed.message || tp.socialEmail.deadText}
            focus
          />
          <ButtonLink to="/login" size="lg" block>
            {tp.socialEmail.again}
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthHeading icon="mail" title={tp.socialEmail.title} lead={tp.socialEmail.lead} />
      <form ref={form} className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <FormErrorSummary detail={errors.detail} focusOnShow={false} />
        <TextField
          label={tp.socialEmail.email}
          type="email"
          name="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            errors.edit('email');
          }}
          error={errors.field('email')}
        />
        <div className={s.actions}>
          <Button type="submit" size="lg" block loading={busy}>
            {tp.socialEmail.submit}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
