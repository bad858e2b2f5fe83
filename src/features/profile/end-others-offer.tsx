// After a confirmed e-mail change: the offer to end every other session, shown only when there are others.
import { useAction } from '../../actors/use-action';
import { useResource } from '../../actors/resource';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { endOtherSessions, fetchSessions } from './devices-api';
import { devicesText } from './devices-strings';
import { ProfileCard } from './profile-card';

const t = devicesText.offer;

export function EndOtherSessionsOffer() {
  // Without an answer there is simply no offer: the profile's devices section stays the way to do it.
  const sessions = useResource((_, signal) => fetchSessions(signal), 'sessions');
  const others = sessions.data?.filter((x) => !x.current).length ?? 0;
  const ending = useAction({ call: endOtherSessions });
  const done = ending.result?.detail ?? null;
  const error = ending.error ? ending.error.message || t.failed : null;

  if (!others && !done) return null;
  return (
    <ProfileCard titleId="end-others-title" title={t.title} lead={t.text}>
      <div role="status">{done && <Alert tone="success">{done}</Alert>}</div>
      {!done && (
        <Button variant="secondary" loading={ending.busy} onClick={() => ending.run()}>
          {t.action}
        </Button>
      )}
      {error && (
        <Alert tone="danger" live="alert">
          {error}
        </Alert>
      )}
    </ProfileCard>
  );
}
