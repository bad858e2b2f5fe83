import { useLocation } from '@tanstack/react-router';
import { useSendToSession, useSessionBusy, useSessionError } from '../../actors/hooks';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/primitives';
import * as s from './errors.css';
import { StatusFrame } from './status-frame';
import { t } from './strings';

/**
 * /404, and the Error route: with `reason=session` the session could not start (no answer from the server),
 * so instead of "not found" it says the cabinet did not load and offers a retry.
 */
export function NotFoundPage() {
  const reason = useLocation({ select: (l) => new URLSearchParams(l.searchStr).get('reason') });
  return <StatusFrame>{reason === 'session' ? <SessionFailed /> : <NotFound />}</StatusFrame>;
}

function NotFound() {
  return (
    <EmptyState
      icon="compass"
      tone="primary"
      titleAs="h1"
      title={
        <>
          <span className={s.code}>{t.notFound.code}</span>
          <br />
          {t.notFound.title}
        </>
      }
      actions={
        <ButtonLink to="/" size="lg">
          {t.notFound.home}
        </ButtonLink>
      }
    >
      {t.notFound.text}
    </EmptyState>
  );
}

function SessionFailed() {
  const sendToSession = useSendToSession();
  const busy = useSessionBusy();
  const error = useSessionError();
  return (
    <EmptyState
      icon="refresh"
      tone="warning"
      titleAs="h1"
      title={t.session.title}
      actions={
        <Button size="lg" loading={busy} onClick={() => sendToSession({ type: 'session.retry' })}>
          {busy ? t.session.retrying : t.session.retry}
        </Button>
      }
    >
      <p>{t.session.text}</p>
      {error?.message && <p className={s.detail}>{t.session.reason(error.message)}</p>}
    </EmptyState>
  );
}
