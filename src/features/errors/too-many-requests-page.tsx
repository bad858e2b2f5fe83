import { useEffect, useState } from 'react';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/primitives';
import * as s from './errors.css';
import { StatusFrame } from './status-frame';
import { t } from './strings';

const WAIT_SECONDS = 20;

/**
 * /429: the server asked us to slow down (the client made a full navigation here). A short countdown, then a
 * retry that returns to the page the customer was on.
 */
export function TooManyRequestsPage() {
  const [left, setLeft] = useState(WAIT_SECONDS);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  // Back where the 429 happened when there is such a page in this tab; else the start page.
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;

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
