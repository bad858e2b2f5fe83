// The two-factor section of /profile, loaded only when the profile shows (its own chunk, never the /login visit).
import { lazy, Suspense } from 'react';
import { Card, LoadingRegion, Skeleton } from '../../ui/primitives';
import { twoFactorText as t } from './two-factor-strings';
import * as s from './profile.css';
import { text } from '../../ui/layout.css';

const TwoFactorCard = lazy(() => import('./two-factor-card').then((m) => ({ default: m.TwoFactorCard })));

export function TwoFactorSection() {
  return (
    <Suspense
      fallback={
        <Card>
          <div className={s.cardHead}>
            <h2 className={text.title}>{t.title}</h2>
          </div>
          <LoadingRegion label={t.loading}>
            <Skeleton width="60%" />
          </LoadingRegion>
        </Card>
      }
    >
      <TwoFactorCard />
    </Suspense>
  );
}
