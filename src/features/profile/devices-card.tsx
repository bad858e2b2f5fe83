// Профиль → Устройства и сеансы (lazy): the customer's live sign-ins; end another one, or all the others after a
// confirmation. The tab of an ended session lands on /login saying so (the socket closes; src/actors/realtime.ts).
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { devicesMachine } from '../../../machines/devices/devices.machine';
import {
  selectEndingId,
  selectError,
  selectIsBusy,
  selectIsConfirming,
  selectIsEndingOthers,
  selectNotice,
  selectSessions,
  selectView,
} from '../../../machines/devices/devices.selectors';
import type { DeviceSession } from '../../../contract/auth.api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Badge } from '../../ui/primitives';
import { formatDateTime } from '../../lib/dates';
import { endOtherSessions, endSession, fetchSessions } from './devices-api';
import { devicesText as t, sessionName } from './devices-strings';
import { DevicesSkeleton } from './devices-section';
import * as d from './devices.css';
import { text } from '../../ui/layout.css';
import { CardLoadFailed, ProfileCard } from './profile-card';

const actors = {
  loadSessions: fromPromise<DeviceSession[], void>(() => fetchSessions()),
  endSession: fromPromise(({ input }: { input: { id: string } }) => endSession(input.id)),
  endOthers: fromPromise<{ detail: string; ended: number }, void>(() => endOtherSessions()),
};

type Actor = ReturnType<typeof useActorRef<typeof devicesMachine>>;

export function DevicesCard() {
  const actor = useActorRef(devicesMachine.provide({ actors }));
  const view = useSelector(actor, selectView);
  const error = useSelector(actor, selectError);
  return (
    <ProfileCard titleId="profile-devices-title" title={t.title} lead={t.lead} testId="devices">
      {view === 'loading' && <DevicesSkeleton />}
      {view === 'failed' && (
        <CardLoadFailed
          title={t.loadFailed}
          retry={t.retry}
          onRetry={() => actor.send({ type: 'devices.retry' })}
        >
          {error?.message}
        </CardLoadFailed>
      )}
      {view === 'ready' && <SessionList actor={actor} />}
    </ProfileCard>
  );
}

function SessionList({ actor }: { actor: Actor }) {
  const sessions = useSelector(actor, selectSessions);
  const endingId = useSelector(actor, selectEndingId);
  const busy = useSelector(actor, selectIsBusy);
  const endingOthers = useSelector(actor, selectIsEndingOthers);
  const confirming = useSelector(actor, selectIsConfirming);
  const notice = useSelector(actor, selectNotice);
  const error = useSelector(actor, selectError);
  const others = sessions.filter((x) => !x.current);
  return (
    <>
      <ul className={d.list}>
        {sessions.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            ending={endingId === session.id}
            disabled={busy}
            onEnd={() => actor.send({ type: 'devices.end', id: session.id })}
          />
        ))}
      </ul>
      {others.length === 0 && <p className={d.empty}>{t.noOthers}</p>}
      <div className={d.footer}>
        {others.length > 0 && (
          <Button
            variant="secondary"
            loading={endingOthers}
            disabled={busy && !endingOthers}
            onClick={() => actor.send({ type: 'devices.endOthers' })}
          >
            {t.endOthers}
          </Button>
        )}
        {/* One polite region for both outcomes, so a screen reader hears what the click did. */}
        <div role="status" aria-live="polite">
          {notice && <Alert tone="success">{notice}</Alert>}
        </div>
        {error && (
          <Alert tone="danger" live="alert">
            {error.message}
          </Alert>
        )}
      </div>
      <Dialog
        open={confirming}
        onClose={() => actor.send({ type: 'devices.cancel' })}
        title={t.confirmTitle}
        actions={
          <>
            <Button variant="secondary" onClick={() => actor.send({ type: 'devices.cancel' })} data-autofocus>
              {t.cancel}
            </Button>
            <Button variant="danger" onClick={() => actor.send({ type: 'devices.confirm' })}>
              {t.confirm}
            </Button>
          </>
        }
      >
        {t.confirmText}
      </Dialog>
    </>
  );
}

function SessionItem({
  session,
  ending,
  disabled,
  onEnd,
}: {
  session: DeviceSession;
  ending: boolean;
  disabled: boolean;
  onEnd: () => void;
}) {
  const name = sessionName(session);
  const since = formatDateTime(session.created_at);
  const meta = [t.device(session.device), session.ip && t.ip(session.ip)].filter(Boolean).join(' · ');
  return (
    <li className={d.item} data-testid="device-session" data-current={session.current || undefined}>
      <div className={d.info}>
        <span className={d.name}>
          {name}
          {session.current && <Badge tone="success">{t.current}</Badge>}
        </span>
        <span className={text.muted}>{meta}</span>
        <span className={text.muted}>
          {t.since(since)} ·{' '}
          {session.current ? t.activeNow : t.lastUsed(formatDateTime(session.last_used_at))}
        </span>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          loading={ending}
          disabled={disabled && !ending}
          aria-label={t.endLabel(name, since)}
          onClick={onEnd}
        >
          {t.end}
        </Button>
      )}
    </li>
  );
}
