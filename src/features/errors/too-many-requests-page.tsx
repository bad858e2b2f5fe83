import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/primitives';
import * as s from './errors.css';
import { StatusFrame } from './status-frame';
import { t } from './strings';

const noSubscription = () => () => {};
const hasHistory = () => window.history.length > 1;
const noHistory = () => false;

/**
 * /429: the server asked us to slow down (the client made a full navigation here). It counts down the server's
 * Retry-After (`waitSeconds`), then offers a retry that returns to the page the customer was on.
 */
export function TooManyRequestsPage({ waitSeconds }: { waitSeconds: number }) {
  // Read off the clock, not counted in ticks: a background tab's timers are slowed, its clock is not.
  const [deadline] = useState(() => Date.now() + waitSeconds * 1000);
  const [left, setLeft] = useState(waitSeconds);
  useEffect(() => {
    const timer = window.setInterval(() => {
      const rest = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(rest);
      if (rest === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  // Back where the 429 happened when there is such a page in this tab; else the start page.
  // Read after the first render: the build prerenders this page (src/prerender.tsx), which has no history, and the
  // page hydrates with what the build rendered before it follows this tab's history.
  const canGoBack = useSyncExternalStore(noSubscription, hasHistory, noHistory);

  return (
    <StatusFrame>
      <EmptyState
        icon="clock"
        tone="warning"
        titleAs="h1"
        title={
          <>
            <span className={s.code}>{t.tooMany.code}</span>
            <br />
            {t.tooMany.title}
          </>
        }
        actions={
          canGoBack ? (
            <Button
              size="lg"
              variant={left > 0 ? 'secondary' : 'primary'}
              disabled={left > 0}
              onClick={() => window.history.back()}
            >
              {left > 0 ? t.tooMany.wait(left) : t.tooMany.retry}
            </Button>
          ) : (
            <ButtonLink to="/" size="lg">
              {t.tooMany.home}
            </ButtonLink>
          )
        }
      >
        {t.tooMany.text}
      </EmptyState>
    </StatusFrame>
  );
}
