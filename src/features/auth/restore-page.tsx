import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { Alert, FormErrorSummary } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { TextField } from '../../ui/field';
import { requestPasswordRestore } from './api';
import { AuthHeading, AuthLayout } from './auth-layout';
import * as s from './auth.css';
import { compact, emailProblem, useFormErrors, useSubmit } from './form-state';
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
          <AuthHeading icon="mail" tone="success" title={t.restore.sentTitle} focus />
          <Alert tone="success" live="status">
            {t.restore.sentText(email.trim())}
          </Alert>
          <p className={s.sentNote}>{t.restore.sentHint}</p>
          <div className={s.actions}>
            <ButtonLink to="/login" size="lg" block>
              {t.restore.back}
            </ButtonLink>
            <Button variant="ghost" block onClick={reset}>
              {t.restore.again}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <AuthHeading title={t.restore.title} lead={t.restore.lead} />
          <form ref={form} className={s.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
            <FormErrorSummary detail={errors.detail} focusOnShow={false} />
            <TextField
              label={t.restore.email}
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
                {t.restore.submit}
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
