// Route name PaymentsPayOut (/payments/pay-out): the SMS verification of repayments the withdraw guard sends an
// unverified customer to. Beside the flow, what a withdrawal needs (the phone, the code, the sum, no bonus). The
// flow: request a code to the masked profile phone (or, without a phone, a way to the profile), type it, resend
// after the cooldown; once verified, on to /withdraw with the amount the customer started with.
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { Alert } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Icon } from '../../ui/icon';
import { Badge, Card, EmptyState, LoadingRegion, PageHeader, Skeleton } from '../../ui/primitives';
import { useFinances } from '../../actors/hooks';
import { useResource } from '../../actors/resource';
import { WITHDRAWAL_MIN_SUM } from '../../../contract/payments';
import type { VerificationDetails } from '../../../contract/payments.api';
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
import {
  checkVerificationCode,
  fetchVerificationDetails,
  fetchVerificationStatus,
  requestVerificationCode,
} from './api';
import { formatDayMonth } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import * as s from './payments.css';
import { cluster, stack, text } from '../../ui/layout.css';
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
  // The masked phone and the validity come with the full status answer; asked again once verified.
  const details = useResource(
    (_, signal) => fetchVerificationDetails('repayment', signal),
    view === 'verified' ? 'verified' : 'open',
  ).latest;
  const phone = details ? (details.phone ?? null) : undefined;

  useEffect(() => {
    if (view === 'verified')
      void navigate({ to: '/withdraw', search: withdrawSearch(amountInit), replace: true });
  }, [view, navigate, amountInit]);

  const step = view === 'verified' ? 3 : view === 'unverified' || view === 'checking' ? 1 : 2;

  return (
    <div className={s.page}>
      <PageHeader title={t.payOut.title} description={t.payOut.lead} />
      <div className={s.columns}>
        <Card as="section" aria-labelledby="pay-out-flow" className={stack[4]}>
          <div className={stack[1]}>
            <h2 id="pay-out-flow" className={text.title}>
              {t.payOut.flow}
            </h2>
            {amountInit !== undefined && (
              <p className={text.muted}>{t.payOut.amountInit(formatMoney(amountInit))}</p>
            )}
          </div>
          {view !== 'checkFailed' && <Steps current={step} />}
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
                <Button
                  variant="secondary"
                  onClick={() => verification.send({ type: 'verification.request' })}
                >
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
              {details?.verified_until &&
                ` ${t.payOut.verifiedUntil(formatDayMonth(details.verified_until))}`}
            </EmptyState>
          ) : view === 'unverified' ? (
            <RequestStep actor={verification} phone={phone} />
          ) : (
            <CodeStep actor={verification} phone={phone ?? null} />
          )}
        </Card>
        <Rules details={details} />
      </div>
    </div>
  );
}

/** 1 Получить код → 2 Ввести код → 3 Готово; the current one is marked for screen readers too. */
function Steps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className={s.steps} aria-label={t.payOut.stepsLabel}>
      {t.payOut.steps.map((label, i) => {
        const n = i + 1;
        const state = n < current ? 'done' : n === current ? 'current' : 'next';
        return (
          <li
            key={label}
            className={s.step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={s.stepDot} aria-hidden="true">
              {state === 'done' ? <Icon name="check" size={14} /> : n}
            </span>
            {label}
          </li>
        );
      })}
    </ol>
  );
}

/** What a withdrawal needs, each condition with where the customer stands. */
function Rules({ details }: { details: VerificationDetails | null }) {
  const finances = useFinances();
  const verified = details?.status === 'verified';
  return (
    <Card as="aside" aria-labelledby="pay-out-rules" className={stack[4]}>
      <h2 id="pay-out-rules" className={text.title}>
        {t.payOut.rulesTitle}
      </h2>
      <dl className={stack[4]} aria-label={t.payOut.rulesLabel}>
        <div className={stack[1]}>
          <dt className={s.ruleTitle}>{t.payOut.rulePhone}</dt>
          <dd className={text.muted}>
            {details === null ? (
              <Skeleton height="1.25rem" width="10rem" />
            ) : details.phone ? (
              <span className={s.phone}>{details.phone}</span>
            ) : (
              <Badge tone="warning">{t.payOut.rulePhoneNone}</Badge>
            )}
          </dd>
        </div>
        <div className={stack[1]}>
          <dt className={s.ruleTitle}>
            {t.payOut.ruleCode}{' '}
            {details && (
              <Badge tone={verified ? 'success' : 'neutral'}>
                {verified ? t.payOut.ruleCodeDone : t.payOut.ruleCodeTodo}
              </Badge>
            )}
          </dt>
          <dd className={text.muted}>{t.payOut.ruleCodeText}</dd>
        </div>
        <div className={stack[1]}>
          <dt className={s.ruleTitle}>{t.payOut.ruleSum}</dt>
          <dd className={text.muted}>
            {t.payOut.ruleSumText(formatMoney(WITHDRAWAL_MIN_SUM), formatMoney(finances?.money ?? 0))}
          </dd>
        </div>
        <div className={stack[1]}>
          <dt className={s.ruleTitle}>{t.payOut.ruleBonus}</dt>
          <dd className={text.muted}>{t.payOut.ruleBonusText}</dd>
        </div>
      </dl>
      <p className={text.muted}>{t.payOut.limits}</p>
    </Card>
  );
}

type VerificationRef = ReturnType<typeof useActorRef<typeof verificationMachine>>;

function RequestStep({ actor, phone }: { actor: VerificationRef; phone: string | null | undefined }) {
  const busy = useSelector(actor, selectIsRequesting);
  const error = useSelector(actor, selectError);
  if (phone === null)
    return (
      <Alert tone="warning" title={t.payOut.noPhoneTitle}>
        <p>{t.payOut.noPhoneText}</p>
        <div className={cluster[3]}>
          <ButtonLink to="/profile" variant="secondary">
            {t.payOut.toProfile}
          </ButtonLink>
        </div>
      </Alert>
    );
  return (
    <div className={stack[3]}>
      {phone && (
        <p>
          {t.payOut.requestText} <span className={s.phone}>{phone}</span>.
        </p>
      )}
      {error && (
        <Alert tone="danger" live="alert">
          {error.message}
        </Alert>
      )}
      <div className={cluster[3]}>
        <Button size="lg" loading={busy} onClick={() => actor.send({ type: 'verification.request' })}>
          {t.payOut.request}
        </Button>
      </div>
    </div>
  );
}

function CodeStep({ actor, phone }: { actor: VerificationRef; phone: string | null }) {
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
      className={stack[4]}
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
      <p role="status">
        {phone ? (
          <>
            {t.payOut.sentTo} <span className={s.phone}>{phone}</span>. {t.payOut.sentTtl}
          </>
        ) : (
          t.payOut.sent
        )}
      </p>
      <Link to="/profile" className={s.back}>
        {t.payOut.wrongPhone}
      </Link>
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
      <div className={cluster[3]}>
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
