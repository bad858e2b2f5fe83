import { useCallback, useEffect, useState } from 'react';
import { toErrorInfo, type ApiErrorInfo } from '../../../machines/shared/error-info';
import { useIsAwaitingSecondFactor, useSendToSession, useSessionBusy } from '../../actors/hooks';
import { SecondFactorStep } from './login-page';
import { useForm } from '../../actors/use-form';
import { Alert, FormErrorSummary } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { PasswordField } from '../../ui/field';
import { LoadingRegion, Skeleton } from '../../ui/primitives';
import { checkRestoreLink, setNewPassword } from './api';
import { AuthHeading, AuthLayout } from './auth-layout';
import * as s from './auth.css';
import { tp } from './page-strings';
import { t } from './strings';

type LinkState =
  | { status: 'checking' }
  | { status: 'valid' }
  | { status: 'dead' }
  | { status: 'failed'; error: ApiErrorInfo };

/** /change-password/{id}/: the link from the restore e-mail. A dead link is told before the form, with a way on. */
export function ChangePasswordPage({ id }: { id: string }) {
  const [link, setLink] = useState<LinkState>({ status: 'checking' });
  const [attempt, setAttempt] = useState(0);
  // The password is set; with two-factor on, the sign-in that follows asks for the code here.
  const secondFactor = useIsAwaitingSecondFactor();

  useEffect(() => {
    const controller = new AbortController();
    checkRestoreLink(id, controller.signal).then(
      () => setLink({ status: 'valid' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const info = toErrorInfo(error);
        setLink(info.status === 404 ? { status: 'dead' } : { status: 'failed', error: info });
      },
    );
    return () => controller.abort('unmounted');
  }, [id, attempt]);

  const retry = useCallback(() => {
    setLink({ status: 'checking' });
    setAttempt((n) => n + 1);
  }, []);

  if (secondFactor)
    return (
      <AuthLayout>
        <SecondFactorStep />
      </AuthLayout>
    );
  return (
    <AuthLayout>
      {link.status === 'checking' && (
        <LoadingRegion label={tp.changePassword.checking}>
          <div className={s.stateBox}>
            <Skeleton width="60%" height={36} />
            <Skeleton height={18} />
            <Skeleton width="80%" height={18} />
            <Skeleton height={44} radius={8} />
            <Skeleton height={44} radius={8} />
            <Skeleton height={48} radius={8} />
          </div>
        </LoadingRegion>
      )}
      {link.status === 'valid' && <NewPasswordForm id={id} onDead={() => setLink({ status: 'dead' })} />}
      {link.status === 'dead' && <DeadLink />}
      {link.status === 'failed' && (
        <div className={s.stateBox}>
          <AuthHeading icon="alertCircle" tone="danger" title={tp.changePassword.failedTitle} focus />
          <Alert tone="danger" live="alert">
            {link.error.message}
          </Alert>
          <Button size="lg" block onClick={retry}>
            {tp.changePassword.retry}
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}

function DeadLink() {
  return (
    <div className={s.stateBox}>
      <AuthHeading
        icon="clock"
        tone="danger"
        title={tp.changePassword.deadTitle}
        lead={tp.changePassword.deadText}
        focus
      />
      <div className={s.actions}>
        <ButtonLink to="/restore" size="lg" block>
          {tp.changePassword.requestNew}
        </ButtonLink>
        <ButtonLink to="/login" variant="ghost" block>
          {t.backToLogin}
        </ButtonLink>
      </div>
    </div>
  );
}

function NewPasswordForm({ id, onDead }: { id: string; onDead: () => void }) {
  const sendToSession = useSendToSession();
  const sessionBusy = useSessionBusy();
  const form = useForm({
    initial: { password: '', password_confirm: '' },
    schema: 'SetPasswordRequest',
    toRequest: (v) => ({ password: v.password, password_confirm: v.password_confirm }),
    submit: (body) => setNewPassword(id, body),
    onDone: (answer) =>
      sendToSession(
        'ticket' in answer
          ? { type: 'session.secondFactor.required', ticket: answer.ticket }
          : { type: 'session.authenticated', access: answer.access, expires_in: answer.expires_in },
      ),
  });
  const busy = form.busy || (form.done && sessionBusy);
  const linkDied = form.failure?.status === 404;

  useEffect(() => {
    // The link died between opening the page and saving (used elsewhere, or the hour ran out).
    if (linkDied) onDead();
  }, [linkDied, onDead]);

  return (
    <>
      <AuthHeading icon="key" title={tp.changePassword.title} lead={tp.changePassword.lead} />
      <form {...form.props} className={s.form} aria-busy={busy || undefined}>
        <FormErrorSummary detail={form.detail} focusOnShow={false} />
        <PasswordField
          label={tp.changePassword.password}
          hint={tp.registration.passwordHint}
          autoComplete="new-password"
          autoFocus
          {...form.text('password')}
        />
        <PasswordField
          label={tp.changePassword.confirm}
          autoComplete="new-password"
          {...form.text('password_confirm')}
        />
        <div className={s.actions}>
          <Button type="submit" size="lg" block loading={busy}>
            {tp.changePassword.submit}
          </Button>
        </div>
      </form>
    </>
  );
}
