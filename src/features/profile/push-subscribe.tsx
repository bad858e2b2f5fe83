// Web Push in the notifications group: subscribe this browser, and the browsers that get the pushes (each removable).
import { useCallback, useEffect, useState } from 'react';
import type { PushSubscriptions } from '../../../contract/profile.api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { stack, text } from '../../ui/layout.css';
import { fetchPush, pushSupported, removePush, subscribeThisBrowser } from './push-api';
import { t } from './strings';

type Status = 'loading' | 'ready' | 'working' | 'failed';

export function PushSubscribe() {
  const [data, setData] = useState<PushSubscriptions | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [notice, setNotice] = useState<string | null>(null);
  const supported = pushSupported();

  const settle = useCallback((answer: Promise<PushSubscriptions>, live: () => boolean = () => true) => {
    answer.then(
      (d) => {
        if (!live()) return;
        setData(d);
        setStatus('ready');
      },
      () => live() && setStatus('failed'),
    );
  }, []);
  useEffect(() => {
    let live = true;
    settle(fetchPush(), () => live);
    return () => {
      live = false;
    };
  }, [settle]);
  const load = () => {
    setStatus('loading');
    settle(fetchPush());
  };

  async function act(work: () => Promise<PushSubscriptions | 'denied'>) {
    setStatus('working');
    setNotice(null);
    try {
      const answer = await work();
      if (answer === 'denied') setNotice(t.push.denied);
      else setData(answer);
      setStatus('ready');
    } catch {
      setNotice(t.push.failed);
      setStatus('ready');
    }
  }

  return (
    <div className={stack[3]}>
      <p className={text.muted}>{supported ? t.push.lead : t.push.unsupported}</p>
      {status === 'failed' && (
        <Alert tone="danger" title={t.push.loadFailed}>
          <Button variant="secondary" size="sm" onClick={load}>
            {t.push.retry}
          </Button>
        </Alert>
      )}
      {notice && <Alert tone="danger">{notice}</Alert>}
      {supported && data && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={status === 'working'}
            onClick={() =>
              void act(async () =>
                (await subscribeThisBrowser(data.public_key)) === 'denied' ? 'denied' : fetchPush(),
              )
            }
          >
            {t.push.subscribe}
          </Button>
        </div>
      )}
      {data && data.results.length > 0 && (
        <ul className={stack[2]} aria-label={t.push.listLabel}>
          {data.results.map((s) => (
            <li key={s.id}>
              <span>{s.user_agent || t.push.unknownBrowser}</span>{' '}
              <Button
                variant="ghost"
                size="sm"
                disabled={status === 'working'}
                onClick={() => void act(() => removePush(s.id))}
              >
                {t.push.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
