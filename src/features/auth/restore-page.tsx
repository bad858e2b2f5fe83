import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, FormErrorSummary } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { TextField } from '../../ui/field';
import { requestPasswordRestore } from './api';
import { AuthHeading, AuthLayout } from './auth-layout';
import * as s from './auth.css';
import { compact, useFormErrors, useSubmit } from './form-state';
import { emailProblem } from './validators';
import { tp } from './page-strings';
import { t } from './strings';

/** /restore: asks for a password link. The answer is the same whether or not the address is known. */
export function RestorePage() {
  const [email, setEmail] = useState('');
  const { state, submit, reset } = useSubmit(requestPasswordRestore);
  const form = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(form, state.status === 'failed' ? state.error : null, ['email']);
  const busy = state.status === 'submitting';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = email.trim();
    const ok = errors.check(
      compact({
        email: emailProblem(value),
      }),
    );
    if (ok) void submit({ email: value });
  };

  return (
    <AuthLayout>
      {state.status === 'done' ? (
        <div className={s.stateBox}>
          <AuthHeading icon="mail" tone="success" title={tp.restore.sentTitle} focus />
          <Alert tone="success" live="status">
            {tp.restore.sentText(email.trim())}
          </Alert>
          <p className={s.sentNote}>{tp.restore.sentHint}</p>
          <div className={s.actions}>
            <ButtonLink to="/login" size="lg" block>
              {tp.restore.back}
            </ButtonLink>
            <Button variant="ghost" block onClick={reset}>
              {tp.restore.again}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <AuthHeading title={tp.restore.title} lead={tp.restore.lead} />
          <form ref={form} className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
            <FormErrorSummary detail={errors.detail} focusOnShow={false} />
            <TextField
              label={tp.restore.email}
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
                {tp.restore.submit}
              </Button>
            </div>
          </form>
          <p className={s.switchLine}>
            <Link className={s.textLink} to="/login">
              {t.backToLogin}
            </Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
