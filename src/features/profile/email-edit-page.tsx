// /email-edit: request the change → "we sent a link to …" → the link (?confirm=…) confirms and shows the result.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { emailChangeMachine } from '../../../machines/email-change/email-change.machine';
import {
  selectConfirmedEmail,
  selectEmail,
  selectError,
  selectIsCancelling,
  selectIsRequesting,
  selectPending,
  selectView,
} from '../../../machines/email-change/email-change.selectors';
import type { EmailChangeState } from '../../../machines/email-change/email-change.types';
import { formatMoment } from '../../../contract/moscow-time';
import { EMAIL_CHANGE_MESSAGES } from '../../../contract/profile';
import { useFlowForm } from '../../actors/use-flow-form';
import { Alert, FormErrorSummary } from '../../ui/alert';
import { useAppActors } from '../../actors/app-actors';
import { Button, ButtonLink } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Card, EmptyState, LoadingRegion, PageHeader, Skeleton, Spinner } from '../../ui/primitives';
import { cancelEmailChange, confirmEmailChange, fetchEmailChangeStatus, requestEmailChange } from './api';
import * as s from './profile.css';
import { cluster, stack, text } from '../../ui/layout.css';
import { t } from './strings';
import { toEmailChangeState } from './values';
import { EndOtherSessionsOffer } from './end-others-offer';

const actors = {
  loadStatus: fromPromise<EmailChangeState, void>(async () =>
    toEmailChangeState(await fetchEmailChangeStatus()),
  ),
  requestChange: fromPromise<EmailChangeState, { email: string }>(async ({ input }) =>
    toEmailChangeState(await requestEmailChange(input.email)),
  ),
  cancelChange: fromPromise<EmailChangeState, void>(async () =>
    toEmailChangeState(await cancelEmailChange()),
  ),
  confirmChange: fromPromise<{ email: string }, { token: string }>(({ input }) =>
    confirmEmailChange(input.token),
  ),
};

type Actor = ReturnType<typeof useActorRef<typeof emailChangeMachine>>;

export function EmailEditPage({ confirmToken }: { confirmToken?: string | undefined }) {
  const actor = useActorRef(emailChangeMachine.provide({ actors }), {
    input: { confirmToken: confirmToken ?? null },
  });
  const view = useSelector(actor, selectView);
  const navigate = useNavigate();

  // The token is single-use: once it has been tried, drop it from the address (a reload must not try it again).
  useEffect(() => {
    if (confirmToken && view !== 'confirming')
      void navigate({ to: '/email-edit', search: {}, replace: true });
  }, [confirmToken, view, navigate]);

  return (
    <div className={`${stack[5]} ${s.narrow}`}>
      <PageHeader title={t.email.title} description={t.email.lead} />
      {view === 'loading' && <FormSkeleton />}
      {view === 'loadFailed' && (
        <EmptyState
          icon="alertCircle"
          tone="danger"
          title={t.email.loadFailed}
          titleAs="h2"
          actions={<Button onClick={() => actor.send({ type: 'emailChange.retry' })}>{t.email.retry}</Button>}
        />
      )}
      {view === 'form' && <RequestForm actor={actor} />}
      {view === 'pending' && <PendingCard actor={actor} />}
      {view === 'confirming' && (
        <Card>
          <p className={cluster[2]}>
            <Spinner label={t.email.confirming} />
            <span aria-hidden="true">{t.email.confirming}</span>
          </p>
        </Card>
      )}
      {view === 'confirmed' && <Confirmed actor={actor} />}
      {view === 'confirmed' && <EndOtherSessionsOffer />}
      {view === 'confirmFailed' && <ConfirmFailed actor={actor} />}
    </div>
  );
}

function FormSkeleton() {
  return (
    <LoadingRegion>
      <Card>
        <div className={stack[4]}>
          <Skeleton width="50%" />
          <Skeleton height={44} radius={8} />
          <Skeleton width={160} height={40} radius={8} />
        </div>
      </Card>
    </LoadingRegion>
  );
}

function RequestForm({ actor }: { actor: Actor }) {
  const current = useSelector(actor, selectEmail);
  const error = useSelector(actor, selectError);
  const form = useFlowForm({
    initial: { email: '' },
    schema: 'EmailChangeRequestBody',
    // An empty field is left out: the contract then says 'Обязательное поле.'
    toRequest: (v) => ({ email: (v.email.trim() || undefined) as string }),
    // The address in force: the server would refuse it with these words, the form says them without asking.
    refine: (r): Record<string, string[]> =>
      current && r.email?.toLowerCase() === current.toLowerCase()
        ? { email: [EMAIL_CHANGE_MESSAGES.sameEmail] }
        : {},
    send: (r) => actor.send({ type: 'emailChange.request', email: r.email }),
    busy: useSelector(actor, selectIsRequesting),
    error,
  });
  // The limit and any other refusal hide once the address is edited or sent again, like the field's message.
  const tooMany = form.refusalStands && error?.status === 429;
  const detail = form.refusalStands && !tooMany ? form.detail : null;

  return (
    <Card>
      <form {...form.props} className={stack[4]}>
        {current && (
          <p className={text.muted}>
            {t.email.current}: <strong>{current}</strong>
          </p>
        )}
        {tooMany && (
          <Alert tone="warning" live="alert" title={t.email.tooManyTitle}>
            {t.email.tooMany(error?.retryAfter)}
          </Alert>
        )}
        <FormErrorSummary detail={detail} focusOnShow={false} />
        <TextField
          id="email-new"
          label={t.email.newEmail}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.text('email')}
        />
        <div className={s.footer}>
          <Button type="submit" loading={form.busy}>
            {t.email.submit}
          </Button>
          <ButtonLink to="/profile" variant="ghost">
            {t.email.toProfile}
          </ButtonLink>
        </div>
      </form>
    </Card>
  );
}

function PendingCard({ actor }: { actor: Actor }) {
  const pending = useSelector(actor, selectPending);
  const error = useSelector(actor, selectError);
  const requesting = useSelector(actor, selectIsRequesting);
  const cancelling = useSelector(actor, selectIsCancelling);
  // "Another address" is open for the link it would replace: a new link closes it, a refusal keeps what was typed.
  const [otherFor, setOtherFor] = useState<typeof pending>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // The screen changed under the customer's feet: tell them where they are.
  useEffect(() => heading.current?.focus(), []);

  if (!pending) return null;
  if (otherFor === pending) return <RequestForm actor={actor} />;
  return (
    <Card as="section" aria-labelledby="email-pending-title">
      <div className={stack[4]}>
        <h2 id="email-pending-title" ref={heading} tabIndex={-1} className={text.title}>
          {t.email.pendingTitle}
        </h2>
        <Alert tone="info" live="status">
          <p>{t.email.pendingText(pending.newEmail)}</p>
          <p>{t.email.pendingUntil(formatMoment(pending.expiresAt))}</p>
        </Alert>
        <p className={text.muted}>{t.email.pendingNote}</p>
        {error && (
          <Alert tone={error.status === 429 ? 'warning' : 'danger'} live="alert">
            {error.status === 429 ? t.email.tooMany(error.retryAfter) : error.message}
          </Alert>
        )}
        <div className={cluster[2]}>
          <Button variant="secondary" onClick={() => actor.send({ type: 'emailChange.refresh' })}>
            {t.email.checkAgain}
          </Button>
          <Button
            variant="secondary"
            loading={requesting}
            onClick={() => actor.send({ type: 'emailChange.request', email: pending.newEmail })}
          >
            {t.email.resend}
          </Button>
          <Button variant="ghost" onClick={() => setOtherFor(pending)}>
            {t.email.otherAddress}
          </Button>
          <Button
            variant="ghost"
            loading={cancelling}
            onClick={() => actor.send({ type: 'emailChange.cancel' })}
          >
            {t.email.cancel}
          </Button>
        </div>
      </div>
    </Card>
  );
}

function Confirmed({ actor }: { actor: Actor }) {
  const email = useSelector(actor, selectConfirmedEmail) ?? '';
  const { session } = useAppActors();
  useEffect(() => {
    if (email) session.send({ type: 'session.userChanged', email });
  }, [email, session]);
  return (
    <EmptyState
      icon="checkCircle"
      tone="success"
      title={t.email.confirmedTitle}
      actions={<ButtonLink to="/profile">{t.email.toProfile}</ButtonLink>}
    >
      <span role="status">{t.email.confirmedText(email)}</span>
    </EmptyState>
  );
}

function ConfirmFailed({ actor }: { actor: Actor }) {
  const error = useSelector(actor, selectError);
  return (
    <EmptyState
      icon="alertCircle"
      tone="danger"
      title={t.email.confirmFailedTitle}
      actions={
        <>
          <Button onClick={() => actor.send({ type: 'emailChange.restart' })}>{t.email.requestAgain}</Button>
          <ButtonLink to="/profile" variant="secondary">
            {t.email.toProfile}
          </ButtonLink>
        </>
      }
    >
      <span role="alert">{error?.message}</span>
    </EmptyState>
  );
}
