import { useSendToSession, useSessionBusy } from '../../actors/hooks';
import { useForm } from '../../actors/use-form';
import { FormErrorSummary } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { TextField } from '../../ui/field';
import { socialEmailAuth } from './api';
import { AuthHeading, AuthLayout } from './auth-layout';
import * as s from './auth.css';
import { tp } from './page-strings';

/** /socials-email-auth?token=…: the social network gave no e-mail; the customer adds one and is signed in. */
export function SocialsEmailAuthPage({ token }: { token: string }) {
  const sendToSession = useSendToSession();
  const sessionBusy = useSessionBusy();
  const form = useForm({
    initial: { email: '' },
    schema: 'SocialEmailRequest',
    toRequest: (v) => ({ token, email: v.email.trim() }),
    submit: (body) => socialEmailAuth(body),
    onDone: (tokens) =>
      sendToSession({ type: 'session.authenticated', access: tokens.access, expires_in: tokens.expires_in }),
  });
  const failed = form.failure;
  const busy = form.busy || (form.done && sessionBusy);
  // 400 { detail } (not { email }) means the social token is dead: only a new social sign-in helps.
  const tokenDead = failed !== null && failed.status === 400 && !failed.fields?.email;

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
      <form {...form.props} className={s.form} aria-busy={busy || undefined}>
        <FormErrorSummary detail={form.detail} focusOnShow={false} />
        <TextField
          label={tp.socialEmail.email}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          {...form.text('email')}
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
