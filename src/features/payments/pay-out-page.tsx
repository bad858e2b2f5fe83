// Route name PaymentsPayOut (/payments/pay-out): the SMS verification of repayments the withdraw guard sends an
// unverified customer to. Request a code, type it, resend after the cooldown; once verified, on to /withdraw with
// the amount the customer started with.
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { Alert } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Card, EmptyState, LoadingRegion, PageHeader, Skeleton } from '../../ui/primitives';
import { verificationMachine } from '../../../machines/verification/verification.machine';
import {
  selectCanResend,
  selectError,
  selectIsRequesting,
  selectIsVerifying,
  selectResendDelayMs,
  selectSends,
  selectView,
} from '../../../machines/verification/verification.selectors';
import { checkVerificationCode, fetchVerificationStatus, requestVerificationCode } from './api';
import * as s from './payments.css';
import { t } from './strings';

const withdrawSearch = (amountInit?: number) => (amountInit !== undefined ? { amountInit } : {});

export function PayOutPage({ amountInit }: { amountInit?: number }) {
  const navigate = useNavigate();
  const verification = useActorRef(
    verificationMachine.provide({
      actors: {
        loadStatus: fromPromise(({ input }) => fetchVerificationStatus(input.kind)),
        requestCode: fromPromise(({ input }) => requestVerificationCode(input.kind)),
        checkCode: fromPromise(({ input }) => checkVerificationCode(input.kind, input.code)),
      },
    }),
    { input: { kind: 'repayment' } },
  );
  const view = useSelector(verification, selectView);
  const error = useSelector(verification, selectError);

  useEffect(() => {
    if (view === 'verified')
      void navigate({ to: '/withdraw', search: withdrawSearch(amountInit), replace: true });
  }, [view, navigate, amountInit]);

  return (
    <div className={s.page}>
      <PageHeader title={t.payOut.title} description={t.payOut.lead} />
      <Card as="section" aria-label={t.payOut.title}>
        {view === 'checking' ? (
          <LoadingRegion label={t.payOut.checking}>
            <Skeleton height="48px" width="16rem" />
          </LoadingRegion>
        ) : view === 'checkFailed' ? (
          <EmptyState
            icon="alertCircle"
            tone="danger"
            title={t.loadFailed}
            actions={
              <Button variant="secondary" onClick={() => verification.send({ type: 'verification.request' })}>
                {t.retry}
              </Button>
            }
          >
            <span role="alert">{error?.message}</span>
          </EmptyState>
        ) : view === 'verified' ? (
          <EmptyState
            icon="checkCircle"
            tone="success"
            title={t.payOut.verifiedTitle}
            actions={
              <ButtonLink to="/withdraw" search={withdrawSearch(amountInit)}>
                {t.payOut.continue}
              </ButtonLink>
            }
          >
            {t.payOut.verifiedText}
          </EmptyState>
        ) : view === 'unverified' ? (
          <RequestStep actor={verification} />
        ) : (
          <CodeStep actor={verification} />
        )}
      </Card>
    </div>
  );
}

type VerificationRef = ReturnType<typeof useActorRef<typeof verificationMachine>>;

function RequestStep({ actor }: { actor: VerificationRef }) {
  const busy = useSelector(actor, selectIsRequesting);
  const error = useSelector(actor, selectError);
  return (
    <div className={s.codeRow}>
      {error && (
        <Alert tone="danger" live="alert">
          {error.message}
        </Alert>
      )}
      <div className={s.buttons}>
        <Button size="lg" loading={busy} onClick={() => actor.send({ type: 'verification.request' })}>
          {t.payOut.request}
        </Button>
      </div>
    </div>
  );
}

function CodeStep({ actor }: { actor: VerificationRef }) {
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const verifying = useSelector(actor, selectIsVerifying);
  const requesting = useSelector(actor, selectIsRequesting);
  const canResend = useSelector(actor, selectCanResend);
  const error = useSelector(actor, selectError);
  const codeError = error?.fields?.code ?? (error?.status === 400 ? error.message : null);
  const otherError = error && !codeError ? error.message : null;
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (codeError) input.current?.focus();
  }, [codeError]);

  return (
    <form
      className={s.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (verifying) return;
        const clean = code.replace(/\D/g, '');
        if (clean.length !== 6) {
          setLocalError(t.payOut.codeInvalid);
          input.current?.focus();
          return;
        }
        setLocalError(null);
        actor.send({ type: 'verification.submit', code: clean });
      }}
    >
      <p role="status">{t.payOut.sent}</p>
      {otherError && (
        <Alert tone="warning" live="alert">
          {otherError}
        </Alert>
      )}
      <TextField
        ref={input}
        label={t.payOut.code}
        hint={t.payOut.codeHint}
        inputClassName={s.codeInput}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={localError ?? codeError}
      />
      <div className={s.buttons}>
        <Button type="submit" size="lg" loading={verifying}>
          {t.payOut.confirm}
        </Button>
        <ResendButton actor={actor} canResend={canResend} busy={requesting} />
      </div>
    </form>
  );
}

/** The resend button with its countdown (60 s after a send, or the server's Retry-After). */
function ResendButton({
  actor,
  canResend,
  busy,
}: {
  actor: VerificationRef;
  canResend: boolean;
  busy: boolean;
}) {
  const delayMs = useSelector(actor, selectResendDelayMs);
  const sends = useSelector(actor, selectSends);
  return (
    <Button
      variant="ghost"
      disabled={!canResend && !busy}
      loading={busy}
      onClick={() => actor.send({ type: 'verification.request' })}
    >
      {/* A new send restarts the countdown: a new key mounts a fresh one. */}
      {canResend || busy ? t.payOut.resend : <Countdown key={sends} seconds={Math.ceil(delayMs / 1000)} />}
    </Button>
  );
}

function Countdown({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  return <>{t.payOut.resendIn(left)}</>;
}
