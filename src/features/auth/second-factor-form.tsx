// The two-factor step of sign-in (lazy: only a customer with two-factor on ever sees it, so /login's first visit
// does not carry it). The session machine holds the ticket; this form sends the code.
import { useState } from 'react';
import { useSendToSession, useSessionBusy, useSessionError } from '../../actors/hooks';
import { useFlowForm } from '../../actors/use-flow-form';
import { FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { AuthHeading } from './auth-layout';
import * as s from './auth.css';
import { secondFactorText as t } from './second-factor-strings';

export function SecondFactorForm() {
  const sendToSession = useSendToSession();
  const busy = useSessionBusy();
  const [recovery, setRecovery] = useState(false);
  const form = useFlowForm({
    initial: { code: '' },
    schema: 'VerifyCodeRequest',
    // The ticket travels in the session machine; the schema checks the code's form only.
    toRequest: (v) => ({ ticket: 'held-by-the-session', code: v.code.trim() }),
    send: (r) => sendToSession({ type: 'session.secondFactor.verify', code: r.code }),
    busy,
    error: useSessionError(),
  });
  const code = form.text('code');

  return (
    <>
      <AuthHeading icon="key" title={t.title} lead={recovery ? t.leadRecovery : t.lead} />
      <form {...form.props} className={s.form} data-testid="second-factor-form">
        <FormErrorSummary detail={form.detail} focusOnShow={false} />
        {recovery ? (
          <TextField
            key="recovery"
            label={t.recovery}
            hint={t.recoveryHint}
            inputClassName={s.codeInput}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            autoFocus
            {...code}
          />
        ) : (
          <TextField
            key="app"
            label={t.code}
            hint={t.codeHint}
            inputClassName={s.codeInput}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            autoFocus
            {...code}
            onChange={(e) => form.set('code', e.target.value.replace(/\D/g, ''))}
          />
        )}
        <div className={s.actions}>
          <Button type="submit" size="lg" block loading={form.busy}>
            {t.submit}
          </Button>
          <div className={s.linkRow}>
            <button
              type="button"
              className={s.linkButton}
              onClick={() => {
                form.set('code', '');
                setRecovery((r) => !r);
              }}
            >
              {recovery ? t.useApp : t.useRecovery}
            </button>
            <button
              type="button"
              className={s.linkButton}
              disabled={busy}
              onClick={() => sendToSession({ type: 'session.secondFactor.cancel' })}
            >
              {t.back}
            </button>
          </div>
          <p className={s.sentNote}>{t.lostBoth}</p>
        </div>
      </form>
    </>
  );
}
