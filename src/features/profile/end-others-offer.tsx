// After a confirmed e-mail change: the offer to end every other session, shown only when there are others.
import { useEffect, useState } from 'react';
import { toErrorInfo } from '../../../machines/shared/error-info';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/primitives';
import { endOtherSessions, fetchSessions } from './devices-api';
import { devicesText } from './devices-strings';
import * as s from './profile.css';
import { text } from '../../ui/layout.css';

const t = devicesText.offer;

export function EndOtherSessionsOffer() {
  const [others, setOthers] = useState(0);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    // Without an answer there is simply no offer: the profile's devices section stays the way to do it.
    fetchSessions().then(
      (sessions) => live && setOthers(sessions.filter((x) => !x.current).length),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  if (!others && !done) return null;
  const end = async () => {
    setBusy(true);
    setError(null);
    try {
      setDone((await endOtherSessions()).detail);
    } catch (e) {
      setError(toErrorInfo(e).message || t.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card as="section" aria-labelledby="end-others-title">
      <div className={s.cardHead}>
        <h2 id="end-others-title" className={text.title}>
          {t.title}
        </h2>
        <p className={s.cardLead}>{t.text}</p>
      </div>
      <div role="status">{done && <Alert tone="success">{done}</Alert>}</div>
      {!done && (
        <Button variant="secondary" loading={busy} onClick={() => void end()}>
          {t.action}
        </Button>
      )}
      {error && (
        <Alert tone="danger" live="alert">
          {error}
        </Alert>
      )}
    </Card>
  );
}
