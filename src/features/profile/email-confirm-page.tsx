// /email-confirm?token=…: the e-mail change's link opened while signed out. The single-use token is the proof that
// the customer reads the new mailbox, so it confirms without a sign-in; then /login says so and asks to sign in
// (a link may have been forwarded: it confirms an address, it never opens a session). A dead link says why.
import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { emailChangeMachine } from '../../../machines/email-change/email-change.machine';
import { selectError, selectView } from '../../../machines/email-change/email-change.selectors';
import { EMAIL_CHANGE_MESSAGES } from '../../../contract/profile';
import { useAppActors } from '../../actors/app-actors';
import { useIsDarkTheme } from '../../actors/hooks';
import { Logo, ThemeToggle } from '../../ui/brand';
import { PublicLayout } from '../../ui/public-layout';
import { ButtonLink } from '../../ui/button';
import { EmptyState, Spinner } from '../../ui/primitives';
import { confirmEmailChange } from './api';
import { cluster } from '../../ui/layout.css';
import { t } from './strings';

const actors = {
  confirmChange: fromPromise<{ email: string }, { token: string }>(({ input }) =>
    confirmEmailChange(input.token),
  ),
};

export function EmailConfirmPage({ token }: { token: string }) {
  const actor = useActorRef(emailChangeMachine.provide({ actors }), { input: { confirmToken: token } });
  const view = useSelector(actor, selectView);
  const error = useSelector(actor, selectError);
  const navigate = useNavigate();
  const { theme } = useAppActors();
  const isDark = useIsDarkTheme();

  // Confirmed: to /login with the message (its msg dialog); the used token leaves the address either way.
  useEffect(() => {
    if (view === 'confirmed')
      void navigate({ to: '/login', search: { msg: EMAIL_CHANGE_MESSAGES.confirmedSignIn }, replace: true });
  }, [view, navigate]);

  return (
    <PublicLayout
      wide
      logo={<Logo label={t.emailConfirm.product} />}
      actions={
        <ThemeToggle
          isDark={isDark}
          label={t.emailConfirm.darkTheme}
          onToggle={() => theme.send({ type: 'theme.toggle' })}
        />
      }
    >
      {view === 'confirmFailed' ? (
        <EmptyState
          icon="alertCircle"
          tone="danger"
          titleAs="h1"
          title={t.emailConfirm.failedTitle}
          actions={
            <>
              <ButtonLink to="/login" size="lg">
                {t.emailConfirm.signIn}
              </ButtonLink>
              <ButtonLink to="/email-edit" size="lg" variant="secondary">
                {t.emailConfirm.requestAgain}
              </ButtonLink>
            </>
          }
        >
          <span role="alert">{error?.message}</span>
        </EmptyState>
      ) : (
        <h1 className={cluster[2]}>
          <Spinner label={t.emailConfirm.confirming} />
          <span aria-hidden="true">{t.emailConfirm.confirming}</span>
        </h1>
      )}
    </PublicLayout>
  );
}
